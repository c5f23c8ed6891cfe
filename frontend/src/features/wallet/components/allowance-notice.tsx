import { useState } from "react";
import { MaxUint256 } from "ethers";
import { Button } from "@/components/ui/button";
import { displayAmount } from "../amount";
import { useTxSteps } from "../hooks/use-tx-steps";
import { resetCasinoAllowance } from "../web3/allowance";
import { TxCancelled } from "../web3/transactions";
import { TxProgress } from "./tx-progress";

/**
 * A DEGEN allowance the Casino still holds from the player's wallet, and one click to set it to 0
 * (issue #19, finding R2-12): nothing should be left spendable that the player did not just approve.
 */
export function AllowanceNotice({ allowance, onReset }: { allowance: bigint | null; onReset: () => void }) {
  const { steps, start } = useTxSteps();
  const [resetting, setResetting] = useState(false);
  if (!allowance && steps.length === 0) return null;

  async function reset() {
    setResetting(true);
    try {
      await resetCasinoAllowance(start({ reset: "Set the Casino's DEGEN allowance to 0" }).reset);
    } catch (error) {
      // The step shows the reason; a refusal in the wallet is the player's choice.
      if (!(error instanceof TxCancelled)) console.info("Resetting the allowance failed", error);
    } finally {
      setResetting(false);
      onReset();
    }
  }

  // An "unlimited" approval (2^256 − 1, as many dApps ask) would print as a 78-digit number.
  const amount = allowance !== null && allowance > MaxUint256 / 2n ? "an unlimited amount of DEGEN" : `${displayAmount("DEGEN", allowance ?? 0n)} DEGEN`;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-xs text-slate-200" data-testid="allowance-notice">
      {allowance ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 flex-1" data-testid="allowance-left">
            The Casino may still spend {amount} from your wallet, left from an earlier approval.
          </p>
          <Button type="button" variant="secondary" size="sm" disabled={resetting} data-testid="allowance-reset" onClick={() => void reset()}>
            {resetting ? "Resetting…" : "Reset allowance"}
          </Button>
        </div>
      ) : (
        <p data-testid="allowance-left">The Casino may spend none of the DEGEN in your wallet.</p>
      )}
      <TxProgress steps={steps} />
    </div>
  );
}
