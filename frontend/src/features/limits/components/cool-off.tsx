import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TxProgress, useTxSteps } from "@/features/wallet";
import { chainNow, saveCoolOff } from "../limits-chain";
import { dateTime, type PlayerLimits } from "../limit-changes";

const DAY = 24 * 60 * 60;
const BREAKS = [
  { label: "24 hours", seconds: DAY },
  { label: "7 days", seconds: 7 * DAY },
  { label: "30 days", seconds: 30 * DAY },
  { label: "6 months", seconds: 182 * DAY },
] as const;

/** A cool-off (a self-exclusion when long): no bets until a date. Longer at once; shorter or ended only 24 h after asking. */
export function CoolOff({ coolOff, onSaved }: { coolOff: PlayerLimits["coolOff"]; onSaved: () => void }) {
  const [choice, setChoice] = useState<number>(BREAKS[0].seconds);
  const [running, setRunning] = useState(false);
  const { steps, start } = useTxSteps();
  // Read when the dialog opens: the cool-off's end is a date, not a countdown.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const active = coolOff.until > now;

  const send = async (until: (chainTime: number) => number, label: string) => {
    setRunning(true);
    try {
      await saveCoolOff(until(await chainNow()), start({ coolOff: label }).coolOff);
      onSaved();
    } catch {
      // The step shows why; a refusal in the wallet stays quiet.
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-white/10 px-3 py-2" data-testid="cool-off">
      <p className="text-sm font-semibold text-slate-100">Cool-off</p>
      <p className="text-xs text-slate-300" data-testid="cool-off-state">
        {active ? `You are taking a break: no bets until ${dateTime(coolOff.until)}.` : "No cool-off."}
        {coolOff.pendingUntil !== null &&
          ` It ends ${coolOff.pendingUntil === 0 ? "" : `on ${dateTime(coolOff.pendingUntil)} `}from ${dateTime(coolOff.pendingAt)} instead, 24 h after you asked.`}
      </p>
      <p className="text-xs text-slate-400">
        No bets on any game until it ends, however they are sent; withdrawals stay open. A longer break starts at once; ending one earlier takes 24 h.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label="Length of the break"
          value={choice}
          disabled={running}
          data-testid="cool-off-length"
          onChange={(event) => setChoice(Number(event.target.value))}
          className="h-9 rounded-lg border border-white/15 bg-night-950/60 px-2 text-sm text-white focus:border-cyan/70"
        >
          {BREAKS.map((entry) => (
            <option key={entry.seconds} value={entry.seconds}>
              {entry.label}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={running}
          data-testid="cool-off-start"
          onClick={() => void send((time) => time + choice, "Take a break")}
        >
          Take a break
        </Button>
        {active && coolOff.pendingUntil === null && (
          <Button size="sm" variant="ghost" disabled={running} data-testid="cool-off-end" onClick={() => void send(() => 0, "End the break in 24 h")}>
            End it in 24 h
          </Button>
        )}
      </div>
      <TxProgress steps={steps} />
    </div>
  );
}
