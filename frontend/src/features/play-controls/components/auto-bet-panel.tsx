import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { settingsOf, type AutoBetForm } from "../auto-bet-form";
import { useAutoBetFormStore } from "../auto-bet-form-store";
import type { AutoBet } from "../use-auto-bet";

/**
 * Auto-bet's settings and its run (issue #20 item 7): the number of bets, a stop on total profit
 * or loss, and what a win and a loss do to the stake.
 */
export function AutoBetPanel({
  token,
  autoBet,
  disabled,
  requirement,
}: {
  token: Token;
  /** The page's usePlayControls. */
  autoBet: AutoBet;
  disabled: boolean;
  /** What the game needs before auto-bet can start, said while it is missing. */
  requirement?: string;
}) {
  const form = useAutoBetFormStore((state) => state.formOf(token));
  const keep = useAutoBetFormStore((state) => state.keep);
  const setForm = (next: AutoBetForm) => keep(token, next);
  const [error, setError] = useState<string | null>(null);
  const { running, progress, message } = autoBet.run;
  const start = () => {
    const settings = settingsOf(form);
    if (typeof settings === "string") return setError(settings);
    setError(null);
    void autoBet.start(settings);
  };
  const profit = `${progress.profit >= 0 ? "+" : "-"}${formatTokenAmount(token, Math.abs(progress.profit))} ${token}`;
  return (
    <details className="rounded-xl border border-white/10 bg-night-950/40 px-3 py-2 text-sm" data-testid="auto-bet">
      <summary className="cursor-pointer font-semibold text-slate-100">Auto-bet</summary>
      <div className="mt-3 flex flex-col gap-3">
        <div className="grid grid-cols-3 gap-2">
          <Field label="Number of bets">
            <Input value={form.count} disabled={running} testId="auto-bet-count" onChange={(count) => setForm({ ...form, count })} />
          </Field>
          <Field label={`Stop at profit (${token})`}>
            <Input
              value={form.stopOnProfit}
              disabled={running}
              testId="auto-bet-stop-profit"
              placeholder="none"
              onChange={(stopOnProfit) => setForm({ ...form, stopOnProfit })}
            />
          </Field>
          <Field label={`Stop at loss (${token})`}>
            <Input
              value={form.stopOnLoss}
              disabled={running}
              testId="auto-bet-stop-loss"
              placeholder="none"
              onChange={(stopOnLoss) => setForm({ ...form, stopOnLoss })}
            />
          </Field>
        </div>
        <ChangeChoice label="On a win" name="win" value={form.onWin} disabled={running} onChange={(onWin) => setForm({ ...form, onWin })} />
        <ChangeChoice label="On a loss" name="loss" value={form.onLoss} disabled={running} onChange={(onLoss) => setForm({ ...form, onLoss })} />
        {error && (
          <p role="alert" className="text-xs text-pink">
            {error}
          </p>
        )}
        {running ? (
          <Button variant="secondary" data-testid="auto-bet-stop" onClick={autoBet.stop}>
            Stop auto-bet
          </Button>
        ) : (
          <Button variant="secondary" data-testid="auto-bet-start" disabled={disabled} onClick={start}>
            Start auto-bet
          </Button>
        )}
        {(running || message) && (
          <p className="text-xs text-slate-300" aria-live="polite" data-testid="auto-bet-progress" data-played={progress.played} data-running={running}>
            {progress.played} bet{progress.played === 1 ? "" : "s"} played, {profit} so far.{message && ` ${message}`}
          </p>
        )}
        {requirement && <p className="text-xs text-gold">{requirement}</p>}
        <p className="text-xs text-slate-500">It stops at the first error or limit, and when you leave the page.</p>
      </div>
    </details>
  );
}

function ChangeChoice({
  label,
  name,
  value,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  value: AutoBetForm["onWin"];
  disabled: boolean;
  onChange: (value: AutoBetForm["onWin"]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-200" data-testid={`auto-bet-on-${name}`}>
      <legend className="mb-1 font-medium tracking-wider text-slate-400">{label}</legend>
      <label className="flex items-center gap-1.5">
        <input type="radio" name={`auto-bet-${name}`} checked={!value.multiply} disabled={disabled} onChange={() => onChange({ ...value, multiply: false })} />
        Back to the first stake
      </label>
      <label className="flex items-center gap-1.5">
        <input type="radio" name={`auto-bet-${name}`} checked={value.multiply} disabled={disabled} onChange={() => onChange({ ...value, multiply: true })} />
        Multiply the stake by
      </label>
      <input
        aria-label={`${label}: multiply the stake by`}
        value={value.factor}
        disabled={disabled || !value.multiply}
        inputMode="decimal"
        onChange={(event) => onChange({ ...value, factor: event.target.value })}
        className="h-8 w-16 rounded-lg border border-white/15 bg-night-950/60 px-2 text-white focus:border-cyan/70 disabled:opacity-40"
      />
    </fieldset>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium tracking-wider text-slate-400">
      {label}
      {children}
    </label>
  );
}

function Input({
  value,
  onChange,
  disabled,
  testId,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  testId: string;
  placeholder?: string;
}) {
  return (
    <input
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      inputMode="decimal"
      data-testid={testId}
      onChange={(event) => onChange(event.target.value)}
      className="h-9 min-w-0 rounded-lg border border-white/15 bg-night-950/60 px-2 text-sm font-semibold tabular-nums text-white focus:border-cyan/70 disabled:opacity-40"
    />
  );
}
