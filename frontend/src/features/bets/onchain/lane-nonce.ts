// Which nonce of its lane a one-click bet is signed with (docs/decisions.md §4, "lanes"): the
// lane's next on chain, after the lane's signed bets that can still land. A kept bet that can
// never land (the server refused it, or its deadline passed) frees its nonce and every later one
// of the lane, which are then signed again, each with a new client seed.
import type { Block } from "ethers";
import { betIdOf } from "@engine/betId";
import { laneOfNonce } from "@engine/session";
import { forgetSignedBetsBelow, forgetSignedBetsFrom, readSignedBets, updateSignedBet, type StoredSignedBet } from "@/features/one-click/onchain";
import type { ReadyWallet } from "@/features/wallet/onchain";
import { ApiError, apiRequest } from "@/lib/api-client";

/**
 * The server's record of a signed bet (POST /api/sessions/bets, GET /api/sessions/bets/:betId), the
 * parts the app reads: the settler's countersignature of the same EIP-712 Bet once it accepted it
 * (so that the wallet may place it, should the relay fail), and the transaction's hash once sent.
 */
export interface RelayedBetAnswer {
  betId: string;
  nonce: string;
  status?: string;
  countersignature?: string | null;
  txHash?: string | null;
}

/** A chain that has made no block for this long is idle: the server then counts from its own clock. */
const IDLE_CHAIN_SECONDS = 60;

/**
 * The time the server counts a bet's deadline from (docs/decisions.md §4, "One bound for every
 * window"): the head block's, or this machine's clock when the chain has made no block for a minute.
 */
export function acceptanceClock(head: Pick<Block, "timestamp"> | null): number {
  const local = Math.floor(Date.now() / 1000);
  if (!head || local - head.timestamp >= IDLE_CHAIN_SECONDS) return local;
  return head.timestamp;
}

/** The nonces of signed bets this page has sent and not yet seen land or fail: the server may not have answered yet. */
export const sendingHere = new Set<string>();

/** Whether the server never relays this kept bet: it refused it, or never got it. Asked of a bet sent before this page loaded. */
async function neverRelayed(wallet: ReadyWallet, signed: StoredSignedBet): Promise<boolean> {
  if (signed.refused) return true;
  if (signed.countersignature || sendingHere.has(signed.bet.nonce)) return false;
  const betId = betIdOf(signed.bet.player, BigInt(signed.bet.nonce));
  const record = await apiRequest<RelayedBetAnswer>("GET", `/api/sessions/bets/${betId}`).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (record?.countersignature) {
    updateSignedBet(wallet.config.chain.id, wallet.account, signed.bet.nonce, { countersignature: record.countersignature });
    return false;
  }
  if (record && record.status !== "refused") return false;
  updateSignedBet(wallet.config.chain.id, wallet.account, signed.bet.nonce, { refused: true });
  return true;
}

/** The nonce the next bet of the lane is signed with, when the chain's next is `onChainNext` and its clock reads `now`. */
export async function laneNonceToSign(wallet: ReadyWallet, onChainNext: bigint, now: number): Promise<bigint> {
  const chainId = wallet.config.chain.id;
  forgetSignedBetsBelow(chainId, wallet.account, onChainNext);
  const kept = readSignedBets(chainId, wallet.account, laneOfNonce(onChainNext));
  for (let nonce = onChainNext; ; nonce++) {
    const signed = kept[nonce.toString()];
    if (!signed) return nonce;
    // A bet counts while block.timestamp ≤ its deadline: the next block comes after `now`.
    if (BigInt(signed.deadline) <= BigInt(now) || (await neverRelayed(wallet, signed))) {
      forgetUnlandable(wallet, nonce);
      return nonce;
    }
  }
}

/** A bet of the lane landed: it and the lane's earlier bets are forgotten. */
export function forgetLanded(wallet: ReadyWallet, nonce: bigint): void {
  forgetSignedBetsBelow(wallet.config.chain.id, wallet.account, nonce + 1n);
}

/** A bet of the lane can never land: it and the lane's later bets, which can only land after it, are forgotten. */
export function forgetUnlandable(wallet: ReadyWallet, nonce: bigint): void {
  forgetSignedBetsFrom(wallet.config.chain.id, wallet.account, nonce);
}
