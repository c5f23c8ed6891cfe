import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { Token } from "@/config/tokens";
import { decimalOf, parseAmount, AmountField, TxProgress, useTxSteps } from "@/features/wallet";
import { saveLimits } from "../limits-chain";
import { BET_CAP_NAME, splitChanges, WINDOW_NAMES, type TokenLimits } from "../limit-changes";

export const LOOSER_LATER = "A stricter setting takes effect at once; a looser one only after 24 h.";

const shown = (wei: bigint) => (wei === 0n ? "" : decimalOf(wei));

/** An empty field is no limit; anything else must be an amount above 0. */
function limitOf(text: string): bigint | null {
  return text.trim() === "" ? 0n : parseAmount(text);
}

/** The player's own setLimits transaction for one token: the three loss limits and the largest bet. */
export function LimitsForm({ token, current, onSaved }: { token: Token; current: TokenLimits; onSaved: () => void }) {
  const [fields, setFields] = useState<string[]>([...current.loss.map((window) => shown(window.limit)), shown(current.betCap.limit)]);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const { steps, start } = useTxSteps();
  const values = fields.map(limitOf);
  const wanted = values.every((value) => value !== null) ? { loss: values.slice(0, 3) as bigint[], betCap: values[3]! } : null;
  const changes = wanted ? splitChanges(current, wanted) : { atOnce: [], later: [] };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!wanted) return setError("Enter each limit as an amount above 0, or leave it empty for no limit.");
    setError(null);
    setRunning(true);
    try {
      await saveLimits(token, wanted.loss as [bigint, bigint, bigint], wanted.betCap, start({ save: `Set your ${token} limits` }).save);
      onSaved();
    } catch {
      // The step shows why; a refusal in the wallet stays quiet.
    } finally {
      setRunning(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-testid="limits-form">
      <div className="grid grid-cols-2 gap-2">
        {[...WINDOW_NAMES, BET_CAP_NAME].map((name, index) => (
          <AmountField
            key={name}
            label={name}
            token={token}
            value={fields[index]!}
            disabled={running}
            placeholder="No limit"
            data-testid={`limit-input-${index}`}
            onChange={(value) => setFields(fields.map((field, at) => (at === index ? value : field)))}
          />
        ))}
      </div>
      <p className="text-xs text-slate-400" data-testid="limits-rule">
        {LOOSER_LATER}
      </p>
      {changes.atOnce.length + changes.later.length > 0 && (
        <p className="text-xs text-slate-200" data-testid="limits-changes">
          {changes.atOnce.length > 0 && `At once: ${changes.atOnce.join(", ")}. `}
          {changes.later.length > 0 && `After 24 h: ${changes.later.join(", ")}.`}
        </p>
      )}
      {error && (
        <p role="alert" className="text-xs text-pink">
          {error}
        </p>
      )}
      <TxProgress steps={steps} />
      <Button type="submit" variant="secondary" disabled={running || changes.atOnce.length + changes.later.length === 0} data-testid="limits-save">
        {running ? "Saving…" : "Save limits"}
      </Button>
    </form>
  );
}
