// The jackpot draw of a one-click DEGEN bet (docs/protocol.md §6): placed and settled in one
// transaction, its ticket is drawn from that block's hash in a later one. The server's settler
// draws it in the next block; when it is late the player may draw it from the wallet: a draw too
// late to read the block's hash is void (it wins nothing, and the house pays its fair value into
// the pool), so the player keeps their chance by drawing in time.
import { formatEther, ZeroAddress } from "ethers";
import { ticketsOf } from "@engine/session";
import { readyWallet, sendTransaction, type TxReport } from "@/features/wallet/onchain";
import { RELAY_LATE_AFTER_BLOCKS, useBetStore } from "../bet-store";
import { betFromLog, findJackpotDraw, type ChainBet, type ChainSettlement } from "./chain-bet";
import type { BetCheck } from "./verify-bet";
import { parseCasinoLog } from "@bindings/events";

const POLL_MS = 500;

/**
 * Watches for the draw of the bet shown as `id` and checks the bet again with it; says when it is
 * late. Stops once drawn, or when the panel shows another bet (the fairness page checks it then).
 */
export async function followDeferredDraw(
  id: number,
  bet: ChainBet,
  settlement: ChainSettlement,
  check: (settlement: ChainSettlement) => BetCheck,
): Promise<void> {
  const update = useBetStore.getState().update;
  const wallet = await readyWallet();
  update(id, { deferredDraw: "pending" });
  while (useBetStore.getState().bet?.id === id) {
    const jackpot = await findJackpotDraw(wallet.contracts.casino, wallet.provider, bet).catch(() => null);
    if (jackpot) {
      const verdict = check({ ...settlement, jackpot });
      update(id, {
        deferredDraw: "drawn",
        verdict: { ok: verdict.ok, problems: verdict.problems },
        jackpotWin: jackpot.won > 0n ? formatEther(jackpot.won) : undefined,
      });
      return;
    }
    const head = await wallet.provider.getBlockNumber().catch(() => bet.placedBlock);
    if (head - bet.placedBlock >= RELAY_LATE_AFTER_BLOCKS) update(id, { deferredDraw: "late" });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** drawJackpots from the player's wallet, with the tickets of the bet's transaction (every DEGEN bet with odds in it, in log order). */
export async function drawJackpotNow(placedTxHash: string, report: TxReport): Promise<void> {
  const wallet = await readyWallet();
  const receipt = await wallet.provider.getTransactionReceipt(placedTxHash);
  if (!receipt) throw new Error("The bet's transaction could not be read.");
  const placed = receipt.logs.filter((log) => parseCasinoLog(log)?.name === "BetPlaced").map((log) => betFromLog(log, wallet.config.contracts.DegenToken));
  const tickets = ticketsOf(
    placed.map((bet) => ({ ...bet, token: bet.token === "DEGEN" ? wallet.config.contracts.DegenToken : ZeroAddress })),
    wallet.config.contracts.DegenToken,
  );
  await sendTransaction(wallet, await wallet.contracts.casino.drawJackpots.populateTransaction(tickets), report);
}
