// @vitest-environment node
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { LaneFundsReader } from "../web3/lane-funds";
import type { Contracts } from "../web3/contracts";

// What the player's one-click lanes hold, read with the vault: every lane once, then only those
// that can still hold anything (a lane with nothing and no bet open stays empty for good).
describe("reading the one-click lanes' funds", () => {
  it("reads every lane once, keeps those holding funds or a bet, and leaves the empty ones out from then on", async () => {
    const reads: number[] = [];
    const lanes: Record<number, [bigint, bigint, bigint, bigint]> = {
      1: [0n, 0n, 3n, 3n], // nothing, nothing open: empty for good
      2: [parseEther("12.5"), 0n, 5n, 5n],
      3: [0n, 0n, 7n, 6n], // nothing yet, a hand open: its payout lands in the lane
    };
    const contracts = {
      sessions: { lanesOf: async () => 3n },
      casino: {
        laneOf: async (_player: string, lane: number) => {
          reads.push(lane);
          const [degen, bnb, next, toResolve] = lanes[lane]!;
          return ["0x" + "77".repeat(32), (BigInt(lane) << 32n) | next, (BigInt(lane) << 32n) | toResolve, [degen, bnb]];
        },
      },
    } as unknown as Pick<Contracts, "casino" | "sessions">;
    const reader = new LaneFundsReader();
    expect(await reader.read(contracts, "0xplayer")).toEqual({ 2: { DEGEN: "12.5", BNB: "0.0" } });
    expect(reads).toEqual([1, 2, 3]);
    lanes[3] = [0n, parseEther("0.02"), 7n, 7n];
    expect(await reader.read(contracts, "0xplayer")).toEqual({ 2: { DEGEN: "12.5", BNB: "0.0" }, 3: { DEGEN: "0.0", BNB: "0.02" } });
    expect(reads).toEqual([1, 2, 3, 2, 3]);
  });
});
