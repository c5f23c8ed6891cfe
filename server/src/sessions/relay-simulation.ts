import { eq } from "drizzle-orm";
import type { JsonRpcProvider } from "ethers";
import { sessionsInterface } from "../../../bindings/casino";
import { contractRevert } from "../../../bindings/errors";
import type { Db } from "../db/types";
import { bets } from "../db/schema";
import { clientSeedHash } from "../engine";
import { laneOf, placeRequest, playGasLimit, playRequest, refusalText, type RelayRequest, type RelaySeedOf } from "./relay-plan";
import type { SessionBetRow } from "./intake";

/** A simulation that ran out of gas: the batch is too long, no bet of it is at fault. */
const OUT_OF_GAS = Symbol("out of gas");

/** A simulation's verdict on the bet it blames: refuse it, let it wait, or record it as placed already. */
export type Verdict = { kind: "refuse"; reason: string; name?: string } | { kind: "hold" } | { kind: "found"; txHash: string; block: number };

export interface SimulationOptions {
  db: Db;
  provider: JsonRpcProvider;
  /** The settler: every call is simulated from it, as CasinoSessions takes seeds from it alone. */
  from: string;
  sessionsAddress: string;
  degenAddress: string;
  relaySeedOf: RelaySeedOf;
  /** Acts on the verdict on a bet the chain refused (relay.ts judge). */
  judge(bet: SessionBetRow, verdict: Verdict): Promise<void>;
}

/**
 * The relay's simulations (docs/relay-lifecycle.md, "What a round sends"): which bets of a round
 * the chain takes now, found with `eth_call`s from the settler, and the verdict on each one it
 * refuses. Reads only; what a verdict does is the batcher's.
 */
export class RelaySimulation {
  constructor(private readonly o: SimulationOptions) {}

  /**
   * The plays that the chain accepts now, as one batch: a batch that fails is cut down to its
   * longest accepted prefix (a binary search of calls), the bet after it is judged, and the rest
   * is simulated again. A batch that runs out of gas is halved: its bets are fine, only too many.
   */
  async plays(candidates: SessionBetRow[]): Promise<SessionBetRow[]> {
    let plays = candidates;
    while (plays.length) {
      const failure = await this.firstFailure(plays);
      if (!failure) return plays;
      if (failure.error === OUT_OF_GAS && plays.length > 1) {
        plays = plays.slice(0, Math.ceil(plays.length / 2));
        continue;
      }
      const culprit = plays[failure.index]!;
      await this.o.judge(culprit, await this.verdictOn(culprit, failure.error));
      // The culprit's lane's later bets depend on it; they wait (or were refused with it).
      plays = plays.filter((bet) => laneOf(bet) !== laneOf(culprit) || bet.nonce < culprit.nonce);
    }
    return plays;
  }

  /** Places are simulated alone (a round takes one bet of a lane: none follows another of its lane). */
  async places(candidates: SessionBetRow[]): Promise<SessionBetRow[]> {
    const accepted: SessionBetRow[] = [];
    for (const bet of candidates) {
      const error = await this.call(placeRequest(this.o.sessionsAddress, this.o.degenAddress, bet));
      if (error === undefined) accepted.push(bet);
      else await this.o.judge(bet, await this.verdictOn(bet, error));
    }
    return accepted;
  }

  /**
   * The first bet of a batch the chain refuses, and the error of the shortest prefix that fails;
   * undefined when all pass. Prefixes run under the whole batch's gas limit, so that a few costly
   * bets first cannot make a short prefix run out of gas.
   */
  private async firstFailure(plays: SessionBetRow[]): Promise<{ index: number; error: unknown } | undefined> {
    const gasLimit = playGasLimit(plays.length);
    const request = (count: number) => playRequest(this.o.sessionsAddress, this.o.degenAddress, this.o.relaySeedOf, plays.slice(0, count), gasLimit);
    let error = await this.call(request(plays.length));
    if (error === undefined) return undefined;
    if (error === OUT_OF_GAS) return { index: plays.length - 1, error };
    // Every prefix up to `good` passes, the prefix of `bad` bets fails with `error`.
    let good = 0;
    let bad = plays.length;
    while (bad - good > 1) {
      const middle = (good + bad) >> 1;
      const failed = await this.call(request(middle));
      if (failed === undefined) good = middle;
      else [bad, error] = [middle, failed];
    }
    return { index: bad - 1, error };
  }

  /** The request as a call from the settler: its error (OUT_OF_GAS for that), or undefined when it would succeed. */
  private async call(request: RelayRequest): Promise<unknown> {
    try {
      const answer = await this.o.provider.call({ ...request, from: this.o.from });
      return skippedInPlay(request, answer);
    } catch (error) {
      if (contractRevert(error)) return error;
      if (/out of gas/i.test((error as Error).message)) return OUT_OF_GAS;
      if (isRevert(error)) return error;
      throw error;
    }
  }

  /** What to do with a bet the chain refused: report it, let it wait, or record it as already placed. */
  private async verdictOn(bet: SessionBetRow, error: unknown): Promise<Verdict> {
    const revert = contractRevert(error);
    // An open bet of the lane (a hand, or a bet its player placed with its countersignature): this one waits its turn.
    if (revert?.name === "OpenBetExists") return { kind: "hold" };
    if (revert?.name === "WrongNonce") {
      // The nonce is used: by this very bet (sent by an earlier lease holder, or placed by its
      // player with its countersignature), or by another; or an earlier bet of the lane is not on
      // chain yet. Until the log reader has the placement, the bet waits.
      const [placed] = await this.o.db.select().from(bets).where(eq(bets.betId, bet.betId));
      if (!placed) return { kind: "hold" };
      if (
        clientSeedHash(placed.clientSeed) !== bet.clientSeedHash ||
        placed.amount !== bet.amount ||
        placed.gameType !== bet.gameType ||
        placed.params !== bet.params
      ) {
        return { kind: "refuse", name: "WrongNonce", reason: `Nonce ${bet.nonce} was used by another bet of this session` };
      }
      return { kind: "found", txHash: placed.placedTxHash, block: placed.placedBlock };
    }
    return { kind: "refuse", name: revert?.name, reason: refusalText(revert?.name) };
  }
}

const PLAY_SELECTOR = sessionsInterface.getFunction("play")!.selector;

/**
 * A play the chain would take but skip a bet of (issue #37 item 2: it returns each bet's refusal)
 * reads, to the simulation, as a play that fails on the first bet it skips: an error carrying that
 * refusal's selector (its arguments zero), as a revert would. Undefined when every bet settles.
 */
function skippedInPlay(request: RelayRequest, answer: string): unknown {
  if (!request.data.startsWith(PLAY_SELECTOR)) return undefined;
  const [refusals] = sessionsInterface.decodeFunctionResult("play", answer) as unknown as [string[]];
  const reason = refusals.find((refusal) => BigInt(refusal) !== 0n);
  return reason === undefined ? undefined : { code: "CALL_EXCEPTION", data: reason + "00".repeat(32 * 4) };
}

/** A call that reverted without data a contract's ABI decodes (out of gas, a plain revert). */
function isRevert(error: unknown): boolean {
  return (error as { code?: string }).code === "CALL_EXCEPTION";
}
