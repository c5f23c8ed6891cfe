// The player's bets as the chain records them, a page at a time, newest first (the fairness page,
// issue #14): BetPlaced with the player's bet ids in every lane (the wallet's, lane 0, and each
// one-click session's: docs/decisions.md §4, "lanes"), each bet's resolution and the commitment
// its seed must hash down to. The server's history (GET /api/fairness/bets) only says where to
// look and gives the action logs of interactive rounds; every record checked is read from the chain.
import type { Provider } from "ethers";
import { betIdOf } from "@engine/betId";
import type { SettlementActions } from "@engine/index";
import { laneNonce, laneOfNonce, placeInLane } from "@engine/session";
import type { Casino } from "@typechain/contracts/Casino";
import type { CasinoSessions } from "@typechain/contracts/CasinoSessions";
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

/** One lane's bets still to be listed: nonces below `below` down to the lane's first, the older ones placed at or before `block`. */
interface LaneCursor {
  lane: bigint;
  below: bigint;
  block: number;
  /** The lane's oldest open bet's nonce (nonces below it are resolved). */
  resolvedBelow: bigint;
}

/** Where older bets continue: per lane with bets left to list; and the player's bets in all, as the first page counted them. */
export interface HistoryCursor {
  lanes: LaneCursor[];
  total: bigint;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** Null once the page reached the player's first bet in every lane. */
  older: HistoryCursor | null;
  /** The player's bets in all, every lane's. */
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
  sessions: CasinoSessions;
  provider: Provider;
  player: string;
  degen: string;
  deploymentBlock: number;
}

const betTopic = (betId: bigint) => "0x" + betId.toString(16).padStart(64, "0");

/**
 * The page of bets just below `cursor` (the newest page without one): each lane's newest `size`
 * bets not listed yet, merged by their blocks, newest first, and the first `size` of them kept.
 */
export async function readHistoryPage(cursor: HistoryCursor | null, size = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
  const wallet = await readyWallet();
  const reader: Reader = {
    casino: wallet.contracts.casino,
    sessions: wallet.contracts.sessions,
    provider: wallet.provider,
    player: wallet.account,
    degen: wallet.config.contracts.DegenToken,
    deploymentBlock: wallet.config.deploymentBlock,
  };
  const head = await reader.provider.getBlock("latest");
  if (!head) throw new Error("The node returned no latest block");
  const { lanes, total } = cursor ?? (await lanesOf(reader, head.number));
  const wanted = lanes.map((lane) => ({ lane, nonces: newestBelow(lane, size) }));
  const hints = await serverHints(wanted);
  const found = await inParallel(wanted, READ_CONCURRENCY, ({ lane, nonces }) => placedBets(reader, lane, nonces, hints));
  const bets = found
    .flat()
    .sort((a, b) => b.placedBlock - a.placedBlock || Number(laneOfNonce(b.nonce) - laneOfNonce(a.nonce)) || Number(b.nonce - a.nonce))
    .slice(0, size);

  const commitmentFor = commitmentFinder(reader.casino, reader.provider, reader.player, reader.deploymentBlock);
  const resolvedBelow = new Map(lanes.map((lane) => [lane.lane, lane.resolvedBelow]));
  const items = await inParallel(bets, READ_CONCURRENCY, async (bet): Promise<HistoryItem> => {
    const hint = hints.get(bet.nonce);
    const actions = hint?.status === "settled" ? hint.actions : undefined;
    if (bet.nonce >= resolvedBelow.get(laneOfNonce(bet.nonce))!) {
      const view = await reader.casino.getBet(bet.betId);
      if (view.open) return { bet, settlement: null, commitment: null, actions, claimableAt: Number(view.claimableAt) };
    }
    const settlement = await findResolution(reader.casino, reader.provider, bet, hint?.settledBlock ?? undefined);
    const commitment = settlement?.kind === "settled" ? await commitmentFor(bet) : null;
    return { bet, settlement, commitment, actions, claimableAt: null };
  });

  const older = lanes.flatMap((lane): LaneCursor[] => {
    const listed = bets.filter((bet) => laneOfNonce(bet.nonce) === lane.lane);
    const oldest = listed.at(-1);
    const next = oldest ? { ...lane, below: oldest.nonce, block: oldest.placedBlock } : lane;
    return placeInLane(next.below) > 0n ? [next] : [];
  });
  return {
    items,
    older: older.length > 0 ? { lanes: older, total } : null,
    total,
    head: { block: head.number, time: head.timestamp },
    casino: wallet.config.contracts.Casino,
    chainId: wallet.config.chain.id,
    chain: wallet.config.chain,
  };
}

/** Every lane of the player with a bet: the wallet's (Casino.commitmentOf) and each session's (CasinoSessions.lanesOf, Casino.laneOf). */
async function lanesOf(reader: Reader, headBlock: number): Promise<{ lanes: LaneCursor[]; total: bigint }> {
  const [wallet, sessions] = await Promise.all([reader.casino.commitmentOf(reader.player), reader.sessions.lanesOf(reader.player)]);
  const sessionLanes = Array.from({ length: Number(sessions) }, (_, i) => BigInt(i + 1));
  const views = await inParallel(sessionLanes, READ_CONCURRENCY, (lane) => reader.casino.laneOf(reader.player, lane));
  const lanes: LaneCursor[] = [
    // By position: the output named `length` collides with the array's own.
    { lane: 0n, below: wallet[1], block: headBlock, resolvedBelow: wallet[4] },
    ...views.map(([, nextNonce, nextToResolve], i) => ({ lane: sessionLanes[i]!, below: nextNonce, block: headBlock, resolvedBelow: nextToResolve })),
  ].filter((lane) => placeInLane(lane.below) > 0n);
  return { lanes, total: lanes.reduce((sum, lane) => sum + placeInLane(lane.below), 0n) };
}

/** The lane's `size` newest nonces below its cursor, newest first. */
function newestBelow(lane: LaneCursor, size: number): bigint[] {
  const first = laneNonce(lane.lane, 0);
  const nonces: bigint[] = [];
  for (let nonce = lane.below - 1n; nonce >= first && nonces.length < size; nonce--) nonces.push(nonce);
  return nonces;
}

/** The server's record of these bets, by nonce, one request a lane; none when it does not answer (the chain alone is enough). */
async function serverHints(wanted: readonly { nonces: bigint[] }[]): Promise<Map<bigint, ServerBet>> {
  const hints = new Map<bigint, ServerBet>();
  await Promise.all(
    wanted
      .filter(({ nonces }) => nonces.length > 0)
      .map(async ({ nonces }) => {
        try {
          const answer = await apiRequest<{ bets: ServerBet[] }>("GET", `/api/fairness/bets?limit=${nonces.length}&beforeNonce=${nonces[0]! + 1n}`);
          for (const bet of answer.bets) hints.set(BigInt(bet.nonce), bet);
        } catch {
          // The chain alone is enough.
        }
      }),
  );
  return hints;
}

/**
 * The BetPlaced of each nonce of one lane, newest first: read where the server says each bet was
 * placed, and for any it does not place (or places wrongly) searched down the chain from the
 * lane's cursor, between the blocks of the bets already found around it (a lane's nonces grow
 * with the blocks).
 */
async function placedBets(reader: Reader, lane: LaneCursor, nonces: readonly bigint[], hints: Map<bigint, ServerBet>): Promise<ChainBet[]> {
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
      above === undefined ? lane.block : found.get(above)!.placedBlock,
    );
    for (let i = 0; i < ranges.length && missing.some((nonce) => !found.has(nonce)); i += READ_CONCURRENCY) {
      await Promise.all(ranges.slice(i, i + READ_CONCURRENCY).map((range) => read(range, missing)));
    }
  }
  return nonces.map((nonce) => {
    const bet = found.get(nonce);
    if (!bet) throw new Error(`Bet #${placeInLane(nonce)} of lane ${lane.lane} of ${player} was not found on chain`);
    return bet;
  });
}
