import { ZeroAddress } from "ethers";
import type { Casino } from "../../../bindings/casino";
import { maxPayout, type GameType } from "../engine";
import type { TokenSymbol } from "../tokens";
import { playersNow, type ChainMark, type MarkReads, type PlayerNow } from "./chain-marks";
import type { BlockSenders } from "./block-senders";
import type { SessionBetRow } from "./intake";

/**
 * After a relay transaction reverts, every batch is simulated for this long: whatever made it fail
 * (an owner's pause, terms changed, a player acting in the block before it) costs one transaction's
 * gas, not one a round.
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
export type TrustedBet = Pick<SessionBetRow, "player" | "nonce" | "token" | "amount" | "gameType" | "params" | "terms" | "exposed" | "attempts"> & {
  chainMark: ChainMark;
};

/**
 * Whether a round's batch may go to the chain without a simulation first. A simulation costs the
 * node a third of a relayed bet's time (bench/server.ts, "node cost"); it finds a bet the chain
 * would refuse, and the intake has already checked each bet as the contract will (sessions/
 * intake.ts) on a view of its player at some block, the bets on their way counted as lost. That
 * check still holds when the batch lands if, for every bet:
 * - its player did nothing on chain since that view: the same mark (chain-marks.ts) now, their
 *   commitment's next nonce is the batch's first bet of theirs and no bet of theirs is open (no
 *   wallet bet, nor a countersigned bet placed by anyone);
 * - it was never broadcast before (a bet sent again after a revert or a failover may have landed);
 * - the house is as it was: the same terms, not paused, and the bankroll deep enough that the
 *   wins of two rounds in flight still leave each bet its room (fitsHouse), each within the
 *   configured largest stake.
 * What none of this sees (a player's transaction mined in the same block before the batch, an
 * owner's pause sent meanwhile) reverts the batch; its bets go back to the queue, and the fuse (RelayTrust)
 * simulates everything for FUSE_MS.
 */
export function mayGoUnsimulated(batch: readonly TrustedBet[], players: ReadonlyMap<string, PlayerNow>, house: HouseNow): boolean {
  if (house.paused || !candidate(batch)) return false;
  const first = new Map<string, bigint>();
  for (const bet of batch) {
    const now = players.get(bet.player);
    if (!now || bet.chainMark === null || !now.unchanged(bet.chainMark) || BigInt(bet.terms) !== house.terms) return false;
    if (!first.has(bet.player)) first.set(bet.player, bet.nonce);
  }
  for (const [player, nonce] of first) {
    const now = players.get(player)!;
    if (now.nextNonce !== nonce || now.nextToResolve !== now.nextNonce) return false;
  }
  return true;
}

/** What the rows alone tell: every bet marked, none broadcast before. Only such a batch is worth reading the chain for. */
export function candidate(batch: readonly TrustedBet[]): boolean {
  return batch.every((bet) => bet.chainMark !== null && !bet.exposed && bet.attempts === 0);
}

/**
 * The bets of unsimulated batches, per token, fit the house's room (mayGoUnsimulated's last
 * condition): their maximum payouts add up to at most a quarter of the free bankroll, so that two
 * rounds in flight, all of their bets winning their most, leave at least half of it; and each
 * bet's maximum payout fits the room riskBps gives a bet on that half (and playerRiskBps on the
 * bankroll less the other half), none above the configured largest stake. A bet that finds less
 * room on chain all the same is skipped, not reverted: it goes back to the queue (SessionPlay.sol
 * _stakeRefusal). A quarter of the room of one bet, the rule before, held a round of 300 one-DEGEN
 * slots bets (765 DEGEN each at most) of a 10,000,000 DEGEN bankroll to one unsimulated batch
 * (issue #40).
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

/**
 * The relay's memory of reverts, for one lease term: a revert blows the fuse (every batch is
 * simulated for FUSE_MS) and marks the reverted transaction's players, whose bets are simulated
 * for the rest of the term.
 */
export class RelayTrust {
  private fuseUntil = 0;
  private readonly blamed = new Set<string>();

  reverted(players: Iterable<string>, now = Date.now()): void {
    this.fuseUntil = now + FUSE_MS;
    for (const player of players) this.blamed.add(player);
  }

  /** Whether any batch may skip its simulation now. */
  open(now = Date.now()): boolean {
    return now >= this.fuseUntil;
  }

  trusts(player: string): boolean {
    return !this.blamed.has(player);
  }
}

/** What the chain showed for a round's unsimulated batches: the players' counters and the house. */
export type ChainNow = Promise<[Map<string, PlayerNow>, HouseNow]>;

/**
 * Which of a round's batches go out unsimulated: the fuse (RelayTrust), and the chain read for
 * mayGoUnsimulated and fitsHouse. The read starts as soon as the round's queue is read (`read`)
 * and is awaited once the round is planned (`pick`): under load it is a round's longest step, and
 * a round that misses the block after its last one costs every player in it a block.
 */
export class UnsimulatedBatches {
  readonly trust = new RelayTrust();

  constructor(private readonly o: { marks: MarkReads; senders: BlockSenders; casino: Casino; degenAddress: string }) {}

  /** The chain, read for the queued bets that may go out unsimulated; undefined when none may. */
  read(queued: readonly SessionBetRow[]): ChainNow | undefined {
    if (!this.trust.open()) return undefined;
    const bets = queued.filter((bet) => candidate([bet]) && this.trust.trusts(bet.player)) as (SessionBetRow & { chainMark: string })[];
    if (bets.length === 0) return undefined;
    const read: ChainNow = Promise.all([playersNow(this.o.marks, this.o.senders, bets), this.houseNow()]);
    // A round that ends before `pick` leaves the read unawaited: its failure is no one's.
    read.catch(() => undefined);
    return read;
  }

  /** The round's batches that go out unsimulated, by index, judged on `read`'s answer. */
  async pick(plays: readonly SessionBetRow[][], read: ChainNow | undefined): Promise<Set<number>> {
    const trusted = new Set<number>();
    // A revert since the read began closes the trust all the same.
    if (!read || !this.trust.open()) return trusted;
    const candidates = [...plays.keys()].filter((i) => candidate(plays[i]!) && plays[i]!.every((bet) => this.trust.trusts(bet.player)));
    if (candidates.length === 0) return trusted;
    const [players, house] = await read;
    const unsimulated: SessionBetRow[] = [];
    for (const i of candidates) {
      if (!mayGoUnsimulated(plays[i]!, players, house) || !fitsHouse([...unsimulated, ...plays[i]!], house)) continue;
      trusted.add(i);
      unsimulated.push(...plays[i]!);
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
