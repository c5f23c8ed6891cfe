/**
 * The verifier bench's history: an honest house's Casino logs, many bets of every game in both
 * tokens, spread over a span of blocks, as a node serves them (log-server.ts). The events are those
 * of History (test/support/history.ts, the model of the contracts' events the audit's tests use).
 * Half the players bet from their wallets (their blackjack and manual crash logs signed by a key
 * the wallet names for the hand); the other half play one-click from a session (games without
 * decisions relayed 20 to a transaction, their jackpot tickets drawn in the next; the others placed
 * from a signed bet and settled with the session key's log).
 *
 * Why not a `hardhat node`: it keeps about a megabyte per transaction (1,500 bets took it to
 * 1.9 GB, 4,500 to 4.5 GB), so a deployment of 100,000 bets does not fit in this machine's memory.
 */
import { parseEther } from "ethers";
import { GameType, isInteractive, type Token } from "../../engine/src/index";
import type { EventOf } from "../src/types";
import { DEGEN, History, type OneClickSpec } from "../test/support/history";
import { playedActions } from "../test/support/house";
import { servedHistory, type ServedHistory } from "./log-server";

const PLAYERS = 6;
/** Players from this index on play from a session. */
const FIRST_SESSION_PLAYER = 3;
const ONE_CLICK_BATCH = 20;
const GAMES: { gameType: GameType; params: bigint }[] = [
  { gameType: GameType.WHEEL, params: 0b101n },
  { gameType: GameType.SLOTS, params: 0n },
  { gameType: GameType.BLACKJACK, params: 0n },
  { gameType: GameType.KICKBOXING, params: 1n },
  { gameType: GameType.CRASH, params: 0n },
  { gameType: GameType.CRASH, params: 250n },
];
const STAKE: Record<Token, bigint> = { DEGEN: parseEther("1"), BNB: parseEther("0.001") };

export interface BenchHistory extends ServedHistory {
  bets: number;
}

/** `bets` bets of PLAYERS players, each placed and settled, over about `spanBlocks` blocks. */
export function benchHistory(bets: number, spanBlocks: number): BenchHistory {
  const history = new History();
  history.fundJackpot(parseEther("1000000"));
  const players = Array.from({ length: PLAYERS }, (_, i) => History.player(i));
  for (const player of players) history.commit(player, Math.ceil(bets / PLAYERS));
  for (const player of players.slice(FIRST_SESSION_PLAYER)) history.openSession(player);
  let oneClick: OneClickSpec[] = [];
  const relay = () => {
    const placed = history.play(oneClick);
    history.drawTickets(placed.filter((bet) => bet.token === DEGEN && bet.jackpotOdds !== 0n));
    oneClick = [];
  };
  for (let i = 0; i < bets; i++) {
    const index = i % PLAYERS;
    const player = players[index]!;
    const ofPlayer = Math.floor(i / PLAYERS);
    const token: Token = ofPlayer % 2 === 0 ? "DEGEN" : "BNB";
    const game = GAMES[Math.floor(ofPlayer / 2) % GAMES.length]!;
    const spec = { player, token, amount: STAKE[token], ...game };
    const interactive = isInteractive(game.gameType, game.params);
    if (index >= FIRST_SESSION_PLAYER && !interactive) {
      oneClick.push(spec);
      if (oneClick.length === ONE_CLICK_BATCH) relay();
      continue;
    }
    const bet = index >= FIRST_SESSION_PLAYER ? history.placeSigned(spec) : history.place(player, spec);
    history.settle(bet, { actions: actionsOf(history, bet, token) });
  }
  if (oneClick.length > 0) relay();
  // History writes one transaction per block; the span spreads them as a real deployment's are
  // (rounding keeps distinct blocks distinct, in order, as long as the span is the longer).
  const ratio = Math.max(1, spanBlocks / history.events.at(-1)!.at.block);
  return { ...servedHistory(history, spanBlocks, (block) => Math.round(block * ratio)), bets };
}

/** The log the test players play (test/support/house.ts), for an interactive round. */
function actionsOf(history: History, bet: EventOf<"BetPlaced">, token: Token) {
  return playedActions({ ...bet, token, gameType: bet.gameType as GameType, block: bet.at.block, split: false }, history.wordOf(bet));
}
