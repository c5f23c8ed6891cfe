import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeptRead } from "../src/chain/kept-read";

/** A read whose answers the test gives one by one. */
function controlledRead() {
  const pending: { resolve(value: number): void; reject(error: Error): void }[] = [];
  const read = vi.fn(() => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })));
  return { read, answer: (value: number) => pending.shift()!.resolve(value), fail: () => pending.shift()!.reject(new Error("node down")) };
}

describe("KeptRead", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("reads once within its time to live, then the first caller waits for a new read while the others get the value kept", async () => {
    const node = controlledRead();
    const kept = new KeptRead(node.read, 200);
    const first = kept.get();
    const alsoFirst = kept.get();
    node.answer(1);
    expect([await first, await alsoFirst]).toEqual([1, 1]);
    expect(await kept.get()).toBe(1);
    expect(node.read).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(201);
    const fresh = kept.get();
    // Asked while the new read is under way: the value kept, at once.
    expect(await kept.get()).toBe(1);
    node.answer(2);
    expect(await fresh).toBe(2);
    expect(await kept.get()).toBe(2);
    expect(node.read).toHaveBeenCalledTimes(2);
  });

  it("reads again after a failed read; while one runs the value kept is given, and the first read is waited for by all", async () => {
    const node = controlledRead();
    const kept = new KeptRead(node.read, 200);
    const first = kept.get();
    node.fail();
    await expect(first).rejects.toThrow("node down");
    const second = kept.get();
    node.answer(5);
    expect(await second).toBe(5);

    vi.advanceTimersByTime(201);
    const failed = kept.get();
    expect(await kept.get()).toBe(5);
    node.fail();
    await expect(failed).rejects.toThrow("node down");
    const next = kept.get();
    node.answer(6);
    expect(await next).toBe(6);
    expect(node.read).toHaveBeenCalledTimes(4);
  });
});
