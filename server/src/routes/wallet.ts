import { Router, type RequestHandler } from "express";
import type { JsonRpcProvider, TransactionReceipt } from "ethers";
import { z } from "zod";
import { signedInAddress } from "../auth/sign-in";
import { budgetUse, type PlayerTxBudgets } from "../chain/budgets";
import { relayInterface } from "../../../bindings/casino";
import { contractRevert } from "../../../bindings/errors";
import { parseCasinoLog } from "../../../bindings/events";
import { ChainRequestRefused, type ChainRequests } from "../chain/chain-requests";
import type { Db } from "../db/types";
import { badRequest, forbidden, parse, route, type RouteRequest } from "../http/errors";
import { address, hexSignature, tokenAmount, tokenSymbol } from "../http/validators";
import { logger } from "../observability/log";
import { formatAmount, type TokenSymbol } from "../tokens";

const log = logger("relay");

/** The player's EIP-712 signature (65 bytes, or longer for an EIP-1271 wallet) and its deadline. */
const signed = {
  deadline: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 48),
  signature: hexSignature,
};
const withdrawBody = z.object({ walletAddress: address, token: tokenSymbol, amount: tokenAmount, ...signed }).strict();
const swapBody = z
  .object({
    walletAddress: address,
    fromToken: tokenSymbol,
    toToken: tokenSymbol,
    amount: tokenAmount,
    minAmountOut: z.union([tokenAmount, z.literal(0), z.literal("0")]),
    ...signed,
  })
  .strict()
  .refine((body) => body.fromToken !== body.toToken, { message: "Cannot swap same token", path: ["toToken"] });

/** Why the chain refuses a relay, as a player reads it. */
const REFUSALS: Record<string, string> = {
  InvalidSignature: "The signature does not match this request",
  SignatureExpired: "The signature has expired: sign again",
  InsufficientBalance: "Insufficient vault balance",
  BalanceHeld:
    "Your one-click session holds its largest bet in your vault until it ends (a bet it sent must find its stake): withdraw less, or revoke it and wait 5 minutes",
  InsufficientBankroll: "The house cannot cover this swap right now",
  SwapAboveCap: "The swap is above the per-swap cap",
  SwapAboveDailyCap: "The swap is above what the daily cap has left",
  SwapBelowMinimum: "The swap would pay less than the minimum you signed",
  ZeroAmount: "Amount must be greater than 0",
};

export interface WalletRouterDeps {
  db: Db;
  chainRequests: ChainRequests;
  budgets: PlayerTxBudgets;
  /** RELAY_MIN_DEGEN, RELAY_MIN_BNB: the smallest amount a relay may move (wei). */
  relayMinimum: Record<TokenSymbol, bigint>;
  provider: JsonRpcProvider;
  /** The settler's address: the relay's caller, as the simulation must see it. */
  settlerAddress: string;
  relayAddress: string;
  tokenAddresses: Record<TokenSymbol, string>;
  /** What every route here runs first: the sign-in check and the per-address limit. */
  signedIn: RequestHandler[];
}

const refusedAs = (name: string) => badRequest(REFUSALS[name] ?? `Refused on chain: ${name}`);

/**
 * docs/product.md §7's withdraw and swap, relayed for the signed-in player through CasinoRelay: the server
 * pays the gas, the player's EIP-712 signature (checked on chain) is the authority, so the server
 * can never move a player's money on its own. Because the house pays, a relay moves at least the
 * token's minimum and counts against the player's daily quota (chain/budgets.ts); below or past
 * them the player withdraws or swaps from the wallet, paying the gas (GET /api/config's `relay`).
 */
export function walletRouter(deps: WalletRouterDeps): Router {
  const router = Router();

  /**
   * Runs the relay as a call first, here on whichever instance answers (a refusal is a 400 with
   * its reason, no gas spent and nothing queued), then has the lease holder send it through the
   * outbox. The holder's gas estimate simulates it once more: a request that became invalid
   * meanwhile is refused with the same 400, never broadcast.
   */
  async function relay(reqId: string | undefined, player: string, kind: "withdraw" | "swap", data: string): Promise<TransactionReceipt> {
    const request = { to: deps.relayAddress, data };
    try {
      await deps.provider.call({ ...request, from: deps.settlerAddress });
    } catch (error) {
      const refusal = contractRevert(error);
      if (refusal) throw refusedAs(refusal.name);
      throw error;
    }
    let hash: string;
    try {
      hash = await deps.chainRequests.send(kind, request, player);
    } catch (error) {
      if (error instanceof ChainRequestRefused && error.refusal) throw refusedAs(error.refusal);
      throw error;
    }
    const receipt = await deps.provider.getTransactionReceipt(hash);
    if (!receipt) throw new Error(`the receipt of ${hash} is not available`);
    log.info({ reqId, kind, txHash: hash }, `Relayed a ${kind}`);
    return receipt;
  }

  function requireMinimum(kind: "withdrawal" | "swap", token: TokenSymbol, amount: bigint): void {
    const minimum = deps.relayMinimum[token];
    if (amount >= minimum) return;
    const direct = kind === "withdrawal" ? "withdraw" : "swap";
    throw badRequest(`The smallest relayed ${kind} is ${formatAmount(minimum)} ${token}: ${direct} less from your wallet directly`);
  }

  function signedInPlayer(res: Parameters<typeof signedInAddress>[0], walletAddress: string): string {
    const player = signedInAddress(res);
    if (walletAddress !== player) throw forbidden("walletAddress must be the signed-in wallet");
    return player;
  }

  router.post(
    "/withdraw",
    ...deps.signedIn,
    route(async (req, res) => {
      const body = parse(withdrawBody, req.body);
      const player = signedInPlayer(res, body.walletAddress);
      requireMinimum("withdrawal", body.token, body.amount);
      const request = { player, token: deps.tokenAddresses[body.token], amount: body.amount, deadline: body.deadline };
      const receipt = await relay((req as RouteRequest).id, player, "withdraw", relayInterface.encodeFunctionData("withdraw", [request, body.signature]));
      return { ok: true, txHash: receipt.hash, token: body.token, amount: formatAmount(body.amount) };
    }),
  );

  router.post(
    "/swap",
    ...deps.signedIn,
    route(async (req, res) => {
      const body = parse(swapBody, req.body);
      const player = signedInPlayer(res, body.walletAddress);
      requireMinimum("swap", body.fromToken, body.amount);
      const request = {
        player,
        fromToken: deps.tokenAddresses[body.fromToken],
        toToken: deps.tokenAddresses[body.toToken],
        amount: body.amount,
        minAmountOut: BigInt(body.minAmountOut),
        deadline: body.deadline,
      };
      const receipt = await relay((req as RouteRequest).id, player, "swap", relayInterface.encodeFunctionData("swap", [request, body.signature]));
      return {
        ok: true,
        txHash: receipt.hash,
        fromToken: body.fromToken,
        toToken: body.toToken,
        amountIn: formatAmount(body.amount),
        amountOut: formatAmount(swappedAmount(receipt)),
      };
    }),
  );

  // What is left of the signed-in player's relay quota, so the app can offer the wallet's own withdrawal instead.
  router.get(
    "/relay/quota",
    ...deps.signedIn,
    route(async (_req, res) => {
      const { budgets } = deps;
      const use = await budgetUse(deps.db, signedInAddress(res), budgets);
      const remaining = Math.min(budgets.relaysPerAddressPerDay - use.relaysByAddress, budgets.perAddressPerDay - use.byAddress);
      return { perAddressPerDay: budgets.relaysPerAddressPerDay, used: use.relaysByAddress, remaining: Math.max(0, remaining) };
    }),
  );
  return router;
}

/** The Casino's Swapped event of a relayed swap: what the player's vault received. */
function swappedAmount(receipt: TransactionReceipt): bigint {
  for (const log of receipt.logs) {
    const event = parseCasinoLog(log);
    if (event?.name === "Swapped") return event.args.amountOut;
  }
  return 0n;
}
