import { useEffect } from "react";
import { unpackTerms } from "@engine/terms";
import { useWallet } from "@/features/wallet";
import { formatBps, formatWindow } from "@/lib/bet-terms";
import { useBetTermsStore } from "../terms-store";

/**
 * The Casino's terms for the next bet, read from the chain when the game shows and beside its bet
 * button in web3 mode: the bet carries exactly these, so the Casino refuses it if they change
 * before it lands (issue #19, finding R2-9).
 */
/** The chain code loads when the terms are first read, not with the game's page. */
const readCasinoTermsLazily = async () => (await import("../onchain")).readCasinoTerms();

export function BetTerms() {
  const { isDemo, wrongNetwork, account } = useWallet();
  const shown = useBetTermsStore((state) => state.shown);
  const status = useBetTermsStore((state) => state.status);

  useEffect(() => {
    if (isDemo || wrongNetwork) return;
    // A failed read is said below; placing a bet reads them again.
    useBetTermsStore
      .getState()
      .read(readCasinoTermsLazily)
      .catch((error: unknown) => console.warn("Reading the Casino's terms failed", error));
  }, [isDemo, wrongNetwork, account]);

  // On another network the header asks for the switch; the terms are read once the wallet is back.
  if (isDemo || (wrongNetwork && shown === null)) return null;
  if (shown === null) {
    return (
      <p className="text-xs text-slate-400" data-testid="bet-terms" data-status={status}>
        {status === "failed" ? "The Casino's terms could not be read: they are read again when you bet." : "Reading the Casino's terms…"}
      </p>
    );
  }
  const terms = unpackTerms(shown);
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-400" data-testid="bet-terms" data-status={status} data-terms={shown.toString()}>
      <p data-testid="bet-terms-window">
        Not settled within <span className="whitespace-nowrap font-semibold text-slate-200">{formatWindow(terms.settleWindow)}</span>? Claim your bet back at
        its maximum payout.
      </p>
      <p data-testid="bet-terms-jackpot">
        DEGEN jackpot: a hit wins <span className="whitespace-nowrap font-semibold text-slate-200">{formatBps(terms.jackpotShareBps)}</span> of the pool; a
        bet's expected jackpot win is <span className="whitespace-nowrap font-semibold text-slate-200">{formatBps(terms.jackpotEdgeBps)}</span> of its stake.
      </p>
    </div>
  );
}
