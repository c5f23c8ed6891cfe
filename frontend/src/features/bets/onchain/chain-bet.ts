// A bet as the chain records it, and its settlement as the chain publishes it: the browser reads
// the result from the Casino's events, never from a server answer alone (docs/decisions.md §2).
import { getAddress, ZeroAddress, type Log, type Provider, type TransactionReceipt } from "ethers";
import type { GameType, Token } from "@engine/index";
import { ticketDraws, ticketsHash, type JackpotTicket } from "@engine/session";
import type { Casino } from "@typechain/contracts/Casino";
import { parseCasinoLog, topicOf } from "@bindings/events";
import { rangesUp, type BlockRange } from "./log-ranges";

/** BetPlaced, with where it happened. Its nonce tells its lane (engine laneOfNonce): 0 the wallet, else a one-click session's. */
export interface ChainBet {
  betId: bigint;
  player: string;
  nonce: bigint;
  token: Token;
  amount: bigint;
  gameType: GameType;
  params: bigint;
  clientSeed: string;
  terms: bigint;
  jackpotOdds: bigint;
  /** The prize a jackpot hit wins, fixed at placement (0 for BNB). */
  jackpotPrize: bigint;
  placedBlock: number;
  /** The hash of the bet's block: its jackpot draw's entropy. */
  placedBlockHash: string;
  txHash: string;
}

/** The jackpot draw of a DEGEN bet (JackpotDrawn, and JackpotWon on a hit that pays; a void draw, entropy 0, wins nothing). */
export interface ChainJackpot {
  entropy: string;
  prize: bigint;
  hit: boolean;
  won: bigint;
}

/** How a bet was resolved: settled by the house, or claimed back by its player after the settle window. */
export interface ChainSettlement {
  kind: "settled" | "claimed";
  /** BetSettled's seed and random word (null for a claim: the seed stays unrevealed). */
  seed: string | null;
  random: string | null;
  payout: bigint;
  /** GamePlayed's betAmount: both stakes of a split hand. */
  totalStake: bigint;
  jackpot: ChainJackpot | null;
  /**
   * One-click play: settled in the transaction that placed it, its jackpot ticket drawn in a later
   * one (docs/protocol.md §6), so `jackpot` stays null until that draw is found.
   */
  jackpotDeferred?: boolean;
  txHash: string;
  block: number;
}

export function betFromLog(log: Log, degenAddress: string): ChainBet {
  const event = parseCasinoLog(log);
  if (event?.name !== "BetPlaced") throw new Error("not a BetPlaced log");
  const { gameType, token, ...fields } = event.args;
  return {
    ...fields,
    token: token === getAddress(degenAddress) ? "DEGEN" : "BNB",
    gameType: Number(gameType) as GameType,
    placedBlock: log.blockNumber,
    placedBlockHash: log.blockHash,
    txHash: log.transactionHash,
  };
}

const betIdTopic = (betId: bigint) => "0x" + betId.toString(16).padStart(64, "0");

/** The bet a wallet's placing transaction placed (its receipt holds one BetPlaced). */
export function betOfReceipt(receipt: TransactionReceipt, degenAddress: string): ChainBet {
  const topic = topicOf("BetPlaced");
  const log = receipt.logs.find((entry) => entry.topics[0] === topic);
  if (!log) throw new Error("The transaction placed no bet");
  return betFromLog(log, degenAddress);
}

/** The bet's placement and resolution logs since `fromBlock` (BetPlaced, BetSettled, ExpiredBetClaimed; all indexed by bet id). */
export async function betLogsSince(casino: Casino, provider: Provider, betId: bigint, fromBlock: number): Promise<Log[]> {
  const events = ["BetPlaced", "BetSettled", "ExpiredBetClaimed"] as const;
  const topics = [events.map(topicOf), betIdTopic(betId)];
  return provider.getLogs({ address: await casino.getAddress(), topics, fromBlock, toBlock: "latest" });
}

/**
 * The deferred jackpot draw of a one-click DEGEN bet, or null until it is known: a hit paid by
 * drawJackpots (JackpotDrawn, and JackpotWon right after it on a hit that pays), a void draw
 * (JackpotDrawn with entropy 0: its batch was drawn once the block's hash was gone, and wins
 * nothing), or a miss, which only its batch's JackpotTicketsDrawn(tickets, entropy) shows
 * (recorded by the next play or by drawJackpots; docs/protocol.md §6; a batch recorded void wins
 * nothing either). A hit whose draw is recorded but not yet paid stays null: drawJackpots, the
 * settler's or the player's, pays it.
 */
export async function findJackpotDraw(casino: Casino, provider: Provider, bet: ChainBet): Promise<ChainJackpot | null> {
  const address = await casino.getAddress();
  const [log] = await provider.getLogs({ address, topics: [topicOf("JackpotDrawn"), betIdTopic(bet.betId)], fromBlock: bet.placedBlock, toBlock: "latest" });
  if (log) {
    const receipt = await provider.getTransactionReceipt(log.transactionHash);
    if (!receipt) return null;
    const [drawnEvent, next] = receipt.logs.filter((entry) => entry.index >= log.index && entry.address === log.address).map(parseCasinoLog);
    if (drawnEvent?.name !== "JackpotDrawn") return null;
    const { entropy, prize, hit } = drawnEvent.args;
    const won = next?.name === "JackpotWon" && next.args.player === bet.player ? next.args.amount : 0n;
    return { entropy, prize, hit, won: hit ? won : 0n };
  }
  const batch = await ticketsOfBatch(provider, bet);
  if (!batch) return null;
  const [recorded] = await provider.getLogs({ address, topics: [topicOf("JackpotTicketsDrawn"), batch.hash], fromBlock: bet.placedBlock, toBlock: "latest" });
  if (!recorded) return null;
  const recordedEvent = parseCasinoLog(recorded);
  if (recordedEvent?.name !== "JackpotTicketsDrawn") return null;
  const { entropy } = recordedEvent.args;
  const draw = ticketDraws(address, batch.tickets, entropy).find((ticket) => ticket.betId === bet.betId);
  // A hit is published, and paid, by drawJackpots on its own: not there yet.
  if (!draw || draw.hit) return null;
  return { entropy, prize: 0n, hit: false, won: 0n };
}

/** The jackpot tickets of the bet's play transaction and the hash that stands for them on chain, read once per transaction. */
const batches = new Map<string, Promise<{ tickets: JackpotTicket[]; hash: string } | null>>();
function ticketsOfBatch(provider: Provider, bet: ChainBet): Promise<{ tickets: JackpotTicket[]; hash: string } | null> {
  let batch = batches.get(bet.txHash);
  if (!batch) {
    batch = (async () => {
      const receipt = await provider.getTransactionReceipt(bet.txHash);
      if (!receipt) return null;
      // Every bet of the transaction with jackpot odds, in log order: a DEGEN bet (BNB bets have none).
      const placedTopic = topicOf("BetPlaced");
      const placed = receipt.logs.filter((entry) => entry.topics[0] === placedTopic).map((entry) => betFromLog(entry, ZeroAddress));
      const tickets: JackpotTicket[] = placed
        .filter((one) => one.jackpotOdds !== 0n)
        .map((one) => ({ betId: one.betId, odds: one.jackpotOdds, prize: one.jackpotPrize }));
      return { tickets, hash: ticketsHash(tickets) };
    })();
    batch.catch(() => batches.delete(bet.txHash));
    batches.set(bet.txHash, batch);
  }
  return batch.then((found) => {
    if (!found) batches.delete(bet.txHash);
    return found;
  });
}

/**
 * The logs that resolve a bet (BetSettled or ExpiredBetClaimed, both indexed by bet id), read
 * from its block on in ranges a public node accepts; null while it is open. `near` is a block to
 * look at first (where the server says the bet settled): a hint, the log itself always comes from
 * the chain.
 */
export async function findResolution(casino: Casino, provider: Provider, bet: ChainBet, near?: number): Promise<ChainSettlement | null> {
  const address = await casino.getAddress();
  const topics = [[topicOf("BetSettled"), topicOf("ExpiredBetClaimed")], betIdTopic(bet.betId)];
  const read = async (range: BlockRange) => (await provider.getLogs({ address, topics, ...range }))[0];
  let resolving = near !== undefined && near >= bet.placedBlock ? await read({ fromBlock: near, toBlock: near }) : undefined;
  if (!resolving) {
    for (const range of rangesUp(bet.placedBlock, await provider.getBlockNumber())) {
      resolving = await read(range);
      if (resolving) break;
    }
  }
  if (!resolving) return null;
  const receipt = await provider.getTransactionReceipt(resolving.transactionHash);
  if (!receipt) return null;
  const settlement = settlementOf(receipt, resolving.index, bet);
  if (settlement.jackpotDeferred) return { ...settlement, jackpot: await findJackpotDraw(casino, provider, bet) };
  if (settlement.kind === "settled" && bet.token === "DEGEN" && !settlement.jackpot)
    return { ...settlement, jackpot: await unpublishedMiss(casino, provider, bet, settlement) };
  return settlement;
}

/** The EVM shows a block's hash for this many blocks after it. */
const BLOCKHASH_WINDOW = 256;

/**
 * The draw of a settled DEGEN bet that published none: only a hit or a void draw publishes
 * JackpotDrawn, so this is the miss the settlement claims, drawn on the hash locked for it
 * (JackpotEntropyLocked) when there is one, else on the bet's block hash (which the EVM shows for
 * 8,191 blocks with EIP-2935). Checked like a published draw: a roll that hits is a problem.
 */
async function unpublishedMiss(casino: Casino, provider: Provider, bet: ChainBet, settlement: ChainSettlement): Promise<ChainJackpot> {
  const miss = { prize: 0n, hit: false, won: 0n };
  if (settlement.block - bet.placedBlock <= BLOCKHASH_WINDOW) return { ...miss, entropy: bet.placedBlockHash };
  const address = await casino.getAddress();
  let log: Log | undefined;
  for (const range of rangesUp(bet.placedBlock, settlement.block)) {
    [log] = await provider.getLogs({ address, topics: [topicOf("JackpotEntropyLocked"), betIdTopic(bet.betId)], ...range });
    if (log) break;
  }
  const lockedEvent = log && parseCasinoLog(log);
  return { ...miss, entropy: lockedEvent?.name === "JackpotEntropyLocked" ? lockedEvent.args.entropy : bet.placedBlockHash };
}

/**
 * The events of one bet's resolution inside its transaction, which may settle many bets: they
 * follow its BetSettled / ExpiredBetClaimed in order (GamePlayed, then JackpotDrawn and JackpotWon
 * for DEGEN), before the next bet's.
 */
export function settlementOf(receipt: TransactionReceipt, fromIndex: number, bet: ChainBet): ChainSettlement {
  // The Casino's address from the bet's own resolving log: a relayed transaction goes to CasinoSessions.
  const casinoAddress = getAddress(receipt.logs.find((log) => log.index === fromIndex)?.address ?? receipt.to ?? ZeroAddress);
  let settlement: Partial<ChainSettlement> = { txHash: receipt.hash, block: receipt.blockNumber, jackpot: null };
  for (const log of receipt.logs) {
    if (log.index < fromIndex || getAddress(log.address) !== casinoAddress) continue;
    const event = parseCasinoLog(log);
    if (event?.name === "BetSettled" || event?.name === "ExpiredBetClaimed") {
      if (event.args.betId !== bet.betId) break; // the next bet's
      settlement =
        event.name === "BetSettled"
          ? { ...settlement, kind: "settled", seed: event.args.seed, random: event.args.random }
          : { ...settlement, kind: "claimed", seed: null, random: null, payout: event.args.payout };
    } else if (event?.name === "GamePlayed" && settlement.totalStake === undefined) {
      settlement = { ...settlement, payout: event.args.payout, totalStake: event.args.betAmount };
    } else if (event?.name === "JackpotDrawn" && event.args.betId === bet.betId) {
      const { entropy, prize, hit } = event.args;
      settlement.jackpot = { entropy, prize, hit, won: 0n };
    } else if (event?.name === "JackpotWon" && settlement.jackpot) {
      settlement.jackpot = { ...settlement.jackpot, won: event.args.amount };
      break;
    }
  }
  if (settlement.kind === undefined || settlement.payout === undefined || settlement.totalStake === undefined) {
    throw new Error(`The settlement of bet ${bet.betId} could not be read from its transaction ${receipt.hash}`);
  }
  // Placed and settled in one transaction (CasinoSessions.play): a DEGEN bet's draw comes later.
  if (receipt.hash === bet.txHash && bet.token === "DEGEN" && !settlement.jackpot) settlement.jackpotDeferred = true;
  return settlement as ChainSettlement;
}
