// The player's bets as the chain records them, a page at a time, newest first (the fairness page,
// issue #14): BetPlaced with the player's bet ids, each bet's resolution and the commitment its
// seed must hash down to. The server's history (GET /api/fairness/bets) only says where to look
// and gives the action logs of interactive rounds; every record checked is read from the chain.
import type { Provider } from "ethers";
import { betIdOf } from "@engine/betId";
import type { SettlementActions } from "@engine/index";
import type { Casino } from "@typechain/contracts/Casino";
import type { ChainDefinition } from "@/features/chain";
import { apiRequest } from "@/lib/api-client";
import { readyWallet } from "@/features/wallet/onchain";
import { betFromLog, findResolution, type ChainBet, type ChainSettlement } from "./chain-bet";
import { inParallel, rangesAround, rangesDown, READ_CONCURRENCY, type BlockRange } from "./log-ranges";
import { commitmentFinder, type BetCommitment } from "./verify-bet";

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryItem {
  bet: ChainBet;
  /** Null while the bet is open. */
  settlement: ChainSettlement | null;
  commitment: BetCommitment | null;
  /** The round's actions as the server published them (null: none taken); undefined when the server gave none. */
  actions: SettlementActions | null | undefined;
  /** An open bet: when its player may claim it back (unix seconds). */
  claimableAt: number | null;
}

/** Where older bets continue: below this nonce, placed at or before this block. */
export interface HistoryCursor {
  nonce: bigint;
  block: number;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** Null once the page reached the player's first bet. */
  older: HistoryCursor | null;
  /** The player's bets in all. */
  total: bigint;
  head: { block: number; time: number };
  casino: string;
  chainId: number;
  chain: ChainDefinition;
}

/** The parts of the server's GET /api/fairness/bets answer the reading uses. */
interface ServerBet {
  nonce: string;
  status: string;
  placedBlock: number | null;
  settledBlock: number | null;
  actions: SettlementActions | null;
}

interface Reader {
  casino: Casino;
  provider: Provider;
  player: string;
  degen: string;
  deploymentBlock: number;
}

const betTopic = (betId: bigint) => "0x" + betId.toString(16).padStart(64, "0");

/** The page of bets just below `cursor` (the newest page without one). */
export async function readHistoryPage(cursor: HistoryCursor | null, size = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
  const wallet = await readyWallet();
  const reader: Reader = {
    casino: wallet.contracts.casino,
    provider: wallet.provider,
    player: wallet.account,
    degen: wallet.config.contracts.DegenToken,
    deploymentBlock: wallet.config.deploymentBlock,
  };
  const [[, nextNonce, , , resolvedBelow], head] = await Promise.all([reader.casino.commitmentOf(reader.player), reader.provider.getBlock("latest")]);
  if (!head) throw new Error("The node returned no latest block");
  const top = cursor?.nonce ?? nextNonce;
  const bottom = top > BigInt(size) ? top - BigInt(size) : 0n;
  const nonces: bigint[] = [];
  for (let nonce = top - 1n; nonce >= bottom; nonce--) nonces.push(nonce);
  const hints = await serverHints(top, nonces.length);
  const bets = await placedBets(reader, nonces, hints, cursor?.block ?? head.number);

  const commitmentFor = commitmentFinder(reader.casino, reader.provider, reader.player, reader.deploymentBlock);
  const items = await inParallel(bets, READ_CONCURRENCY, async (bet): Promise<HistoryItem> => {
    const hint = hints.get(bet.nonce);
    const actions = hint?.status === "settled" ? hint.actions : undefined;
    if (bet.nonce >= resolvedBelow) {
      const view = await reader.casino.getBet(bet.betId);
      if (view.open) return { bet, settlement: null, commitment: null, actions, claimableAt: Number(view.claimableAt) };
    }
    const settlement = await findResolution(reader.casino, reader.provider, bet, hint?.settledBlock ?? undefined);
    const commitment = settlement?.kind === "settled" ? await commitmentFor(bet) : null;
    return { bet, settlement, commitment, actions, claimableAt: null };
  });

  const oldest = bets.at(-1);
  return {
    items,
    older: oldest && bottom > 0n ? { nonce: bottom, block: oldest.placedBlock } : null,
    total: nextNonce,
    head: { block: head.number, time: head.timestamp },
    casino: wallet.config.contracts.Casino,
    chainId: wallet.config.chain.id,
    chain: wallet.config.chain,
  };
}

/** The server's record of these bets, by nonce; none when it does not answer (the chain alone is enough). */
async function serverHints(below: bigint, count: number): Promise<Map<bigint, ServerBet>> {
  if (count === 0) return new Map();
  try {
    const answer = await apiRequest<{ bets: ServerBet[] }>("GET", `/api/fairness/bets?limit=${count}&beforeNonce=${below}`);
    return new Map(answer.bets.map((bet) => [BigInt(bet.nonce), bet]));
  } catch {
    return new Map();
  }
}

/**
 * The BetPlaced of each nonce, newest first: read where the server says each bet was placed,
 * and for any it does not place (or places wrongly) searched down the chain from `ceiling`, between
 * the blocks of the bets already found around it (a player's nonces grow with the blocks).
 */
async function placedBets(reader: Reader, nonces: readonly bigint[], hints: Map<bigint, ServerBet>, ceiling: number): Promise<ChainBet[]> {
  const { casino, provider, player } = reader;
  const address = await casino.getAddress();
  const placedTopic = casino.interface.getEvent("BetPlaced").topicHash;
  const found = new Map<bigint, ChainBet>();
  const read = async (range: BlockRange, wanted: readonly bigint[]) => {
    const logs = await provider.getLogs({ address, ...range, topics: [placedTopic, wanted.map((nonce) => betTopic(betIdOf(player, nonce)))] });
    for (const log of logs) {
      const bet = betFromLog(log, reader.degen);
      if (wanted.includes(bet.nonce)) found.set(bet.nonce, bet);
    }
  };

  const hinted = nonces.filter((nonce) => hints.get(nonce)?.placedBlock != null);
  for (const range of rangesAround(hinted.map((nonce) => hints.get(nonce)!.placedBlock!))) await read(range, hinted);

  const missing = nonces.filter((nonce) => !found.has(nonce));
  if (missing.length > 0) {
    const [highest, lowest] = [missing[0]!, missing.at(-1)!];
    const above = nonces.filter((nonce) => nonce > highest && found.has(nonce)).at(-1);
    const below = nonces.find((nonce) => nonce < lowest && found.has(nonce));
    const ranges = rangesDown(
      below === undefined ? reader.deploymentBlock : found.get(below)!.placedBlock,
      above === undefined ? ceiling : found.get(above)!.placedBlock,
    );
    for (let i = 0; i < ranges.length && missing.some((nonce) => !found.has(nonce)); i += READ_CONCURRENCY) {
      await Promise.all(ranges.slice(i, i + READ_CONCURRENCY).map((range) => read(range, missing)));
    }
  }
  return nonces.map((nonce) => {
    const bet = found.get(nonce);
    if (!bet) throw new Error(`Bet #${nonce} of ${player} was not found on chain`);
    return bet;
  });
}
