import { describe, expect, it } from "vitest";
import { leaseKey } from "../src/cluster/postgres";
import { PassLoop } from "../src/loop";
import { blockRanges } from "../src/settler/reader";
import { staleSettlements } from "../src/settler/pipeline";

describe("blockRanges", () => {
  it("covers from..head in chunks, none when the cursor is at the head", () => {
    expect(blockRanges(5, 4, 1000)).toEqual([]);
    expect(blockRanges(5, 5, 1000)).toEqual([[5, 5]]);
    expect(blockRanges(1, 2500, 1000)).toEqual([
      [1, 1000],
      [1001, 2000],
      [2001, 2500],
    ]);
  });
});

describe("staleSettlements", () => {
  const at = (ms: number) => new Date(ms);
  it("groups the stale sent bets by transaction, leaving out those awaited and those sent just now", () => {
    const sent = [
      { betId: "1", settleTxHash: "0xa", updatedAt: at(1_000) },
      { betId: "2", settleTxHash: "0xa", updatedAt: at(1_000) },
      { betId: "3", settleTxHash: "0xb", updatedAt: at(1_000) },
      { betId: "4", settleTxHash: "0xc", updatedAt: at(9_000) },
      { betId: "5", settleTxHash: null, updatedAt: at(1_000) },
    ];
    expect([...staleSettlements(sent, new Set(["0xb"]), 5_000)]).toEqual([["0xa", ["1", "2"]]]);
  });
});

describe("leaseKey", () => {
  it("gives each deployment schema its own non-negative int4 key", () => {
    const a = leaseKey("degen_31337_e7f1725e_c18d5da1");
    const b = leaseKey("degen_31337_e7f1725e_0aa0f1b2");
    expect(a).not.toBe(b);
    for (const key of [a, b]) expect(Number.isInteger(key) && key >= 0 && key < 2 ** 31).toBe(true);
    expect(leaseKey("degen_31337_e7f1725e_c18d5da1")).toBe(a);
  });
});

describe("PassLoop", () => {
  it("runs one pass at a time: callers during a pass share it and one more after it", async () => {
    let passes = 0;
    let release: () => void = () => undefined;
    const loop = new PassLoop(async () => {
      passes++;
      await new Promise<void>((resolve) => (release = resolve));
    }, 60_000);
    const first = loop.run();
    const second = loop.run();
    const third = loop.run();
    expect(passes).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(passes).toBe(2);
    release();
    await Promise.all([first, second, third]);
    expect(passes).toBe(2);
  });

  it("passes at once when started and when woken, and stops scheduling when stopped", async () => {
    let passes = 0;
    const loop = new PassLoop(async () => void passes++, 60_000);
    loop.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1);
    loop.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(2);
    await loop.stop();
    loop.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(2);
  });
});
