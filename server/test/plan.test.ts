import { describe, expect, it } from "vitest";
import { casinoInterface, sessionsInterface } from "../../bindings/casino";
import {
  FRESH_BLOCKS,
  needsSimulation,
  planBatches,
  settlementGasLimit,
  settlementRequest,
  SIGNED_SETTLEMENT_GAS_LIMIT,
  simulationRequest,
  type PlanState,
  type PlannedBet,
} from "../src/settler/plan";

/** Bets as the pipeline reads them: ordered by player, then nonce. A player "a/2" is player a's lane 2 (its wallet's bets: lane 0). */
function bets(...spec: [player: string, status: PlannedBet["status"], placedBlock?: number, signed?: "signed"][]): PlannedBet[] {
  const nonces = new Map<string, number>();
  return spec.map(([chain, status, placedBlock, signed]) => {
    const n = nonces.get(chain) ?? 0;
    nonces.set(chain, n + 1);
    const [player, lane] = chain.split("/") as [string, string | undefined];
    const nonce = (BigInt(lane ?? 0) << 32n) | BigInt(n);
    return { betId: `${chain}${n}`, player, nonce, status, placedBlock: placedBlock ?? 100, actionSignature: signed ? "0x01" : null };
  });
}

const state = (overrides: Partial<PlanState> = {}): PlanState => ({
  slots: 16,
  batchSize: 100,
  awaitingReceipt: new Set(),
  minedNotRecorded: new Set(),
  revertedToRetryAlone: new Set(),
  refusedUntil: new Map(),
  now: 1_000,
  ...overrides,
});

const ids = (plan: { bets: PlannedBet[]; dependent: boolean }[]) =>
  plan.map((batch) => ({ bets: batch.bets.map((bet) => bet.betId), dependent: batch.dependent }));

describe("planBatches", () => {
  it("takes each player's ready bets in nonce order up to the first that is not ready", () => {
    const plan = planBatches(bets(["a", "ready"], ["a", "ready"], ["a", "open"], ["a", "ready"], ["b", "ready"], ["b", "expired"], ["b", "ready"]), state());
    expect(ids(plan)).toEqual([{ bets: ["a0", "a1", "b0"], dependent: false }]);
  });

  it("settles each of a player's chains apart: an open hand of a lane holds back that lane's later bets only, not the wallet's nor another lane's", () => {
    const plan = planBatches(
      bets(["a", "ready"], ["a", "open"], ["a", "ready"], ["a/1", "ready"], ["a/1", "open"], ["a/1", "ready"], ["a/2", "ready"]),
      state(),
    );
    expect(plan.map((b) => b.bets.map((bet) => bet.betId))).toEqual([["a0", "a/10", "a/20"]]);
    expect(plan[0]!.dependent).toBe(false);
  });

  it("cuts batches at batchSize; a batch that continues a player's bets of an earlier batch is dependent", () => {
    const plan = planBatches(bets(["a", "ready"], ["a", "ready"], ["a", "ready"], ["b", "ready"], ["b", "ready"]), state({ batchSize: 2 }));
    expect(ids(plan)).toEqual([
      { bets: ["a0", "a1"], dependent: false },
      { bets: ["a2", "b0"], dependent: true },
      { bets: ["b1"], dependent: true },
    ]);
  });

  it("plans no more batches than there are free slots", () => {
    const plan = planBatches(bets(["a", "ready"], ["b", "ready"], ["c", "ready"], ["d", "ready"], ["e", "ready"]), state({ batchSize: 2, slots: 2 }));
    expect(ids(plan)).toEqual([
      { bets: ["a0", "b0"], dependent: false },
      { bets: ["c0", "d0"], dependent: false },
    ]);
  });

  it("lets bets follow a settlement in flight (dependent), but not one sent by an earlier run", () => {
    const unresolved = bets(["a", "sent"], ["a", "ready"], ["b", "sent"], ["b", "ready"]);
    expect(ids(planBatches(unresolved, state({ awaitingReceipt: new Set(["a0"]) })))).toEqual([{ bets: ["a1"], dependent: true }]);
  });

  it("skips bets already mined whose logs are not recorded yet, without holding back the rest", () => {
    const unresolved = bets(["a", "ready"], ["a", "ready"]);
    expect(ids(planBatches(unresolved, state({ minedNotRecorded: new Set(["a0"]) })))).toEqual([{ bets: ["a1"], dependent: false }]);
  });

  it("holds back a player's bets behind one in back-off, and only that player's", () => {
    const unresolved = bets(["a", "ready"], ["a", "ready"], ["b", "ready"]);
    expect(ids(planBatches(unresolved, state({ refusedUntil: new Map([["a0", 2_000]]) })))).toEqual([{ bets: ["b0"], dependent: false }]);
    // The back-off over, the bet is planned again.
    expect(ids(planBatches(unresolved, state({ refusedUntil: new Map([["a0", 500]]) })))).toEqual([{ bets: ["a0", "a1", "b0"], dependent: false }]);
  });

  it("sends a bet whose settlement reverted only as its player's first, where it can be simulated", () => {
    const unresolved = bets(["a", "sent"], ["a", "ready"], ["b", "ready"], ["b", "ready"]);
    const revertedToRetryAlone = new Set(["a1", "b0"]);
    expect(ids(planBatches(unresolved, state({ awaitingReceipt: new Set(["a0"]), revertedToRetryAlone })))).toEqual([{ bets: ["b0", "b1"], dependent: false }]);
    // Behind an earlier batch of its player it waits too.
    const plan = planBatches(bets(["b", "ready"], ["b", "ready"]), state({ batchSize: 1, revertedToRetryAlone: new Set(["b1"]) }));
    expect(ids(plan)).toEqual([{ bets: ["b0"], dependent: false }]);
  });

  it("plans nothing when nothing is ready", () => {
    expect(planBatches(bets(["a", "open"], ["b", "sent"]), state())).toEqual([]);
  });
});

describe("needsSimulation", () => {
  const cursor = 1_000;
  it("puts a bet with signed actions in a batch of its own (CasinoSessions.settle takes one)", () => {
    const plan = planBatches(bets(["a", "ready"], ["b", "ready", 100, "signed"], ["c", "ready"], ["d", "ready"]), state());
    expect(ids(plan)).toEqual([
      { bets: ["a0"], dependent: false },
      { bets: ["b0"], dependent: false },
      { bets: ["c0", "d0"], dependent: false },
    ]);
  });

  it("simulates old or isolated bets, never a batch behind a pending one", () => {
    const fresh = { bets: bets(["a", "ready", cursor - 1]), dependent: false };
    const old = { bets: bets(["a", "ready", cursor - FRESH_BLOCKS - 1]), dependent: false };
    expect(needsSimulation(fresh, new Set(), cursor)).toBe(false);
    expect(needsSimulation(old, new Set(), cursor)).toBe(true);
    expect(needsSimulation(fresh, new Set(["a0"]), cursor)).toBe(true);
    expect(needsSimulation({ ...old, dependent: true }, new Set(["a0"]), cursor)).toBe(false);
  });
});

describe("settlement requests", () => {
  const contracts = { casino: "0x" + "11".repeat(20), sessions: "0x" + "33".repeat(20) };
  const seed = "0x" + "22".repeat(32);
  const unsigned = { actionLog: null, actionSignature: null, actionKeyGrant: null };

  it("sends settleBatch for one bet as for several (a lone settle reverts after a split front-run: R4-10), a fixed gas limit under EIP-7825's cap", () => {
    const one = settlementRequest(contracts, [{ betId: "5", seed, payout: "7", ...unsigned }]);
    const lone = casinoInterface.parseTransaction({ data: one.data })!;
    expect([lone.name, lone.args[0], lone.args[1], lone.args[2]]).toEqual(["settleBatch", [5n], [seed], [7n]]);
    expect(one.gasLimit).toBe(140_000n);
    const batch = settlementRequest(contracts, [
      { betId: "5", seed, payout: "7", ...unsigned },
      { betId: "6", seed, payout: "0", ...unsigned },
    ]);
    const parsed = casinoInterface.parseTransaction({ data: batch.data })!;
    expect(parsed.name).toBe("settleBatch");
    expect(parsed.args[0]).toEqual([5n, 6n]);
    expect(batch).toMatchObject({ to: contracts.casino, gasLimit: settlementGasLimit(2) });
    expect(settlementGasLimit(200)).toBeLessThan(2n ** 24n);
  });

  it("simulates a lone bet as settle, whose revert names what settleBatch would skip it for, and anything else as it is sent", () => {
    const one = [{ betId: "5", seed, payout: "7", ...unsigned }];
    const simulated = casinoInterface.parseTransaction({ data: simulationRequest(contracts, one).data })!;
    expect([simulated.name, simulated.args[0], simulated.args[2]]).toEqual(["settle", 5n, 7n]);
    const two = [...one, { betId: "6", seed, payout: "0", ...unsigned }];
    expect(simulationRequest(contracts, two)).toEqual(settlementRequest(contracts, two));
    const signed = [{ betId: "5", seed, payout: "7", actionLog: "0x4853", actionSignature: "0x" + "ab".repeat(65), actionKeyGrant: null }];
    expect(simulationRequest(contracts, signed)).toEqual(settlementRequest(contracts, signed));
  });

  it("settles a bet with signed actions through CasinoSessions.settle, with the wallet's grant or none", () => {
    const signature = "0x" + "ab".repeat(65);
    const session = settlementRequest(contracts, [{ betId: "5", seed, payout: "7", actionLog: "0x4853", actionSignature: signature, actionKeyGrant: null }]);
    expect(session).toMatchObject({ to: contracts.sessions, gasLimit: SIGNED_SETTLEMENT_GAS_LIMIT });
    expect(sessionsInterface.parseTransaction({ data: session.data })!.args.toArray()).toEqual([5n, seed, "0x4853", signature, "0x"]);
    const grant = "0x" + "cd".repeat(65);
    const wallet = settlementRequest(contracts, [{ betId: "5", seed, payout: "7", actionLog: "0x0190", actionSignature: signature, actionKeyGrant: grant }]);
    expect(sessionsInterface.parseTransaction({ data: wallet.data })!.args[4]).toBe(grant);
  });
});
