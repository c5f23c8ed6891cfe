import { create } from "zustand";

/**
 * The Casino's terms for new bets as the bet panel shows them (issue #19, finding R2-9): a bet carries
 * exactly these as playGame's expectedTerms, so a change the player has not seen is refused by
 * the Casino (TermsChanged) instead of accepted. Read from the chain through the wallet, never
 * from the server; read again after such a refusal, so the next bet is made on what is shown. The
 * store does not know the chain: whoever asks for a read names the reader (onchain/casino-terms.ts).
 */
interface BetTermsStore {
  /** Casino.terms(), packed (engine/src/terms.ts); null until read. */
  shown: bigint | null;
  status: "idle" | "reading" | "shown" | "failed";
  /** Reads the terms with `readTerms` and shows them; a read under way is shared. */
  read: (readTerms: () => Promise<bigint>) => Promise<bigint>;
}

let reading: Promise<bigint> | null = null;

export const useBetTermsStore = create<BetTermsStore>()((set) => ({
  shown: null,
  status: "idle",
  read: (readTerms) => {
    reading ??= (async () => {
      set({ status: "reading" });
      try {
        const terms = await readTerms();
        set({ shown: terms, status: "shown" });
        return terms;
      } catch (error) {
        set({ status: "failed" });
        throw error;
      } finally {
        reading = null;
      }
    })();
    return reading;
  },
}));

/** The terms a bet carries: those shown, or, when none were shown yet, read (and shown) now. */
export async function termsForBet(readTerms: () => Promise<bigint>): Promise<bigint> {
  const { shown, read } = useBetTermsStore.getState();
  return shown ?? read(readTerms);
}
