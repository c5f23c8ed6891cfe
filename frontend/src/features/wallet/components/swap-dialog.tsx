import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TokenSwitch } from "@/components/ui/token-switch";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { decimalOf, formatSwapOutput, parseAmount } from "../amount";
import { announceInvalidAmount, announceInvalidSwap, announceSwapFailed, announceSwapped } from "../funds-toasts";
import { useSwapQuote, type QuoteView } from "../hooks/use-swap-quote";
import { useTxSteps } from "../hooks/use-tx-steps";
import { useWalletStore } from "../wallet-store";
import { explain } from "../web3/explain";
import { swapTokens } from "../web3/swap";
import { TxCancelled } from "../web3/transactions";
import { AmountField } from "./amount-field";
import { TxProgress } from "./tx-progress";

/** One Casino balance into the other at the swap desk's rate, within its caps; relayed for the player's signature. */
export function SwapDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const [fromToken, setFromToken] = useState<Token>("DEGEN");
  const [toToken, setToToken] = useState<Token>("BNB");
  const [amount, setAmount] = useState("");
  const [running, setRunning] = useState(false);
  const { steps, start } = useTxSteps();
  const vault = useWalletStore((state) => state.onChainBalances[fromToken]);
  const wei = parseAmount(amount);
  const quoted = useSwapQuote(fromToken, toToken, wei);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // docs/product.md §5 'Swap (dialog)': an amount above 0, then two different tokens.
    if (wei === null) return announceInvalidAmount();
    if (fromToken === toToken) return announceInvalidSwap();
    const shown = decimalOf(wei);
    // The player accepts the quote they were shown, if it is for what they are swapping now.
    const seen = quoted.quote?.fromToken === fromToken && quoted.quote.amount === wei ? quoted.quote.amountOut : null;
    setRunning(true);
    try {
      const swapped = await swapTokens(fromToken, toToken, wei, seen, start({ swap: `Swap ${shown} ${fromToken} for ${toToken}` }).swap);
      // What the chain's Swapped event says was swapped, not what the server's answer says.
      announceSwapped(decimalOf(swapped.amountIn), fromToken, formatSwapOutput(toToken, swapped.amountOut), toToken);
      setAmount("");
      onDone();
    } catch (error) {
      if (!(error instanceof TxCancelled)) announceSwapFailed(explain(error).message);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Modal title="Swap Tokens" description="Exchange one Casino balance for the other at the Casino's rate." onClose={onClose} data-testid="swap-dialog">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <div data-testid="swap-from">
            <TokenSwitch label="From" value={fromToken} onChange={setFromToken} disabled={running} />
          </div>
          <div data-testid="swap-to">
            <TokenSwitch label="To" value={toToken} onChange={setToToken} disabled={running} />
          </div>
        </div>
        <AmountField
          value={amount}
          onChange={setAmount}
          token={fromToken}
          disabled={running}
          hint={`In your vault: ${formatTokenAmount(fromToken, Number(vault))} ${fromToken}`}
        />
        <QuotePanel view={quoted} toToken={toToken} />
        <TxProgress steps={steps} />
        <Button type="submit" variant="primary" size="lg" disabled={running} data-testid="swap-submit">
          {running ? "Swapping…" : "Swap"}
        </Button>
        <p className="text-xs text-slate-400">You sign the swap in your wallet and the Casino sends it: no gas for you.</p>
      </form>
    </Modal>
  );
}

/** What the swap pays and the most a swap may pay now, shown before the player confirms. */
function QuotePanel({ view, toToken }: { view: QuoteView; toToken: Token }) {
  if (view.error) {
    return (
      <p role="alert" className="text-sm text-pink" data-testid="swap-quote-error">
        {view.error}
      </p>
    );
  }
  if (!view.quote) return null;
  const { amountOut, maxAmountOut } = view.quote;
  const aboveCap = amountOut > maxAmountOut;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-xl border border-white/10 bg-night-950/50 px-3 py-2 text-sm" data-testid="swap-quote">
      <dt className="text-slate-400">You receive</dt>
      <dd className="text-right font-semibold tabular-nums text-white" data-testid="swap-quote-out">
        {formatSwapOutput(toToken, amountOut)} {toToken}
      </dd>
      <dt className="text-slate-400">Cap per swap now</dt>
      <dd className="text-right tabular-nums text-slate-200" data-testid="swap-quote-cap">
        {formatSwapOutput(toToken, maxAmountOut)} {toToken}
      </dd>
      {aboveCap && (
        <dd role="alert" className="col-span-2 text-xs text-pink" data-testid="swap-above-cap">
          Above the cap: a swap can pay at most {formatSwapOutput(toToken, maxAmountOut)} {toToken} right now. Swap less.
        </dd>
      )}
    </dl>
  );
}
