// The Casino's terms for bets placed now (Casino.terms(), packed as engine/src/terms.ts unpacks
// them), in the words the bet panel shows them and a refused bet names what changed.
import { unpackTerms, type BetTerms } from "@engine/terms";

/** A settle window (10 min to 1 day, contracts/Casino.sol) as "1 h", "30 min" or "1 h 30 min". */
export function formatWindow(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = (seconds % 3600) / 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** Basis points as a percentage: 50 → "0.5 %". */
export const formatBps = (bps: number) => `${bps / 100} %`;

const CHANGES: { key: keyof BetTerms; say: (now: string, was: string) => string; format: (value: number) => string }[] = [
  { key: "settleWindow", format: formatWindow, say: (now, was) => `the settle window is now ${now} (was ${was})` },
  { key: "jackpotShareBps", format: formatBps, say: (now, was) => `a jackpot hit now wins ${now} of the pool (was ${was})` },
  { key: "jackpotEdgeBps", format: formatBps, say: (now, was) => `a DEGEN bet's expected jackpot win is now ${now} of its stake (was ${was})` },
];

/**
 * The sentence for a bet the Casino refused with TermsChanged: what changed between the terms the
 * player was shown and the Casino's current ones, and what to do now.
 */
export function termsChangedSentence(shown: bigint | undefined, current: bigint): string {
  const changes =
    shown === undefined
      ? []
      : CHANGES.filter(({ key }) => unpackTerms(shown)[key] !== unpackTerms(current)[key]).map(({ key, say, format }) =>
          say(format(unpackTerms(current)[key]), format(unpackTerms(shown)[key])),
        );
  const what = changes.length > 0 ? `: ${changes.join("; ")}` : "";
  return `The Casino changed its terms after you saw them${what}. Your bet was not placed and your Casino balance is unchanged. The new terms are shown by the bet button: bet again to accept them.`;
}
