import { useId, useState, type ReactNode } from "react";
import { formatTokenAmount, type Token } from "@/config/tokens";
import { BET_CHIPS, MIN_BET, canHalveBet, halveBet, maxBet, parseBetInput, roundBet } from "@/lib/bet-rules";
import { cn } from "@/lib/cn";
import { FIELD_FRAME } from "./field-frame";

export interface BetInputProps {
  token: Token;
  /** The current bet, already rounded to the token's decimals. */
  value: number;
  onChange: (bet: number) => void;
  playableBalance: number;
  /** What the playable balance is called: 'Balance', or with one-click play on for the game, the session's funds (features/play-controls StakeField). */
  balanceLabel?: string;
  /** With one-click play on, its smallest stake when above the minimum bet (features/one-click useOneClickMinimum): a smaller bet goes to the wallet. */
  oneClickMinimum?: number | null;
  disabled?: boolean;
  label?: string;
  /** Beside the minimum: what the stake is worth in another unit (the game pages give its USD value). */
  stakeValue?: ReactNode;
}

const chipClasses: Record<Token, string> = {
  DEGEN: "border-gold/40 text-gold hover:bg-gold/15 aria-pressed:bg-gold aria-pressed:text-night-950",
  BNB: "border-cyan/40 text-cyan hover:bg-cyan/15 aria-pressed:bg-cyan aria-pressed:text-night-950",
};

/** docs/product.md §5 'Bet input': typed amount, ½ and Max, and the token's chips. */
export function BetInput({
  token,
  value,
  onChange,
  playableBalance,
  balanceLabel = "Balance",
  oneClickMinimum = null,
  disabled = false,
  label = "Bet amount",
  stakeValue,
}: BetInputProps) {
  const inputId = useId();
  const hintId = useId();
  // What the player is typing; null shows the committed bet.
  const [draft, setDraft] = useState<string | null>(null);
  const draftIsInvalid = draft !== null && parseBetInput(token, draft) === null;
  const belowOneClick = oneClickMinimum !== null && value < oneClickMinimum;

  function commit(bet: number) {
    setDraft(null);
    onChange(bet);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-xs font-medium tracking-wider text-slate-400">
          {label}
        </label>
        <span className="text-xs text-slate-400" data-testid="bet-input-balance">
          {balanceLabel}{" "}
          <span className="font-semibold tabular-nums text-slate-200">
            {formatTokenAmount(token, playableBalance)} {token}
          </span>
        </span>
      </div>

      <div className={cn(FIELD_FRAME, "flex items-center gap-1.5 p-1.5", draftIsInvalid ? "border-pink/80" : "border-white/15", disabled && "opacity-50")}>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          data-testid="bet-input"
          aria-invalid={draftIsInvalid || undefined}
          aria-describedby={hintId}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const bet = parseBetInput(token, text);
            if (bet !== null) onChange(bet);
          }}
          onBlur={() => setDraft(null)}
          className="h-9 min-w-0 flex-1 bg-transparent px-2 text-lg font-semibold tabular-nums text-white outline-none disabled:cursor-not-allowed"
        />
        <span className="hidden pr-1 text-sm font-semibold text-slate-400 sm:inline">{token}</span>
        <button
          type="button"
          disabled={disabled || !canHalveBet(token, value)}
          onClick={() => commit(halveBet(token, value))}
          className="h-9 rounded-lg bg-white/10 px-3 text-sm font-semibold text-slate-100 transition hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40"
        >
          Half
        </button>
        <button
          type="button"
          disabled={disabled || maxBet(token, playableBalance) <= 0}
          onClick={() => commit(maxBet(token, playableBalance))}
          className="h-9 rounded-lg bg-white/10 px-3 text-sm font-semibold text-slate-100 transition hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40"
        >
          Max
        </button>
      </div>

      <div className="flex items-baseline justify-between gap-2 text-xs">
        <p id={hintId} className={draftIsInvalid || belowOneClick ? "text-pink" : "text-slate-500"} data-testid="bet-input-hint">
          {betHint(token, draftIsInvalid, value, oneClickMinimum)}
        </p>
        {stakeValue}
      </div>

      <div className="flex flex-wrap gap-1.5" role="group" aria-label={`${token} chips`}>
        {BET_CHIPS[token].map((chip) => (
          <button
            key={chip}
            type="button"
            disabled={disabled}
            aria-label={`Bet ${chip} ${token}`}
            aria-pressed={roundBet(token, value) === chip}
            onClick={() => commit(chip)}
            className={cn(
              "h-8 min-w-11 rounded-full border px-2.5 text-xs font-bold tabular-nums transition",
              "disabled:cursor-not-allowed disabled:opacity-40",
              chipClasses[token],
            )}
          >
            {chip}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The line under the field: what is wrong with the typed amount, or the minimums (docs/product.md §5). */
function betHint(token: Token, draftIsInvalid: boolean, value: number, oneClickMinimum: number | null): string {
  if (draftIsInvalid) return "Enter an amount above 0.";
  if (oneClickMinimum === null) return `Minimum ${MIN_BET[token]} ${token}`;
  if (value < oneClickMinimum) return `Below the one-click minimum of ${oneClickMinimum} ${token}: this bet asks your wallet.`;
  return `Minimum ${MIN_BET[token]} ${token} · One-click minimum: ${oneClickMinimum} ${token}`;
}
