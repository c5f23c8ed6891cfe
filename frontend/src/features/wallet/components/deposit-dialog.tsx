import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { decimalOf, parseAmount } from "../amount";
import { announceDeposited, announceDepositFailed, announceInvalidAmount } from "../funds-toasts";
import { useCasinoAllowance } from "../hooks/use-casino-allowance";
import { useTxSteps } from "../hooks/use-tx-steps";
import { useWalletStore } from "../wallet-store";
import { depositFunds } from "../web3/deposit";
import { TxCancelled } from "../web3/transactions";
import { AllowanceNotice } from "./allowance-notice";
import { AmountField } from "./amount-field";
import { TxProgress } from "./tx-progress";

/** Wallet → Casino vault: DEGEN in two steps (approve, deposit), BNB in one. */
export function DepositDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [token, setToken] = useState<Token>("DEGEN");
  const [amount, setAmount] = useState("");
  const [running, setRunning] = useState(false);
  const { steps, start } = useTxSteps();
  const held = useWalletStore((state) => state.walletBalances[token]);
  const { allowance, reread } = useCasinoAllowance();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wei = parseAmount(amount);
    if (wei === null) return announceInvalidAmount();
    const shown = decimalOf(wei);
    setRunning(true);
    try {
      if (token === "DEGEN") await depositFunds("DEGEN", wei, start({ approve: `Approve ${shown} DEGEN`, deposit: `Deposit ${shown} DEGEN` }));
      else await depositFunds("BNB", wei, start({ deposit: `Deposit ${shown} BNB` }));
      announceDeposited(shown, token);
      setAmount("");
      onDone();
    } catch (error) {
      // A refusal in the wallet is the player's choice: the dialog stays as it was, no toast.
      if (!(error instanceof TxCancelled)) announceDepositFailed();
    } finally {
      setRunning(false);
      // An approval whose deposit failed or was cancelled is left over: the notice offers its reset.
      reread();
    }
  }

  return (
    <Modal title="Deposit" description="Move funds from your wallet into your Casino balance." onClose={onClose} data-testid="deposit-dialog">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TokenSwitch value={token} onChange={setToken} disabled={running} />
        <AmountField
          value={amount}
          onChange={setAmount}
          token={token}
          disabled={running}
          hint={`In your wallet: ${formatTokenAmount(token, Number(held))} ${token}`}
        />
        {token === "DEGEN" && <p className="text-xs text-slate-400">Two steps: approve exactly this amount for the Casino, then deposit it.</p>}
        <TxProgress steps={steps} />
        {!running && <AllowanceNotice allowance={allowance} onReset={reread} />}
        <Button type="submit" variant="primary" size="lg" disabled={running} data-testid="deposit-submit">
          {running ? "Depositing…" : "Deposit"}
        </Button>
      </form>
    </Modal>
  );
}
