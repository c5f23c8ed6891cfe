import { getAddress } from "ethers";
import { shortHash } from "@/components/ui/tx-hash";
import type { Token } from "@/config/tokens";
import { ApiError, apiRequest, serverErrorText } from "@/lib/api-client";
import { decimalOf, displayAmount } from "../amount";
import { insufficientBalance, WITHDRAW_NEEDS_WALLET, WITHDRAWAL_FAILED } from "../messages";
import { useWalletStore } from "../wallet-store";
import { tokenAddress } from "./contracts";
import { readyWallet, type ReadyWallet } from "./index";
import { playerEvents, prepareWithdraw, signRequest } from "./relay";
import { awaitRelay, inWallet, sendTransaction, simulate, type TxReport } from "./transactions";

/** The server's answer to docs/product.md §7's POST /api/withdraw (server/README.md): only its hash is used. */
interface WithdrawAnswer {
  txHash: string;
}

/** The connected wallet, once the vault is known to hold the amount (read now, not from the last poll). */
async function walletHolding(token: Token, amount: bigint): Promise<ReadyWallet> {
  if (useWalletStore.getState().mode === "demo") throw new Error(WITHDRAW_NEEDS_WALLET);
  const wallet = await readyWallet();
  const vault = await wallet.contracts.casino.getBalance(wallet.account, tokenAddress(wallet.config, token));
  if (vault < amount) throw new Error(insufficientBalance(token));
  return wallet;
}

/**
 * docs/product.md §7's withdrawal: the player signs an EIP-712 request and the server relays it through
 * CasinoRelay, paying the gas, so the player spends none. The chain is asked first whether the
 * player's own withdrawal of that amount would go through.
 */
export async function withdrawByRelay(token: Token, amount: bigint, report: TxReport): Promise<void> {
  const context = { token };
  const { wallet, typed } = await simulate(
    report,
    async () => {
      const wallet = await walletHolding(token, amount);
      const address = tokenAddress(wallet.config, token);
      await wallet.contracts.casino.withdraw.staticCall(address, amount);
      return { wallet, typed: await prepareWithdraw(wallet, { token: address, amount }) };
    },
    context,
  );
  const signature = await inWallet(report, () => signRequest(wallet, typed), context);
  await awaitRelay(
    wallet,
    report,
    {
      signature,
      send: async () => {
        const body = { walletAddress: wallet.account, token, amount: decimalOf(amount), deadline: Number(typed.value.deadline), signature };
        const answer = await apiRequest<WithdrawAnswer>("POST", "/api/withdraw", body).catch((error: unknown) => {
          throw relayError(error);
        });
        return answer.txHash;
      },
      outcomeOf: (receipt) => {
        // The relay pays exactly the signed amount or reverts; anything else is not this withdrawal.
        const paid = playerEvents(wallet, receipt, "Withdrawn")
          .filter((event) => event.token === getAddress(typed.value.token))
          .reduce((sum, event) => sum + event.amount, 0n);
        if (paid !== amount) {
          throw new Error(
            `The chain does not show this withdrawal: the transaction the server named (${shortHash(receipt.hash)}) withdrew ${displayAmount(token, paid)} ${token} from your Casino balance, not ${displayAmount(token, amount)} ${token}.`,
          );
        }
      },
    },
    context,
  );
}

/** The player's own `withdraw` transaction: it costs gas but needs no server, so it works while the server is down. */
export async function withdrawDirectly(token: Token, amount: bigint, report: TxReport): Promise<void> {
  const context = { token };
  const wallet = await simulate(report, () => walletHolding(token, amount), context);
  await sendTransaction(wallet, await wallet.contracts.casino.withdraw.populateTransaction(tokenAddress(wallet.config, token), amount), report, context);
}

/**
 * docs/product.md §8: a non-ok answer is 'Withdrawal failed'; the server's own reason (`{ error }`) says more
 * and is shown when it gives one. An unreachable server points at the direct withdrawal.
 */
function relayError(error: unknown): Error {
  if (error instanceof ApiError) return new Error(serverErrorText(error) ?? WITHDRAWAL_FAILED);
  return new Error("The server could not be reached: use Withdraw directly instead.");
}
