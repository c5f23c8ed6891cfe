import type { JsonRpcProvider } from "ethers";
import { casinoInterface, limitsInterface, relayInterface } from "../../../bindings/casino";

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
  /** CasinoRelay. */
  relayAddress: string;
  /** CasinoLimits. */
  limitsAddress: string;
}

const markOf = (walletNonce: number, relayNonce: bigint): string => `${walletNonce}:${relayNonce}`;

async function call(o: MarkReads, to: string, iface: typeof casinoInterface, name: string, args: unknown[], blockTag: number) {
  const data = await o.provider.call({ to, data: iface.encodeFunctionData(name, args), blockTag });
  return iface.decodeFunctionResult(name, data);
}

/**
 * The mark of a player at `block`, read with the intake's view of them (sessions/intake.ts), for a
 * bet in `token` at `now` (chain seconds). A contract wallet acts through other accounts, and a
 * limit moves with the player's results: neither is ever marked.
 */
export async function viewMark(o: MarkReads, player: string, token: string, block: number, now: number): Promise<ChainMark> {
  const [walletNonce, code, [relayNonce], [limits]] = await Promise.all([
    o.provider.getTransactionCount(player, block),
    o.provider.getCode(player, block),
    call(o, o.relayAddress, relayInterface, "nonces", [player], block),
    call(o, o.limitsAddress, limitsInterface, "limitsOf", [player, token], block),
  ]);
  if (code !== "0x") return null;
  const limited =
    (limits.lossLimit as bigint[]).some((limit) => limit !== 0n) ||
    (limits.betCap as bigint) !== 0n ||
    (limits.pendingMask as bigint) !== 0n ||
    (limits.coolOffUntil as bigint) > BigInt(now) ||
    (limits.pendingCoolOffAt as bigint) !== 0n;
  return limited ? null : markOf(walletNonce, relayNonce as bigint);
}

/** A player as the relay reads them before a round: their mark, and their commitment's next nonce and next bet to resolve. */
export interface PlayerNow {
  mark: string;
  nextNonce: bigint;
  nextToResolve: bigint;
}

/** Each player's mark and commitment at the head, for the relay (sessions/relay-trust.ts). */
export async function playersNow(o: MarkReads, players: readonly string[]): Promise<Map<string, PlayerNow>> {
  const block = await o.provider.getBlockNumber();
  const read = await Promise.all(
    players.map(async (player) => {
      const [walletNonce, [relayNonce], commitment] = await Promise.all([
        o.provider.getTransactionCount(player, block),
        call(o, o.relayAddress, relayInterface, "nonces", [player], block),
        call(o, o.casinoAddress, casinoInterface, "commitmentOf", [player], block),
      ]);
      // commitmentOf, by position: commit, nextNonce, remaining, root, nextToResolve, length.
      const now: PlayerNow = {
        mark: markOf(walletNonce, relayNonce as bigint),
        nextNonce: commitment[1] as bigint,
        nextToResolve: commitment[4] as bigint,
      };
      return [player, now] as const;
    }),
  );
  return new Map(read);
}

/**
 * Each player's mark at `block` (their wallet's and CasinoRelay's nonces), whatever code or limits
 * they have: the relay compares two blocks' to find who acted in the block a transaction of it
 * reverted in (sessions/relay-reverts.ts).
 */
export async function marksAt(o: MarkReads, players: readonly string[], block: number): Promise<Map<string, string>> {
  const read = await Promise.all(
    players.map(async (player) => {
      const [walletNonce, [relayNonce]] = await Promise.all([
        o.provider.getTransactionCount(player, block),
        call(o, o.relayAddress, relayInterface, "nonces", [player], block),
      ]);
      return [player, markOf(walletNonce, relayNonce as bigint)] as const;
    }),
  );
  return new Map(read);
}
