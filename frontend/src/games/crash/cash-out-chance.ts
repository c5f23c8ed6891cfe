import { crashWinProbability } from "@engine/crash";
import type { Token } from "@/config/tokens";
import { percentText } from "@/lib/percent";

/**
 * The chance that an auto cash-out at `target` (hundredths) is reached, and its RTP (chance ×
 * target), exactly from the engine's crash-point distribution: "Chance 49% · RTP 98%".
 */
export function cashOutChanceText(token: Token, target: number): string {
  const { numerator, denominator } = crashWinProbability(token, target);
  return `Chance ${percentText(numerator, denominator)} · RTP ${percentText(numerator * BigInt(target), denominator * 100n)}`;
}
