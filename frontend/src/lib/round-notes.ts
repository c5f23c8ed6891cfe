import { serverErrorText } from "@/lib/api-client";

/** A line under an interactive round's buttons (blackjack, mines): a step in progress, or what went wrong beyond the product's banner. */
export interface RoundNote {
  text: string;
  tone: "info" | "error";
  /** The Casino balance is short: a way to the Deposit dialog helps. */
  suggestDeposit?: boolean;
}

/** A refusal in the wallet (TxCancelled, from the lifecycle or the transaction module): a quiet cancel. */
export const isWalletCancel = (error: unknown) => error instanceof Error && error.name === "TxCancelled";

/**
 * What a web3 failure says beyond the product's banner: the server's own sentence, or with `chain` the
 * chain's refusal as the transaction module explained it (an ExplainedError, matched by name so
 * that no wallet code loads with the page) and the wallet layer's own refusals ('Wallet not
 * connected', the wrong network), plain Errors whose messages are sentences already. A browser
 * failure (a TypeError from fetch) says nothing a player can use.
 */
export function failureNote(error: unknown, chain: boolean): RoundNote | null {
  const server = serverErrorText(error);
  if (server) return { text: server, tone: "error" };
  if (!chain || !(error instanceof Error)) return null;
  if (error.name === "ExplainedError") {
    const { reason } = error as Error & { reason: { message: string; suggestDeposit?: boolean } };
    return { text: reason.message, tone: "error", suggestDeposit: reason.suggestDeposit };
  }
  return error.name === "Error" ? { text: error.message, tone: "error" } : null;
}

/** The server's idle limit (BLACKJACK_IDLE_MS, for blackjack and mines) as the player reads it: "5 minutes", "90 seconds". */
export function idleLimitText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
