import type { TxReport } from "@/features/wallet/onchain";
import type { ActiveBet } from "../bet-store";
import { ActionNotice } from "./action-notice";

/**
 * A one-click bet that has not landed (issue #20): why, and the wallet's way. Countersigned by the
 * server, the wallet sends the very same signed bet; the watch for it goes on meanwhile, whichever
 * lands first is the bet. Refused by the server, it never lands, and the chain would refuse it from
 * the wallet: the player bets from the wallet as usual instead (from the vault). Not answered yet,
 * the panel only says it is late.
 */
export function RelayLate({ bet }: { bet: ActiveBet }) {
  const nonce = bet.oneClick!.nonce;
  if (!bet.oneClick?.countersigned && !bet.oneClick?.refused) {
    return (
      <ActionNotice testId="relay-late">{bet.relayProblem} The server has not answered yet: it keeps its turn, and shows here once it lands.</ActionNotice>
    );
  }
  if (!bet.oneClick.countersigned) {
    const instead = {
      label: "Bet from my wallet instead",
      busyLabel: "Betting…",
      testId: "bet-from-wallet",
      run: async (report: TxReport) => (await import("../onchain/signed-bet")).betFromWalletInstead(nonce, report),
    };
    return (
      <ActionNotice testId="relay-late" actions={[instead]}>
        {bet.relayProblem} The server never accepted it, so your wallet cannot send it: the chain takes a signed bet from a wallet only with the house&apos;s
        countersignature. You can bet from your wallet as usual instead: the same bet, confirmed in your wallet.
      </ActionNotice>
    );
  }
  const send = {
    label: "Send it from my wallet",
    busyLabel: "Sending…",
    testId: "send-signed-bet",
    run: async (report: TxReport) => (await import("../onchain/signed-bet")).sendSignedBetFromWallet(nonce, report),
  };
  return (
    <ActionNotice testId="relay-late" actions={[send]}>
      {bet.relayProblem} Your wallet can send the very same bet: the same client seed, so the same outcome. It is then settled like a wallet bet, or claimed
      back at its maximum payout after its settle window.
    </ActionNotice>
  );
}

/** A one-click DEGEN bet's jackpot draw, made in a later transaction: awaited, or late (the player may draw it). */
export function DeferredDraw({ bet }: { bet: ActiveBet }) {
  if (bet.deferredDraw === "pending") {
    return (
      <p className="text-xs text-slate-400" data-testid="deferred-draw">
        Jackpot draw: from your bet block's hash, in a block after it.
      </p>
    );
  }
  if (bet.deferredDraw !== "late") return null;
  const draw = {
    label: "Draw it now",
    busyLabel: "Drawing…",
    testId: "draw-jackpot",
    run: async (report: TxReport) => (await import("../onchain/deferred-draw")).drawJackpotNow(bet.txHash!, report),
  };
  return (
    <ActionNotice testId="deferred-draw" actions={[draw]}>
      Your jackpot draw is late. Draw it now from your wallet: once your bet block&apos;s hash is gone, the draw is void. It then wins nothing, and the house
      pays its fair value into the jackpot pool.
    </ActionNotice>
  );
}
