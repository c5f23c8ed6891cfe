import { describe, expect, it } from "vitest";
import { blameRevert, RelayIsolation, separateIsolated } from "../src/sessions/relay-reverts";

const bet = (player: string, nonce = 0) => ({ player, nonce });

describe("blameRevert", () => {
  const reads = (failing: string[], acted: string[]) => ({
    failsAlone: async (b: { player: string }) => failing.includes(b.player),
    actedInBlock: async (players: readonly string[]) => new Set(players.filter((p) => acted.includes(p))),
  });

  it("blames a one-player transaction on its player without a look", async () => {
    const none = { failsAlone: () => Promise.reject(new Error("read")), actedInBlock: () => Promise.reject(new Error("read")) };
    expect(await blameRevert([bet("a")], none)).toEqual(new Set(["a"]));
  });

  it("blames the bets that fail alone; else those who acted in the revert's block; else nobody", async () => {
    const batch = [bet("a"), bet("b"), bet("c")];
    expect(await blameRevert(batch, reads(["b"], ["a"]))).toEqual(new Set(["b"]));
    expect(await blameRevert(batch, reads([], ["c"]))).toEqual(new Set(["c"]));
    expect(await blameRevert(batch, reads([], []))).toEqual(new Set());
  });
});

describe("isolation", () => {
  it("sends an isolated player's bet in a batch of its own, for the time set", () => {
    const isolation = new RelayIsolation(60_000);
    isolation.isolate(["b"], 1_000);
    const batches = [[bet("a"), bet("b")], [bet("c")]];
    expect(separateIsolated(batches, (p) => isolation.isolated(p, 2_000))).toEqual([[bet("a")], [bet("c")], [bet("b")]]);
    expect(separateIsolated(batches, (p) => isolation.isolated(p, 61_000))).toEqual(batches);
    expect(separateIsolated([[bet("b")]], () => true)).toEqual([[bet("b")]]);
  });
});
