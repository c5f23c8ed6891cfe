/**
 * A player's lanes as the audit follows them (docs/decisions.md §4, "lanes"): lane 0 is the
 * player's wallet (Casino.PlayerState: setCommitment's chain, playGame's bets), and each one-click
 * session has a lane of its own (Casino.Lane): its own nonces `lane << 32 | n`, its own hash chain,
 * whose root its grant named (SessionOpened, LaneOpened), and its own funds, the session's budget
 * taken from the vault when it opens, given back by LaneClosed. Each lane's seeds settle its own
 * bets only, one link a bet (engine/src/hashChain.ts).
 */
import { ZeroHash } from "ethers";
import { formatAmount, placeInLane, previousLink } from "../../engine/src/index";
import type { EventOf } from "./types";

/** What a session's lane holds for its bets. */
export interface LaneFunds {
  DEGEN: bigint;
  BNB: bigint;
}

/**
 * A lane's hash chain and nonces, as the contract keeps them. Null fields are not known yet: the
 * range began after the lane's history did.
 */
export interface LaneState {
  /** The last revealed seed, or the chain's root. */
  commit: string | null;
  /** Where `commit` sits, as a link key (linkKey); the root's is `first`. */
  head: bigint | null;
  /** The place in its lane of the chain's first bet: a wallet commitment's first nonce, 0 for a session's lane. */
  first: bigint | null;
  /** The nonce of the lane's oldest open bet (= next when none). */
  resolved: bigint | null;
  next: bigint | null;
  /** The wallet's first nonce its current chain cannot settle; null for a session's lane, whose chain's length the contract does not keep. */
  chainEnd: bigint | null;
  /** A session's lane: what it holds (null: the wallet lane, or not known since the range began after the lane opened). */
  funds: LaneFunds | null;
}

/** The wallet lane of a player first seen: from the deployment the contract's zeroed state (no commitment yet), else unknown. */
export function walletLane(fromDeployment: boolean): LaneState {
  return fromDeployment
    ? { commit: ZeroHash, head: 0n, first: 0n, resolved: 0n, next: 0n, chainEnd: 0n, funds: null }
    : { commit: null, head: null, first: null, resolved: null, next: null, chainEnd: null, funds: null };
}

/** A session's lane first seen by one of its bets: opened before the range (its chain's start is still link 0). */
export function unknownSessionLane(): LaneState {
  return { commit: null, head: null, first: 0n, resolved: null, next: null, chainEnd: null, funds: null };
}

/** A session's lane as LaneOpened opens it: its root, its first nonce, the budget it took from the vault. */
export function openedLane(event: EventOf<"LaneOpened">): LaneState {
  const first = event.lane << 32n;
  return {
    commit: event.commit.toLowerCase(),
    head: 0n,
    first: 0n,
    resolved: first,
    next: first,
    chainEnd: null,
    funds: { DEGEN: event.degen, BNB: event.native },
  };
}

/**
 * A link's key: the bet of place p in its lane (its nonce's low 32 bits) settles with the link whose
 * key is p + 1, the chain's root has key `first` (its first bet's place), so that a link's position
 * is its key − first, and the hashes between two links the difference of their keys.
 */
export function linkKey(nonce: bigint): bigint {
  return placeInLane(nonce) + 1n;
}

/**
 * The bet's seed against its lane's commitment (the last revealed link, at key `head`): keccak256
 * applied (key − head) times to the seed must give it. A bet claimed as expired leaves its link
 * unrevealed: the next seed hashes past it. `first` null: the wallet chain's start was not seen, so
 * the position is not known.
 */
export function checkLink(
  seed: string,
  commitment: string,
  key: bigint,
  head: bigint,
  first: bigint | null,
): { hashes: number; position: number | null; problem?: string } {
  const steps = key - head;
  if (steps < 1n) return { hashes: 0, position: null, problem: "the bet's nonce is behind its lane's revealed seeds" };
  let link = seed.toLowerCase();
  for (let i = 0n; i < steps; i++) link = previousLink(link);
  const position = first === null ? null : Number(key - first);
  if (link === commitment.toLowerCase()) return { hashes: Number(steps), position };
  const at = position === null ? "" : ` (link ${position})`;
  const claimed = steps > 1n ? "; claimed bets since the last revealed seed left their links unrevealed" : "";
  return {
    hashes: Number(steps),
    position: null,
    problem: `keccak256 applied ${steps} time${steps > 1n ? "s" : ""} to the seed${at} does not give its lane's commitment ${commitment}${claimed}`,
  };
}

/** Takes a stake from a lane's funds; the problem when they do not cover it (the funds are then no longer known). */
export function takeFromLane(lane: LaneState, token: keyof LaneFunds, amount: bigint): string | null {
  if (!lane.funds) return null;
  const held = lane.funds[token];
  if (held >= amount) {
    lane.funds[token] = held - amount;
    return null;
  }
  lane.funds = null;
  return `the lane held ${formatAmount(held)} ${token} when the bet staked ${formatAmount(amount)}: a lane stakes only what its session's budget put in it`;
}

/** A payout into a lane's funds. */
export function payIntoLane(lane: LaneState, token: keyof LaneFunds, amount: bigint): void {
  if (lane.funds) lane.funds[token] += amount;
}

/** What LaneClosed gave back against what the lane held; the problem when they differ. The lane then holds nothing. */
export function closeLane(lane: LaneState, closed: EventOf<"LaneClosed">): string | null {
  const held = lane.funds;
  lane.funds = { DEGEN: 0n, BNB: 0n };
  if (!held || (held.DEGEN === closed.degen && held.BNB === closed.native)) return null;
  return `LaneClosed gave back ${formatAmount(closed.degen)} DEGEN and ${formatAmount(closed.native)} BNB to the vault; the lane's budget, stakes and payouts leave it ${formatAmount(held.DEGEN)} DEGEN and ${formatAmount(held.BNB)} BNB`;
}
