import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { decimalOf, parseAmount } from "../amount";
import { announceInvalidAmount, announceWithdrawalFailed, announceWithdrawn } from "../funds-toasts";
import { useRelayLimits } from "../hooks/use-relay-limits";
import { useTxSteps } from "../hooks/use-tx-steps";
import { relayRefusal } from "../relay-limits";
import { useWalletStore } from "../wallet-store";
import { TxCancelled } from "../web3/transactions";
import { withdrawByRelay, withdrawDirectly } from "../web3/withdraw";
import { AmountField } from "./amount-field";
import { TxProgress } from "./tx-progress";

type Route = "relay" | "direct";

/** Casino vault → wallet (a one-click session's lane is not touched): signed and relayed by the server (no gas), or the player's own transaction. */
export function WithdrawDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [token, setToken] = useState<Token>("DEGEN");
  const [amount, setAmount] = useState("");
  const [running, setRunning] = useState<Route | null>(null);
  const { steps, start } = useTxSteps();
  const vault = useWalletStore((state) => state.onChainBalances[token]);
  // Below the server's minimum or past its daily quota, the direct withdrawal is the way (issue #19, finding R2-8).
  const notRelayed = relayRefusal(useRelayLimits(), token, parseAmount(amount));

  async function withdraw(route: Route) {
    const wei = parseAmount(amount);
    if (wei === null) return announceInvalidAmount();
    const shown = decimalOf(wei);
    setRunning(route);
    try {
      if (route === "relay") await withdrawByRelay(token, wei, start({ relay: `Withdraw ${shown} ${token}, signed and relayed` }).relay);
      else await withdrawDirectly(token, wei, start({ direct: `Withdraw ${shown} ${token} directly` }).direct);
      announceWithdrawn();
      setAmount("");
      onDone();
    } catch (error) {
      if (!(error instanceof TxCancelled)) announceWithdrawalFailed();
    } finally {
      setRunning(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void withdraw(notRelayed ? "direct" : "relay");
  }

  return (
    <Modal title="Withdraw" description="Move funds from your Casino balance back to your wallet." onClose={onClose} data-testid="withdraw-dialog">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TokenSwitch value={token} onChange={setToken} disabled={running !== null} />
        <AmountField
          value={amount}
          onChange={setAmount}
          token={token}
          disabled={running !== null}
          hint={`In your vault: ${formatTokenAmount(token, Number(vault))} ${token}`}
        />
        <TxProgress steps={steps} />
        {notRelayed ? (
          <div className="flex flex-col gap-2">
            <p role="note" className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-xs text-slate-200" data-testid="relay-unavailable">
              {notRelayed}
            </p>
            <Button type="submit" variant="primary" size="lg" disabled={running !== null} data-testid="withdraw-direct">
              {running === "direct" ? "Withdrawing…" : "Withdraw directly"}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Button type="submit" variant="primary" size="lg" disabled={running !== null} data-testid="withdraw-submit">
              {running === "relay" ? "Withdrawing…" : "Withdraw"}
            </Button>
            <p className="text-xs text-slate-400">You sign the request in your wallet and the Casino sends it: no gas for you.</p>
            <Button
              type="button"
              variant="secondary"
              size="md"
              disabled={running !== null}
              data-testid="withdraw-direct"
              onClick={() => void withdraw("direct")}
            >
              {running === "direct" ? "Withdrawing…" : "Withdraw directly"}
            </Button>
            <p className="text-xs text-slate-400">Your own transaction: you pay the gas, and it works even when the Casino server is down.</p>
          </div>
        )}
      </form>
    </Modal>
  );
}
