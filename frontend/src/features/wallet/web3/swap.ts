import { getAddress } from "ethers";
import { shortHash } from "@/components/ui/tx-hash";
import type { Token } from "@/config/tokens";
import { ApiError, apiRequest, serverErrorText } from "@/lib/api-client";
import { decimalOf } from "../amount";
import { INVALID_SWAP_AMOUNT, insufficientBalance, SAME_TOKEN_SWAP, SWAP_FAILED, WEB3_NEEDS_WALLET } from "../messages";
import { useWalletStore } from "../wallet-store";
import { tokenAddress } from "./contracts";
import { readyWallet, type ReadyWallet } from "./index";
import { playerEvents, prepareSwap, signRequest } from "./relay";
import { awaitRelay, inWallet, simulate, type TxReport } from "./transactions";

/** CasinoSwap.quote's answer: what swapping `amount` of `fromToken` pays now, and the most its caps let a swap pay now. */
export interface SwapQuote {
  fromToken: Token;
  amount: bigint;
  amountOut: bigint;
  maxAmountOut: bigint;
}

/** The server's answer to docs/product.md §7's POST /api/swap (server/README.md): only its hash is used. */
interface SwapAnswer {
  txHash: string;
}

async function quoteWith(wallet: ReadyWallet, fromToken: Token, amount: bigint): Promise<SwapQuote> {
  const [amountOut, maxAmountOut] = await wallet.contracts.swapDesk.quote(tokenAddress(wallet.config, fromToken), amount);
  return { fromToken, amount, amountOut, maxAmountOut };
}

/** The swap desk's price and cap for swapping `amount` of `fromToken` into the other token. */
export async function quoteSwap(fromToken: Token, amount: bigint): Promise<SwapQuote> {
  return quoteWith(await readyWallet(), fromToken, amount);
}

/**
 * docs/product.md §7's swap, relayed: the player signs an EIP-712 request accepting no less than the quote
 * they were shown (`acceptedOut`; quoted now when they saw none), and the server sends it through
 * CasinoRelay. Returns what was swapped, from the transaction's Swapped event.
 */
export async function swapTokens(fromToken: Token, toToken: Token, amount: bigint, acceptedOut: bigint | null, report: TxReport) {
  const context = { token: fromToken, payoutToken: toToken };
  const { wallet, typed } = await simulate(
    report,
    async () => {
      // docs/product.md §5 'Swap (wallet layer)', in its order.
      if (amount <= 0n) throw new Error(INVALID_SWAP_AMOUNT);
      if (fromToken === toToken) throw new Error(SAME_TOKEN_SWAP);
      if (useWalletStore.getState().mode === "demo") throw new Error(WEB3_NEEDS_WALLET);
      const wallet = await readyWallet();
      const from = tokenAddress(wallet.config, fromToken);
      const vault = await wallet.contracts.casino.getBalance(wallet.account, from);
      if (amount > vault) throw new Error(insufficientBalance(fromToken));
      const minAmountOut = acceptedOut ?? (await quoteWith(wallet, fromToken, amount)).amountOut;
      // The player's own swap with the same figures meets every cap and check the relayed one will.
      await wallet.contracts.swapDesk.swap.staticCall(from, amount, minAmountOut);
      return { wallet, typed: await prepareSwap(wallet, { fromToken: from, toToken: tokenAddress(wallet.config, toToken), amount, minAmountOut }) };
    },
    context,
  );
  const signature = await inWallet(report, () => signRequest(wallet, typed), context);
  return awaitRelay(
    wallet,
    report,
    {
      signature,
      send: async () => {
        const body = {
          walletAddress: wallet.account,
          fromToken,
          toToken,
          amount: decimalOf(amount),
          minAmountOut: decimalOf(typed.value.minAmountOut),
          deadline: Number(typed.value.deadline),
          signature,
        };
        const answer = await apiRequest<SwapAnswer>("POST", "/api/swap", body).catch((error: unknown) => {
          // docs/product.md §8: a non-ok answer is 'Swap failed'; the server's own reason is shown when it gives one.
          throw new Error(error instanceof ApiError ? (serverErrorText(error) ?? SWAP_FAILED) : SWAP_FAILED);
        });
        return answer.txHash;
      },
      outcomeOf: (receipt) => {
        const swapped = playerEvents(wallet, receipt, "Swapped").find(
          (event) => event.fromToken === getAddress(typed.value.fromToken) && event.amountIn === amount,
        );
        // The relay swaps exactly the signed amount for at least the accepted output, or reverts.
        if (!swapped || swapped.amountOut < typed.value.minAmountOut) {
          throw new Error(`The chain does not show this swap: the transaction the server named (${shortHash(receipt.hash)}) did not swap your ${fromToken}.`);
        }
        return { amountIn: swapped.amountIn, amountOut: swapped.amountOut };
      },
    },
    context,
  );
}
