import { crashWinProbability } from "@engine/crash";
import type { Token } from "@/config/tokens";

/** A hundredth of a percent, rounded half up, as "49.5" or "1.02". */
const percent = (hundredths: bigint) => `${Number((Number(hundredths) / 100).toFixed(2))}%`;

/**
 * The chance that an auto cash-out at `target` (hundredths) is reached, and its RTP (chance ×
 * target), exactly from the engine's crash-point distribution: "Chance 49% · RTP 98%".
 */
export function cashOutChanceText(token: Token, target: number): string {
  const { numerator, denominator } = crashWinProbability(token, target);
  const chance = (numerator * 10_000n + denominator / 2n) / denominator;
  const rtp = (numerator * BigInt(target) * 100n + denominator / 2n) / denominator;
  return `Chance ${percent(chance)} · RTP ${percent(rtp)}`;
}
