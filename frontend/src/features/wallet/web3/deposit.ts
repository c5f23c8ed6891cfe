import type { Token } from "@/config/tokens";
import { displayAmount } from "../amount";
import { DEPOSIT_NEEDS_WALLET } from "../messages";
import { useWalletStore } from "../wallet-store";
import { tokenAddress } from "./contracts";
import { readyWallet } from "./index";
import { sendTransaction, simulate, type TxReport } from "./transactions";

/** The steps of a deposit: a DEGEN deposit is an approval, then the deposit; a BNB deposit is one transaction. */
export interface DepositSteps {
  approve: TxReport;
  deposit: TxReport;
}

/**
 * Moves `amount` from the player's wallet into their Casino vault by the player's own
 * transactions: DEGEN by an approval of exactly the amount (skipped when the allowance already
 * covers it) and the deposit; BNB as the deposit's value.
 */
export async function depositFunds(token: "DEGEN", amount: bigint, steps: DepositSteps): Promise<void>;
export async function depositFunds(token: "BNB", amount: bigint, steps: Pick<DepositSteps, "deposit">): Promise<void>;
export async function depositFunds(token: Token, amount: bigint, steps: Pick<DepositSteps, "deposit"> & Partial<DepositSteps>): Promise<void> {
  const context = { token };
  const { wallet, allowance } = await simulate(
    steps.approve ?? steps.deposit,
    async () => {
      if (useWalletStore.getState().mode === "demo") throw new Error(DEPOSIT_NEEDS_WALLET);
      const wallet = await readyWallet();
      const { degen } = wallet.contracts;
      const [held, allowance] = await Promise.all([
        token === "DEGEN" ? degen.balanceOf(wallet.account) : wallet.provider.getBalance(wallet.account),
        token === "DEGEN" ? degen.allowance(wallet.account, wallet.config.contracts.Casino) : Promise.resolve(0n),
      ]);
      // Checked first: a DEGEN shortfall would otherwise only show after the approval.
      if (held < amount) throw new Error(`Your wallet holds only ${displayAmount(token, held)} ${token}.`);
      return { wallet, allowance };
    },
    context,
  );
  const { casino, degen } = wallet.contracts;
  const address = tokenAddress(wallet.config, token);
  if (token === "DEGEN") {
    const approve = steps.approve!;
    if (allowance >= amount) approve({ phase: "skipped" });
    else await sendTransaction(wallet, await degen.approve.populateTransaction(wallet.config.contracts.Casino, amount), approve, context);
    await sendTransaction(wallet, await casino.deposit.populateTransaction(address, amount), steps.deposit, context);
  } else {
    await sendTransaction(wallet, await casino.deposit.populateTransaction(address, amount, { value: amount }), steps.deposit, context);
  }
}
