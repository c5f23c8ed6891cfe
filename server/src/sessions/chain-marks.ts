import type { JsonRpcProvider } from "ethers";
import type { BlockSenders } from "./block-senders";
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
 * anyone may submit), with the block they were read at: `walletNonce:relayNonce@block`. The same
 * counters at two blocks: between them the player sent nothing that changes what the intake checks
 * a bet against (vault, session, limits, an open bet of theirs).
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

const countersOf = (walletNonce: number, relayNonce: bigint): string => `${walletNonce}:${relayNonce}`;

/** A mark's parts; undefined for one the intake wrote in another form (before the block was kept with it). */
function markParts(mark: string): { walletNonce: number; relayNonce: bigint; block: number } | undefined {
  const parts = /^(\d+):(\d+)@(\d+)$/.exec(mark);
  return parts ? { walletNonce: Number(parts[1]), relayNonce: BigInt(parts[2]!), block: Number(parts[3]) } : undefined;
}

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
  return { view, mark: view.codeSize !== 0n || limited ? null : `${countersOf(walletNonce, view.relayNonce)}@${block}` };
}

/** A player as the relay reads them before a round: whether a mark of theirs still holds, and their commitment's next nonce and next bet to resolve. */
export interface PlayerNow {
  /** Whether the player did nothing on chain between the mark's block and the round's. */
  unchanged(mark: string): boolean;
  nextNonce: bigint;
  nextToResolve: bigint;
}

/** Each player's CasinoRelay and commitment counters at `block`, in one eth_call per RELAY_ROUND_VIEW_PLAYERS (contracts/views/RelayRoundView.sol). */
async function roundViews(o: MarkReads, players: readonly string[], block: number) {
  const groups: string[][] = [];
  for (let i = 0; i < players.length; i += RELAY_ROUND_VIEW_PLAYERS) groups.push(players.slice(i, i + RELAY_ROUND_VIEW_PLAYERS));
  const read = await Promise.all(
    groups.map(async (group) => decodeRelayRoundView(await o.provider.call({ ...relayRoundViewCall(o.casinoAddress, group), blockTag: block }))),
  );
  return read.flat();
}

/**
 * The players of queued bets as the relay reads them before a round (sessions/relay-trust.ts), at
 * the head as `senders` scanned it: CasinoRelay's nonce and the commitment's in one eth_call per
 * RELAY_ROUND_VIEW_PLAYERS (contracts/views/RelayRoundView.sol), and their wallet transactions
 * since each mark from the blocks' senders. Only a player whose mark is older than the scanned
 * blocks, or precedes a set-code transaction (EIP-7702: its authorizations move the nonces of
 * accounts that did not send it), has their wallet nonce read, which the node answers without the EVM but one request a
 * player: 300 of them a round kept the relay bench's node queued (issue #40).
 */
export async function playersNow(o: MarkReads, senders: BlockSenders, bets: readonly { player: string; chainMark: string }[]): Promise<Map<string, PlayerNow>> {
  const marked = bets.map((bet) => markParts(bet.chainMark)?.block ?? Infinity);
  const players = [...new Set(bets.map((bet) => bet.player))];
  // Read at the block the head most likely is (the last receipt's, or a newer mark's) while the
  // head is read: again at the head only when a block came since.
  const likely = Math.max(senders.known, ...marked.filter((block) => block !== Infinity));
  const [head, likelyViews] = await Promise.all([senders.through(undefined, Math.min(...marked)), likely >= 0 ? roundViews(o, players, likely) : undefined]);
  const unscanned = [...new Set(bets.filter((bet, i) => senders.sentBetween(bet.player, marked[i]!, head) === undefined).map((bet) => bet.player))];
  const [views, walletNonces] = await Promise.all([
    head === likely ? likelyViews! : roundViews(o, players, head),
    Promise.all(unscanned.map(async (player) => [player, await o.provider.getTransactionCount(player, head)] as const)),
  ]);
  const walletNonceOf = new Map(walletNonces);
  return new Map(
    views.map(({ relayNonce, nextNonce, nextToResolve }, i) => {
      const player = players[i]!;
      const unchanged = (mark: string) => {
        const then = markParts(mark);
        if (!then || then.relayNonce !== relayNonce) return false;
        const sent = senders.sentBetween(player, then.block, head);
        return sent === undefined ? walletNonceOf.get(player) === then.walletNonce : !sent;
      };
      return [player, { unchanged, nextNonce, nextToResolve }];
    }),
  );
}

/**
 * Each player's counters at `block` (their wallet's and CasinoRelay's nonces), whatever code or
 * limits they have: the relay compares two blocks' to find who acted in the block a transaction of
 * it reverted in (sessions/relay-reverts.ts).
 */
export async function marksAt(o: MarkReads, players: readonly string[], block: number): Promise<Map<string, string>> {
  const [views, walletNonces] = await Promise.all([
    roundViews(o, players, block),
    Promise.all(players.map((player) => o.provider.getTransactionCount(player, block))),
  ]);
  return new Map(views.map(({ relayNonce }, i) => [players[i]!, countersOf(walletNonces[i]!, relayNonce)]));
}
