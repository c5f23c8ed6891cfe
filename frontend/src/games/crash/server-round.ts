// A manual crash round on the server (server/README.md): it starts when the server records the
// bet, CASH OUT goes to POST /api/crash/cashout with the multiplier shown at the click, signed by
// the player's key (issue #20), and GET /api/crash/{betId} tells when it is over.
import { CRASH, crashTimeToReach, type CrashCurve } from "@engine/crash";
import type { Token } from "@/config/tokens";
import { ApiError, apiRequest } from "@/lib/api-client";

/** GET /api/crash/{betId}; multipliers as numbers (2.5 = 2.50x). */
interface RoundStatus {
  startedAt: string;
  /** The server's clock when it answered. */
  serverTime: string;
  /** The round's wobble: with it the browser draws the exact curve the server fixes a cash-out from. */
  curve: CrashCurve | null;
  finished: boolean;
  cashOut: number | null;
}

/** A live round as the browser flies it: its start on this browser's clock, and its curve. */
export interface LiveRound {
  startedAtMs: number;
  curve: CrashCurve;
}

/** POST /api/crash/cashout: the multiplier the server's curve showed when the request arrived (null = it had crashed). */
interface CashOutAnswer {
  cashOut: number | null;
}

const POLL_MS = 250;
/** How long the server may take to record a placed bet (its settler reads the chain every 250 ms). */
const RECORD_TIMEOUT_MS = 30_000;
/**
 * How long a round can fly: the curve reaches the 100x cap near here (its wobble moves that by
 * well under a second). Past this and a grace, the server's word is no longer waited for: the
 * settlement on chain (or the player's claim) ends the bet.
 */
const LONGEST_ROUND_MS = crashTimeToReach({ amplitude: 0, frequency: 0 }, CRASH.MAX_HUNDREDTHS / 100) * 1000 + 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hundredths = (multiplier: number | null) => (multiplier === null ? null : Math.round(multiplier * 100));
const roundStatus = (betId: string) => apiRequest<RoundStatus>("GET", `/api/crash/${betId}`);

/**
 * The bet's round once the server has recorded it: when it started, moved onto this browser's
 * clock (the server's answer carries its own time; half the round trip is the answer's delay),
 * and its curve.
 */
export async function liveRound(betId: string): Promise<LiveRound> {
  const deadline = Date.now() + RECORD_TIMEOUT_MS;
  for (;;) {
    try {
      const askedAt = Date.now();
      const status = await roundStatus(betId);
      const answeredAt = Date.now();
      const skewMs = (askedAt + answeredAt) / 2 - Date.parse(status.serverTime);
      const curve = status.curve ?? { amplitude: 0, frequency: 0 };
      return { startedAtMs: Date.parse(status.startedAt) + skewMs, curve };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404) || Date.now() > deadline) throw error;
    }
    await sleep(POLL_MS);
  }
}

/** A cash-out as the player's key signed it: the multiplier shown at the click (hundredths) and the signature of its bytes. */
export interface SignedCashOut {
  multiplier: number;
  signature: string;
}

/**
 * Follows the round until it ends: the player's cash-out (when `cashOutClicked` resolves) or the
 * server's end at the crash point (`onCrashed` is told). Resolves with the cash-out the server
 * fixed, in hundredths, or null: the round's action log for the verification.
 */
export async function roundEnd(
  betId: string,
  token: Token,
  startedAtMs: number,
  cashOutClicked: Promise<SignedCashOut>,
  onCrashed: () => void,
): Promise<number | null> {
  let clicked: SignedCashOut | null = null;
  void cashOutClicked.then((signed) => (clicked = signed));
  while (Date.now() - startedAtMs < LONGEST_ROUND_MS) {
    if (clicked) return cashOutOnServer(betId, token, clicked, startedAtMs, onCrashed);
    const status = await roundStatus(betId).catch(() => null);
    if (status?.finished) {
      if (status.cashOut === null) onCrashed();
      return hundredths(status.cashOut);
    }
    await Promise.race([sleep(POLL_MS), cashOutClicked]);
  }
  return null;
}

/** The server fixes the cash-out; if the call fails, the round's end is read back from the server. */
async function cashOutOnServer(betId: string, token: Token, signed: SignedCashOut, startedAtMs: number, onCrashed: () => void): Promise<number | null> {
  try {
    const answer = await apiRequest<CashOutAnswer>("POST", "/api/crash/cashout", { token, betId, ...signed });
    return hundredths(answer.cashOut);
  } catch (error) {
    console.error("Crash cash-out failed; reading the round's end from the server", error);
    return roundEnd(betId, token, startedAtMs, new Promise<SignedCashOut>(() => undefined), onCrashed);
  }
}
