import { slotsExactRtp, slotsLineChances, type Fraction, type SlotSymbol } from "@engine/slots";
import type { Token } from "@/config/tokens";
import { percentText } from "@/lib/percent";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 3 });

/** A chance as "1 in N" (N to three figures: "1 in 14.8M"). */
export function oneIn({ numerator, denominator }: Fraction): string {
  return `1 in ${compact.format(Number(denominator) / Number(numerator))}`;
}

/** One line's chance of 3, 4 and 5 in a row of `symbol` (engine/slots.ts, exact). */
export const lineChanceTexts = (symbol: SlotSymbol): string[] => slotsLineChances(symbol).map(oneIn);

/** The spin's RTP with `token`, exact to the hundredth of a percent ("102%"). */
export function slotsRtpText(token: Token): string {
  const { numerator, denominator } = slotsExactRtp(token);
  return percentText(numerator, denominator);
}
