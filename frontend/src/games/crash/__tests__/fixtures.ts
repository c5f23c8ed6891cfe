import { crashRound, type CrashRound } from "@engine/crash";
import type { Token } from "@engine/tokens";

/** The first fixed word whose round satisfies the test's need, found by scanning. */
export function wordWhere(test: (round: CrashRound) => boolean, token: Token = "DEGEN"): string {
  for (let i = 1; i < 20_000; i++) {
    const word = "0x" + i.toString(16).padStart(64, "0");
    if (test(crashRound(word, token))) return word;
  }
  throw new Error("no word found");
}
