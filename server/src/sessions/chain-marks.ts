import type { JsonRpcProvider } from "ethers";
import {
  decodeIntakeView,
  decodeRelayRoundView,
  intakeViewCall,
  RELAY_ROUND_VIEW_PLAYERS,
  relayRoundViewCall,
  type PlayerIntakeView,
} from "../../../bindings/casino";

/**
 * A player's own doings on chain, as two counters: their wallet's transactions (its account nonce)
 * and the signed requests CasinoRelay carried for them (its nonce: withdrawals and swaps, which
 * anyone may submit). The same mark at two blocks: between them the player sent nothing that
 * changes what the intake checks a bet against (vault, session, limits, an open bet of theirs).
 * null: no such promise can be made (their address holds code, or they set limits for themselves).
 * Transactions still pending are not looked at: a node answers a "pending" read by executing its
 * whole mempool, the relay's own transactions with it (on the bench's node, a block's work per
 * read); one mined in the same block before a batch is what the fuse is for (relay-trust.ts).
 */
export type ChainMark = string | null;

export interface MarkReads {
  provider: JsonRpcProvider;
  casinoAddress: string;
}

const markOf = (walletNonce: number, relayNonce: bigint): string => `${walletNonce}:${relayNonce}`;

/**
 * A player's view at `block` for a bet in `token` signed by `key` (contracts/views/IntakeView.sol:
 * commitment, vault, the session's losses, CasinoRelay's nonce, limits, code) and their wallet's
 * nonce, which no contract can read: two requests, where reading each apart took seven (issue #38
 * item 6).
 */
async function readView(o: MarkReads, player: string, token: string, key: string, block: number): Promise<[PlayerIntakeView, number]> {
  const [answer, walletNonce] = await Promise.all([
    o.provider.call({ ...intakeViewCall(o.casinoAddress, player, token, key), blockTag: block }),
    o.provider.getTransactionCount(player, block),
  ]);
  return [decodeIntakeView(answer), walletNonce];
}

/** What the intake checks a bet against (sessions/intake.ts): the player's view at a block, and their mark there. */
export interface MarkedView {
  view: PlayerIntakeView;
  mark: ChainMark;
}

/**
 * The view of a player at `block` and their mark, for a bet in `token` signed by `key` at `now`
 * (chain seconds). A contract wallet acts through other accounts, and a limit moves with the
 * player's results: neither is ever marked.
 */
export async function markedView(o: MarkReads, player: string, token: string, key: string, block: number, now: number): Promise<MarkedView> {
  const [view, walletNonce] = await readView(o, player, token, key, block);
  const { limits } = view;
  const limited =
    limits.lossLimit.some((limit) => limit !== 0n) ||
    limits.betCap !== 0n ||
    limits.pendingMask !== 0n ||
    limits.coolOffUntil > BigInt(now) ||
    limits.pendingCoolOffAt !== 0n;
  return { view, mark: view.codeSize !== 0n || limited ? null : markOf(walletNonce, view.relayNonce) };
}

/** A player as the relay reads them before a round: their mark, and their commitment's next nonce and next bet to resolve. */
export interface PlayerNow {
  mark: string;
  nextNonce: bigint;
  nextToResolve: bigint;
}

/**
 * Each player's counters at `block`: CasinoRelay's nonce and the commitment's, in one eth_call per
 * RELAY_ROUND_VIEW_PLAYERS (contracts/views/RelayRoundView.sol), and their wallet's nonce, which no
 * contract can read but the node answers without running the EVM. One call per player made a
 * round of 300 players 300 EVM calls on the node the round was waiting for.
 */
async function countersAt(o: MarkReads, players: readonly string[], block: number | "latest") {
  const groups: string[][] = [];
  for (let i = 0; i < players.length; i += RELAY_ROUND_VIEW_PLAYERS) groups.push(players.slice(i, i + RELAY_ROUND_VIEW_PLAYERS));
  const [counters, walletNonces] = await Promise.all([
    Promise.all(groups.map(async (group) => decodeRelayRoundView(await o.provider.call({ ...relayRoundViewCall(o.casinoAddress, group), blockTag: block })))),
    Promise.all(players.map((player) => o.provider.getTransactionCount(player, block))),
  ]);
  return counters.flat().map(({ relayNonce, nextNonce, nextToResolve }, i) => ({
    player: players[i]!,
    mark: markOf(walletNonces[i]!, relayNonce),
    nextNonce,
    nextToResolve,
  }));
}

/**
 * Each player's mark and commitment at the head, for the relay (sessions/relay-trust.ts). Read at
 * "latest" rather than at a head read first: that read cost a round one more wait on the node
 * (the relay bench, issue #40). Should the head move between the calls, a counter is read at a
 * later block than another; each only grows, so a change since the intake still shows.
 */
export async function playersNow(o: MarkReads, players: readonly string[]): Promise<Map<string, PlayerNow>> {
  const read = await countersAt(o, players, "latest");
  return new Map(read.map(({ player, ...now }) => [player, now]));
}

/**
 * Each player's mark at `block` (their wallet's and CasinoRelay's nonces), whatever code or limits
 * they have: the relay compares two blocks' to find who acted in the block a transaction of it
 * reverted in (sessions/relay-reverts.ts).
 */
export async function marksAt(o: MarkReads, players: readonly string[], block: number): Promise<Map<string, string>> {
  const read = await countersAt(o, players, block);
  return new Map(read.map(({ player, mark }) => [player, mark]));
}
