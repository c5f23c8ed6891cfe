import { Router } from "express";
import { z } from "zod";
import { sessionAddress } from "../auth/session";
import { casinoInterface, casinoRevertReason } from "../chain/casino";
import type { TxSender } from "../chain/sender";
import { badRequest, forbidden, parse, route } from "../http/errors";
import { address, tokenAmount, tokenSymbol } from "../http/validators";
import { formatAmount, type TokenSymbol } from "../tokens";

const withdrawBody = z.object({ walletAddress: address, token: tokenSymbol, amount: tokenAmount }).strict();
const swapBody = z
  .object({ walletAddress: address, fromToken: tokenSymbol, toToken: tokenSymbol, amount: tokenAmount })
  .strict()
  .refine((body) => body.fromToken !== body.toToken, { message: "Cannot swap same token", path: ["toToken"] });

const REVERT_MESSAGES: Record<string, string> = {
  InsufficientBalance: "Insufficient vault balance",
  InsufficientBankroll: "The house cannot cover this swap right now",
  ZeroAmount: "Amount must be greater than 0",
};

/** SPEC §7's withdraw and swap, relayed through withdrawFor / swapFor for the signed-in player only. */
export function walletRouter(deps: { sender: TxSender; casinoAddress: string; tokenAddresses: Record<TokenSymbol, string> }): Router {
  const router = Router();

  async function relay(data: string) {
    let hash: string;
    try {
      hash = await deps.sender.send({ to: deps.casinoAddress, data });
    } catch (error) {
      const reason = casinoRevertReason(error);
      if (reason) throw badRequest(REVERT_MESSAGES[reason] ?? `Refused by the Casino: ${reason}`);
      throw error;
    }
    return deps.sender.confirm(hash);
  }

  router.post(
    "/withdraw",
    route(async (req, res) => {
      const body = parse(withdrawBody, req.body);
      const player = sessionAddress(res);
      if (body.walletAddress !== player) throw forbidden("walletAddress must be the signed-in wallet");
      const receipt = await relay(casinoInterface.encodeFunctionData("withdrawFor", [player, deps.tokenAddresses[body.token], body.amount]));
      return { ok: true, txHash: receipt.hash, token: body.token, amount: formatAmount(body.amount) };
    }),
  );

  router.post(
    "/swap",
    route(async (req, res) => {
      const body = parse(swapBody, req.body);
      const player = sessionAddress(res);
      if (body.walletAddress !== player) throw forbidden("walletAddress must be the signed-in wallet");
      const receipt = await relay(casinoInterface.encodeFunctionData("swapFor", [player, deps.tokenAddresses[body.fromToken], body.amount]));
      const swapped = receipt.logs
        .map((log) => {
          try {
            return casinoInterface.parseLog({ topics: [...log.topics], data: log.data });
          } catch {
            return null;
          }
        })
        .find((log) => log?.name === "Swapped");
      const amountOut = swapped ? (swapped.args.amountOut as bigint) : 0n;
      return {
        ok: true,
        txHash: receipt.hash,
        fromToken: body.fromToken,
        toToken: body.toToken,
        amountIn: formatAmount(body.amount),
        amountOut: formatAmount(amountOut),
      };
    }),
  );
  return router;
}
