import { ZeroAddress } from "ethers";
import type { Casino } from "../../../bindings/casino";
import { maxPayout, type GameType } from "../engine";
import type { TokenSymbol } from "../tokens";
import type { SessionBetRow } from "./intake";

/**
 * After a relay transaction reverts, every batch is simulated for this long: only the house can
 * make one revert now (the owner's pause; a bug), and whatever did costs one transaction's gas,
 * not one a round.
 */
export const FUSE_MS = 10 * 60_000;
/** A round's unsimulated bets' maximum payouts add up to at most this fraction of the free bankroll, per token (see fitsHouse). */
const ROUND_SHARE = 4n;
const BPS = 10_000n;
const UINT80_MAX = (1n << 80n) - 1n;

/** What the Casino shows of the house before a round, per token: what a bet's maximum payout is checked against. */
export interface HouseNow {
  terms: bigint;
  paused: boolean;
  riskBps: { perBet: bigint; perPlayer: bigint };
  /** Per token: bankroll, reserved, and the configured largest stake. */
  funds: ReadonlyMap<TokenSymbol, { bankroll: bigint; reserved: bigint; maxBetLimit: bigint }>;
}

/** What the decision reads of a queued bet. */
export type TrustedBet = Pick<SessionBetRow, "token" | "amount" | "gameType" | "params" | "terms" | "exposed">;

/**
 * Whether a round's batch may go to the chain without a simulation first. A simulation costs the
 * node a third of a relayed bet's time (bench/server.ts, "node cost"); it finds a bet the chain
 * would skip. Nothing a player does can make the chain skip a bet the intake took (each session is
 * a lane of its own: docs/decisions.md §4, "lanes"), so what is left to look at is the house's own
 * doing and the relay's: a batch goes unsimulated when none of its bets was broadcast before (a
 * bet sent again after a revert, a drop or a failover may have landed), the house is as the bets
 * were taken for (the same terms, not paused) and its bankroll deep enough that the wins of two
 * rounds in flight still leave each bet its room (fitsHouse). What none of this sees (a pause sent
 * meanwhile) reverts the batch; its bets go back to the queue, and the fuse (RelayTrust) simulates
 * everything for FUSE_MS.
 */
export function mayGoUnsimulated(batch: readonly TrustedBet[], house: HouseNow): boolean {
  return !house.paused && batch.every((bet) => !bet.exposed && BigInt(bet.terms) === house.terms);
}

/**
 * The bets of unsimulated batches, per token, fit the house's room (mayGoUnsimulated's last
 * condition): their maximum payouts add up to at most a quarter of the free bankroll, so that two
 * rounds in flight, all of their bets winning their most, leave at least half of it; and each
 * bet's maximum payout fits the room riskBps gives a bet on that half (and playerRiskBps on the
 * bankroll less the other half), none above the configured largest stake. A bet that finds less
 * room on chain all the same is skipped, not reverted (SessionPlay.sol _stakeRefusal). A quarter
 * of the room of one bet, the rule before, held a round of 300 one-DEGEN slots bets (765 DEGEN
 * each at most) of a 10,000,000 DEGEN bankroll to one unsimulated batch (issue #40).
 */
export function fitsHouse(bets: readonly TrustedBet[], house: HouseNow): boolean {
  const reserving = new Map<TokenSymbol, { total: bigint; largest: bigint }>();
  for (const bet of bets) {
    if (BigInt(bet.amount) > house.funds.get(bet.token)!.maxBetLimit) return false;
    const payout = maxPayout(bet.gameType as GameType, BigInt(bet.params), bet.token, BigInt(bet.amount));
    const sum = reserving.get(bet.token) ?? { total: 0n, largest: 0n };
    reserving.set(bet.token, { total: sum.total + payout, largest: payout > sum.largest ? payout : sum.largest });
  }
  for (const [token, { total, largest }] of reserving) {
    const { bankroll, reserved } = house.funds.get(token)!;
    const free = bankroll > reserved ? bankroll - reserved : 0n;
    if (total * ROUND_SHARE > free) return false;
    const left = free - (2n * free) / ROUND_SHARE;
    const room = [(left * house.riskBps.perBet) / BPS, ((bankroll - (free - left)) * house.riskBps.perPlayer) / BPS, UINT80_MAX].reduce((a, b) =>
      a < b ? a : b,
    );
    if (largest > room) return false;
  }
  return true;
}

/** The relay's memory of reverts, for one lease term: a revert blows the fuse, and every batch is simulated for FUSE_MS. */
export class RelayTrust {
  private fuseUntil = 0;

  reverted(now = Date.now()): void {
    this.fuseUntil = now + FUSE_MS;
  }

  /** Whether any batch may skip its simulation now. */
  open(now = Date.now()): boolean {
    return now >= this.fuseUntil;
  }
}

/** What the chain showed of the house for a round's unsimulated batches. */
export type ChainNow = Promise<HouseNow>;

/**
 * Which of a round's batches go out unsimulated: the fuse (RelayTrust), and the house read for
 * mayGoUnsimulated and fitsHouse. The read starts as soon as the round's queue is read (`read`)
 * and is awaited once the round is planned (`pick`): a round that misses the block after its last
 * one costs every player in it a block.
 */
export class UnsimulatedBatches {
  readonly trust = new RelayTrust();

  constructor(private readonly o: { casino: Casino; degenAddress: string }) {}

  /** The house, read for the queued bets that may go out unsimulated; undefined when none may. */
  read(queued: readonly SessionBetRow[]): ChainNow | undefined {
    if (!this.trust.open() || queued.every((bet) => bet.exposed)) return undefined;
    const read = this.houseNow();
    // A round that ends before `pick` leaves the read unawaited: its failure is no one's.
    read.catch(() => undefined);
    return read;
  }

  /** The round's batches that go out unsimulated, by index, judged on `read`'s answer. */
  async pick(plays: readonly SessionBetRow[][], read: ChainNow | undefined): Promise<Set<number>> {
    const trusted = new Set<number>();
    // A revert since the read began closes the trust all the same.
    if (!read || !this.trust.open()) return trusted;
    const house = await read;
    const unsimulated: SessionBetRow[] = [];
    for (const [i, batch] of plays.entries()) {
      if (!mayGoUnsimulated(batch, house) || !fitsHouse([...unsimulated, ...batch], house)) continue;
      trusted.add(i);
      unsimulated.push(...batch);
    }
    return trusted;
  }

  private async houseNow(): Promise<HouseNow> {
    const { casino, degenAddress } = this.o;
    const [terms, paused, [perBet, perPlayer], degen, bnb, degenLimit, bnbLimit] = await Promise.all([
      casino.terms(),
      casino.paused(),
      casino.riskBps(),
      casino.house(degenAddress),
      casino.house(ZeroAddress),
      casino.maxBetLimit(degenAddress),
      casino.maxBetLimit(ZeroAddress),
    ]);
    return {
      terms,
      paused,
      riskBps: { perBet, perPlayer },
      funds: new Map([
        ["DEGEN", { bankroll: degen[0], reserved: degen[1], maxBetLimit: degenLimit }],
        ["BNB", { bankroll: bnb[0], reserved: bnb[1], maxBetLimit: bnbLimit }],
      ]),
    };
  }
}
