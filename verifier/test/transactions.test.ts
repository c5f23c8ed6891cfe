import { describe, expect, it } from "vitest";
import type { BetCheck } from "../src/types";
import { Rpc, type Call } from "../src/rpc";
import { TransactionReader } from "../src/transactions";
import { CASINO, SESSIONS } from "./support/history";

/** An Rpc that records each batch's size and answers every transaction as one the node does not serve. */
class RecordingRpc extends Rpc {
  readonly batches: number[] = [];
  constructor(batchSize: number) {
    super("http://unused.invalid", 0, batchSize);
  }
  override async batch<T>(calls: readonly Call[]): Promise<T[]> {
    this.batches.push(calls.length);
    return calls.map(() => null as T);
  }
}

const txHash = (i: number) => "0x" + i.toString(16).padStart(64, "0");

/** A bet whose check needs the placement transaction `placement` and, for some, a settlement. */
function betNeeding(placement: number, settlement?: number): BetCheck {
  return {
    bet: {} as BetCheck["bet"],
    earlier: [],
    chainVerdict: "exact",
    reads: { placementTx: txHash(placement), settlementTx: settlement === undefined ? undefined : txHash(settlement), indexInTx: 0 },
  };
}

describe("reading the transactions the checks need", () => {
  it("sends only full batches before the end, each transaction once, and hands every bet on in order", async () => {
    const rpc = new RecordingRpc(100);
    const handed: BetCheck[] = [];
    const reader = new TransactionReader(rpc, { casino: CASINO, sessions: SESSIONS }, (check) => handed.push(check));
    // 2,000 bets: 1,000 relayed 20 to a transaction, and 1,000 placed and settled one to a transaction each.
    const bets = Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? betNeeding(1_000_000 + Math.floor(i / 40)) : betNeeding(i, 2_000_000 + i)));
    for (const bet of bets) reader.add(bet);
    await reader.finish();
    expect(handed).toHaveLength(bets.length);
    handed.forEach((check, i) => expect(check).toBe(bets[i]));
    // 50 relay transactions, 1,000 placements and 1,000 settlements: 2,050 reads.
    expect(rpc.batches.reduce((sum, size) => sum + size, 0)).toBe(2050);
    expect(rpc.batches.slice(0, -1).every((size) => size === 100)).toBe(true);
    expect(rpc.batches).toHaveLength(21);
  });
});
