import { readyWallet } from "./index";
import { sendTransaction, simulate, type TxReport } from "./transactions";

/**
 * What the Casino may still spend of the DEGEN in the player's wallet: a deposit approves exactly
 * its amount and spends it, so anything here is left over (a deposit that failed or was cancelled
 * after its approval, an approval made elsewhere).
 */
export async function readCasinoAllowance(): Promise<bigint> {
  const wallet = await readyWallet();
  return wallet.contracts.degen.allowance(wallet.account, wallet.config.contracts.Casino);
}

/** approve(Casino, 0), the player's own transaction: the Casino may then spend none of the wallet's DEGEN. */
export async function resetCasinoAllowance(report: TxReport): Promise<void> {
  const context = { token: "DEGEN" } as const;
  const wallet = await simulate(report, readyWallet, context);
  await sendTransaction(wallet, await wallet.contracts.degen.approve.populateTransaction(wallet.config.contracts.Casino, 0n), report, context);
}
