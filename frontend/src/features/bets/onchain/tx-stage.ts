import type { TxUpdate } from "@/features/wallet/onchain";
import type { ActiveBet } from "../bet-store";

/** What the player's bet transaction's progress changes in the bet's banner. */
export function stageOf(tx: TxUpdate): Partial<ActiveBet> {
  switch (tx.phase) {
    case "pending":
      return { stage: "placing", txHash: tx.hash, explorerUrl: tx.explorerUrl };
    case "failed":
      return { stage: "failed", error: tx.reason?.message, suggestDeposit: tx.reason?.suggestDeposit };
    case "cancelled":
      return { stage: "cancelled" };
    case "confirmed":
      // Mined: still "placing" until the bet's id is read from the receipt, then settling.
      return {};
    default:
      return { stage: "confirm" };
  }
}
