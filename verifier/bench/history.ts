/**
 * The verifier bench's history: an honest house's Casino logs, many bets of every game in both
 * tokens, spread over a span of blocks. The events are those of History (test/support/history.ts,
 * the model of the contract's events the audit's tests use), encoded with the Casino's ABI into
 * the logs a node's eth_getLogs returns, each kept as its JSON text.
 *
 * Why not a `hardhat node`: it keeps about a megabyte per transaction (1,500 bets took it to
 * 1.9 GB, 4,500 to 4.5 GB), so a deployment of 100,000 bets does not fit in this machine's memory.
 */
import { keccak256, parseEther, toBeHex, toQuantity, ZeroAddress } from "ethers";
import { GameType, type Token } from "../../engine/src/index";
import { casinoInterface } from "../../server/src/chain/casino";
import type { ChainEvent } from "../src/events";
import { CASINO, History } from "../test/support/history";
import { playedActions } from "../test/support/house";

const PLAYERS = 6;
const GAMES: { gameType: GameType; params: bigint }[] = [
  { gameType: GameType.WHEEL, params: 0b101n },
  { gameType: GameType.SLOTS, params: 0n },
  { gameType: GameType.BLACKJACK, params: 0n },
  { gameType: GameType.KICKBOXING, params: 1n },
  { gameType: GameType.CRASH, params: 0n },
  { gameType: GameType.CRASH, params: 250n },
];
const STAKE: Record<Token, bigint> = { DEGEN: parseEther("1"), BNB: parseEther("0.001") };

export interface BenchHistory {
  /** Each log's JSON text, in chain order, with its block number alongside. */
  logs: { block: number; json: string }[];
  head: number;
  bets: number;
}

/** `bets` bets of PLAYERS players, each placed and settled, over about `spanBlocks` blocks. */
export function benchHistory(bets: number, spanBlocks: number): BenchHistory {
  const history = new History();
  history.fundJackpot(parseEther("1000000"));
  const players = Array.from({ length: PLAYERS }, (_, i) => History.player(i));
  for (const player of players) history.commit(player, Math.ceil(bets / PLAYERS));
  for (let i = 0; i < bets; i++) {
    const player = players[i % PLAYERS]!;
    const ofPlayer = Math.floor(i / PLAYERS);
    const token: Token = ofPlayer % 2 === 0 ? "DEGEN" : "BNB";
    const game = GAMES[Math.floor(ofPlayer / 2) % GAMES.length]!;
    const bet = history.place(player, { token, amount: STAKE[token], ...game });
    const actions = playedActions({ ...bet, token, gameType: game.gameType, block: bet.at.block, split: false }, history.wordOf(bet));
    history.settle(bet, { actions });
  }
  // History writes one transaction per block; the span spreads them as a real deployment's are
  // (rounding keeps distinct blocks distinct, in order, as long as the span is the longer).
  const ratio = Math.max(1, spanBlocks / history.events.at(-1)!.at.block);
  const spread = (block: number) => Math.round(block * ratio);
  const logs = history.events.map((event) => ({ block: spread(event.at.block), json: JSON.stringify(rawLog(event, spread(event.at.block))) }));
  return { logs, head: Math.max(spanBlocks, logs.at(-1)!.block + 1), bets };
}

/** The log eth_getLogs returns for the event, in block `block`. */
function rawLog(event: ChainEvent, block: number) {
  const fragment = casinoInterface.getEvent(event.name)!;
  // The fields are named as the event's arguments; JackpotFunded's funder is not kept.
  const values = fragment.inputs.map((input) => (event as unknown as Record<string, unknown>)[input.name] ?? ZeroAddress);
  const { data, topics } = casinoInterface.encodeEventLog(fragment, values);
  return {
    address: CASINO,
    topics,
    data,
    blockNumber: toQuantity(block),
    // BetPlaced's hash is the one its jackpot draw uses; History derives it from the unmoved block.
    blockHash: event.name === "BetPlaced" ? event.blockHash : keccak256(toBeHex(event.at.block, 32)),
    logIndex: toQuantity(event.at.logIndex),
    transactionHash: event.at.tx,
    transactionIndex: "0x0",
    removed: false,
  };
}
