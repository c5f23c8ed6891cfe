// One bet read from the chain by its id, for anyone, with or without a wallet: the bet page
// (/bet/<betId>, docs/product.md). It reads the node the deployment names (GET /api/config's
// chain) and checks the bet as the fairness page checks a player's own (checkHistoryItem), with the
// round's actions read from its settlement transaction rather than from the server.
import type { Provider } from "ethers";
import { actionLogOfBytes } from "@engine/action-log";
import { nonceOfBet, playerOfBet } from "@engine/betId";
import { laneOfNonce } from "@engine/session";
import { isInteractive } from "@engine/gameTypes";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import type { Casino } from "@typechain/contracts/Casino";
import { explorerTxUrl, loadReadOnlyChain, type AppConfig } from "@/features/chain";
import type { HistoryEntry } from "../use-bet-history";
import { betFromLog, findResolution, type ChainBet, type ChainSettlement } from "./chain-bet";
import { checkHistoryItem } from "./history-check";
import { inParallel, rangesDown, READ_CONCURRENCY } from "./log-ranges";
import { commitmentOf } from "./verify-bet";

export type PublicBet =
  | { status: "settled"; entry: HistoryEntry; head: { block: number; time: number }; chainName: string }
  | { status: "open"; bet: ChainBet; claimableAt: number }
  | { status: "unknown" };

const MAX_NONCE = (1n << 64n) - 1n;
const MAX_BET_ID = (1n << 224n) - 1n;

/** A bet id as a link carries it (decimal, as BetPlaced's betId prints), or null when it is not one. */
export function parseBetId(text: string): bigint | null {
  if (!/^[0-9]{1,68}$/.test(text)) return null;
  const id = BigInt(text);
  return id > MAX_NONCE && id <= MAX_BET_ID ? id : null;
}

/** The bet, its resolution and its check, from the chain alone; `nearBlock` (a link's hint: the block that
 *  settled it) is where to look first. */
export async function readPublicBet(betId: bigint, nearBlock?: number): Promise<PublicBet> {
  const { config, provider, casino } = await (await loadReadOnlyChain()).readOnlyChain();
  try {
    const [view, reached] = await Promise.all([casino.getBet(betId), laneReached(casino, betId)]);
    if (!reached) return { status: "unknown" };
    const bet = await placedBet(casino, provider, config, betId, nearBlock);
    if (!bet) return { status: "unknown" };
    if (view.open) return { status: "open", bet, claimableAt: Number(view.claimableAt) };
    const settlement = await findResolution(casino, provider, bet, nearBlock);
    if (!settlement) return { status: "open", bet, claimableAt: 0 };
    const [commitment, actions, head] = await Promise.all([
      settlement.kind === "settled" ? commitmentOf(casino, provider, bet, config.deploymentBlock) : null,
      actionsOf(provider, config, bet, settlement),
      provider.getBlock("latest"),
    ]);
    const item = { bet, settlement, commitment, actions, claimableAt: null };
    const entry: HistoryEntry = {
      ...item,
      check: checkHistoryItem(item, { casino: config.contracts.Casino, chainId: config.chain.id }),
      betUrl: explorerTxUrl(config.chain, bet.txHash),
      settleUrl: explorerTxUrl(config.chain, settlement.txHash),
    };
    return { status: "settled", entry, head: { block: head!.number, time: head!.timestamp }, chainName: config.chain.name };
  } finally {
    provider.destroy();
  }
}

/** Whether the bet's lane has reached its nonce: an id past the lane's next nonce was never placed, and no search is needed to say so. */
async function laneReached(casino: Casino, betId: bigint): Promise<boolean> {
  const player = playerOfBet(betId);
  const nonce = nonceOfBet(betId);
  const lane = laneOfNonce(nonce);
  const next = lane === 0n ? (await casino.commitmentOf(player))[1] : (await casino.laneOf(player, lane))[1];
  return nonce < next;
}

/** BetPlaced of the bet: searched down from the hinted block (its settlement's: the bet was placed at or before it), then above it. */
async function placedBet(casino: Casino, provider: Provider, config: AppConfig, betId: bigint, nearBlock?: number): Promise<ChainBet | null> {
  const address = config.contracts.Casino;
  const topics = [casino.interface.getEvent("BetPlaced").topicHash, "0x" + betId.toString(16).padStart(64, "0")];
  const head = await provider.getBlockNumber();
  const top = nearBlock !== undefined && nearBlock >= config.deploymentBlock && nearBlock < head ? nearBlock : head;
  const ranges = [...rangesDown(config.deploymentBlock, top), ...rangesDown(top + 1, head)];
  for (let i = 0; i < ranges.length; i += READ_CONCURRENCY) {
    const found = await inParallel(ranges.slice(i, i + READ_CONCURRENCY), READ_CONCURRENCY, (range) => provider.getLogs({ address, topics, ...range }));
    const log = found.flat()[0];
    if (log) return betFromLog(log, config.contracts.DegenToken);
  }
  return null;
}

/**
 * An interactive round's action log, from its settlement transaction's input
 * (CasinoSessions.settle; null: none taken). Undefined when the transaction carries none the page
 * can read (sent through another contract): the check then says the payout cannot be replayed.
 */
async function actionsOf(provider: Provider, config: AppConfig, bet: ChainBet, settlement: ChainSettlement): Promise<string | number | null | undefined> {
  if (settlement.kind !== "settled" || !isInteractive(bet.gameType, bet.params)) return null;
  const tx = await provider.getTransaction(settlement.txHash);
  if (!tx || tx.to?.toLowerCase() !== config.contracts.CasinoSessions.toLowerCase()) return undefined;
  const call = CasinoSessions__factory.createInterface().parseTransaction({ data: tx.data });
  if (call?.name !== "settle" || call.args[0] !== bet.betId) return undefined;
  const read = actionLogOfBytes(bet.gameType, call.args[2] as string);
  return "fault" in read ? undefined : read.log;
}
