import type { AutoBetSettings, StakeChange } from "./auto-bet-rules";

/** Auto-bet's form as the player typed it (text fields kept as typed). */
export interface AutoBetForm {
  count: string;
  stopOnProfit: string;
  stopOnLoss: string;
  onWin: { multiply: boolean; factor: string };
  onLoss: { multiply: boolean; factor: string };
}

export const DEFAULT_AUTO_BET_FORM: AutoBetForm = {
  count: "10",
  stopOnProfit: "",
  stopOnLoss: "",
  onWin: { multiply: false, factor: "2" },
  onLoss: { multiply: false, factor: "2" },
};

const MAX_COUNT = 1_000;

/** An optional amount: empty is no stop. */
function optional(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function change({ multiply, factor }: AutoBetForm["onWin"]): StakeChange | undefined {
  if (!multiply) return { kind: "reset" };
  const value = Number(factor);
  return Number.isFinite(value) && value > 0 && value <= 100 ? { kind: "multiply", factor: value } : undefined;
}

/** The form's settings, or what to fix. */
export function settingsOf(form: AutoBetForm): AutoBetSettings | string {
  const count = Number(form.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) return `The number of bets is a whole number from 1 to ${MAX_COUNT}.`;
  const stopOnProfit = optional(form.stopOnProfit);
  const stopOnLoss = optional(form.stopOnLoss);
  if (stopOnProfit === undefined || stopOnLoss === undefined) return "A stop is an amount above 0, or empty for none.";
  const onWin = change(form.onWin);
  const onLoss = change(form.onLoss);
  if (!onWin || !onLoss) return "A multiplier is a number above 0, at most 100.";
  return { count, stopOnProfit, stopOnLoss, onWin, onLoss };
}
