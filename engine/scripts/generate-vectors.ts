/**
 * Writes engine/vectors/*.json from fixed inputs. The vectors freeze today's rules: the engine
 * tests replay them, and the contract tests check the random word (random.json) and the jackpot
 * draw (jackpot.json) against the Solidity code. Run: npx tsx engine/scripts/generate-vectors.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { keccak256, parseUnits, toUtf8Bytes } from "ethers";
import {
  BLACKJACK_ACTIONS,
  GameType,
  HashChain,
  hashChainTip,
  laneChainTip,
  RandomStream,
  applyBlackjackAction,
  cardCode,
  crashRound,
  diceRoll,
  encodeBlackjackActions,
  encodeCrashParams,
  encodeDiceParams,
  encodePlinkoParams,
  encodeMinesParams,
  minesLayout,
  MINES,
  PLINKO_RISKS,
  plinkoPath,
  encodeWheelParams,
  fightFromWord,
  isFinalStatus,
  betJackpotPrize,
  jackpotOdds,
  jackpotPrizeOf,
  jackpotRoll,
  legalActions,
  randomWord,
  replayBlackjack,
  settleGame,
  startBlackjack,
  type BlackjackAction,
  type BlackjackState,
  type Token,
} from "../src";

const out = fileURLToPath(new URL("../vectors", import.meta.url));
const label = (text: string) => keccak256(toUtf8Bytes(text));
const write = (name: string, data: unknown) =>
  writeFileSync(join(out, name), JSON.stringify(data, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2) + "\n");

// Hardhat dev accounts #2..#9 (the players of the local stack).
const PLAYERS = [
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
  "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
];
const CASINOS = ["0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "0x5FbDB2315678afecb367f032d93F642f64180aa3"];
const NONCES = [0n, 1n, 2n, 7n, 42n, 1000n, 1n << 64n, (1n << 256n) - 1n];

function randomEntry(i: number) {
  const input = {
    seed: label(`degen-casino vector seed ${i}`),
    clientSeed: label(`degen-casino vector client seed ${i}`),
    player: PLAYERS[i % PLAYERS.length],
    nonce: i < NONCES.length ? NONCES[i] : BigInt(100 + i),
    chainId: i % 2 === 0 ? 31337n : 97n,
    casino: CASINOS[i % CASINOS.length],
  };
  const word = randomWord(input);
  return { ...input, nonce: input.nonce.toString(), chainId: input.chainId.toString(), word };
}

write(
  "random.json",
  Array.from({ length: 8 }, (_, i) => randomEntry(i)),
);

// jackpot.json: rolls of (casino, betId, block hash), prizes of pools and shares (rounding and the
// cap included), and odds over the range of stakes and prizes a bet can meet (certainty included).
const ONE = 10n ** 18n;
const jackpotStakes = [ONE, 10n * ONE, 12_345n * ONE + 678n, 1_000_000n * ONE];
const jackpotPrizes = [0n, 1n, 100n * ONE, 60_000n * ONE, 500_000_000n * ONE];
const jackpotPools = [0n, 999_999_999n, 1_200_000n * ONE + 123_456_789_012n, 10n ** 27n, 10n ** 30n];
write("jackpot.json", {
  rolls: Array.from({ length: 8 }, (_, i) => {
    const betId = (BigInt(PLAYERS[i % PLAYERS.length]) << 64n) | NONCES[i % 6];
    const entropy = label(`degen-casino vector block ${i}`);
    const casino = CASINOS[i % CASINOS.length];
    return { casino, betId, entropy, roll: jackpotRoll(casino, betId, entropy) };
  }),
  odds: jackpotStakes.flatMap((stake, i) =>
    jackpotPrizes.map((prize, j) => {
      const edgeBps = [0, 1, 50, 200][(i + j) % 4];
      return { stake, edgeBps, prize, odds: jackpotOdds(stake, edgeBps, prize) };
    }),
  ),
  prizes: jackpotPools.flatMap((pool) => [1, 500, 5_000].map((shareBps) => ({ pool, shareBps, prize: jackpotPrizeOf(pool, shareBps) }))),
  betPrizes: jackpotStakes.flatMap((stake, i) =>
    jackpotPools.map((pool, j) => {
      const [edgeBps, shareBps] = [[0, 1, 50, 200][(i + j) % 4], [1, 500, 5_000][(i + 2 * j) % 3]];
      return { stake, edgeBps, pool, shareBps, prize: betJackpotPrize(stake, edgeBps, pool, shareBps) };
    }),
  ),
});

const gameWord = (game: string, i: number) => label(`degen-casino ${game} vector ${i}`);
const TOKENS: Token[] = ["DEGEN", "BNB"];
const STAKES = [parseUnits("1", 18), parseUnits("0.005", 18), parseUnits("10", 18), parseUnits("0.123456789", 18)];

const wheelMasks = [[0], [3], [0, 1, 2], [4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8], [9], [1, 3, 5, 7, 9], [2, 6]];
write(
  "wheel.json",
  Array.from({ length: 16 }, (_, i) => {
    const word = gameWord("wheel", i);
    const token = TOKENS[i % 2];
    const stake = STAKES[i % STAKES.length];
    const params = encodeWheelParams(wheelMasks[i % wheelMasks.length]);
    const settled = settleGame({ gameType: GameType.WHEEL, token, stake, params, word });
    if (settled.outcome.gameType !== GameType.WHEEL) throw new Error("wheel");
    return { word, token, stake, params, segment: settled.outcome.wheel.segment, won: settled.outcome.wheel.won, payout: settled.payout };
  }),
);

// slots.json: 10 spins in a row plus the first 4 winning spins after them.
const slots = [];
for (let i = 0, wins = 0; slots.length < 10 || wins < 4; i++) {
  const word = gameWord("slots", i);
  const token = TOKENS[i % 2];
  const stake = STAKES[i % STAKES.length];
  const settled = settleGame({ gameType: GameType.SLOTS, token, stake, params: 0n, word });
  if (settled.outcome.gameType !== GameType.SLOTS) throw new Error("slots");
  const { reels, winLines, isBigWin, totalMultiple } = settled.outcome.slots;
  if (slots.length >= 10 && totalMultiple === 0) continue;
  if (totalMultiple > 0) wins++;
  slots.push({ word, token, stake, reels, winLines, totalMultiple, isBigWin, payout: settled.payout });
}
write("slots.json", slots);

/** A simple player: split when allowed, hit below 17, stand otherwise. */
function simplePolicy(state: BlackjackState): BlackjackAction {
  if (legalActions(state).includes("SPLIT")) return "SPLIT";
  const hand = state.activeSplit === "second" ? state.splitHand! : state.playerHand;
  const total = hand.reduce((sum, card) => sum + (card.value === "ACE" ? 11 : typeof card.value === "number" ? card.value : 10), 0);
  return total < 17 ? "HIT" : "STAND";
}
const blackjack: { actions: string; [field: string]: unknown }[] = [];
const seen = new Set<string>();
for (let i = 0; blackjack.length < 12 || !["SPLIT_DONE", "BLACKJACK", "PUSH", "PLAYER_WIN", "DEALER_WIN"].every((s) => seen.has(s)); i++) {
  const word = gameWord("blackjack", i);
  const stake = STAKES[i % STAKES.length];
  let state = startBlackjack(word, stake, "DEGEN");
  while (!isFinalStatus(state.status)) state = applyBlackjackAction(state, simplePolicy(state));
  // The same hand in BNB: the same cards and actions, its winnings paid at 0.98x.
  const bnb = replayBlackjack(word, stake, "BNB", state.actions);
  const kind = state.splitHand ? "SPLIT_DONE" : state.status;
  if (blackjack.length >= 12 && seen.has(kind)) continue;
  seen.add(kind);
  blackjack.push({
    word,
    stake,
    deck: state.deck.map(cardCode),
    actions: encodeBlackjackActions(state.actions),
    status: state.status,
    playerHand: state.playerHand.map(cardCode),
    splitHand: state.splitHand?.map(cardCode) ?? null,
    dealerHand: state.dealerHand.map(cardCode),
    settled: { DEGEN: { status: state.status, payout: state.payout }, BNB: { status: bnb.status, payout: bnb.payout } },
  });
}
if (!BLACKJACK_ACTIONS.every((action) => blackjack.some((v) => v.actions.includes(encodeBlackjackActions([action]))))) {
  throw new Error("the blackjack vectors should use every action");
}
write("blackjack.json", blackjack);

/** The first 10 fights, and the first 3 even matches (2 % of fights: the draws) after them. */
function kickboxingWords(): string[] {
  const words = Array.from({ length: 10 }, (_, i) => gameWord("kickboxing", i));
  for (let i = 10, even = 0; even < 3; i++) {
    const word = gameWord("kickboxing", i);
    if (!fightFromWord(word).evenMatch) continue;
    words.push(word);
    even++;
  }
  return words;
}

const stake = parseUnits("10", 18);
write(
  "kickboxing.json",
  kickboxingWords().map((word) => {
    const fight = fightFromWord(word);
    const payouts = Object.fromEntries(
      ([0n, 1n, 2n] as const).map((params) => [
        ["RED", "BLUE", "TIE"][Number(params)],
        settleGame({ gameType: GameType.KICKBOXING, token: "DEGEN", stake, params, word }).payout,
      ]),
    );
    return {
      word,
      winner: fight.winner,
      evenMatch: fight.evenMatch,
      endReason: fight.endReason,
      durationMs: fight.durationMs,
      exchanges: fight.timeline.length,
      redHp: fight.redHp,
      blueHp: fight.blueHp,
      stats: fight.stats,
      stake,
      payouts,
    };
  }),
);

// crash.json: 12 rounds with various cash-outs, plus the first instant bust.
const crash: { crashPoint: number; [field: string]: unknown }[] = [];
const cashOuts: { auto: number | null; manual: number | null }[] = [
  { auto: 101, manual: null },
  { auto: 200, manual: null },
  { auto: 1000, manual: null },
  { auto: null, manual: 150 },
  { auto: null, manual: null },
  { auto: 10_000, manual: null },
];
for (let i = 0; crash.length < 12 || !crash.some((v) => v.crashPoint === 100); i++) {
  const word = gameWord("crash", i);
  const token = TOKENS[i % 2];
  const round = crashRound(word, token);
  if (crash.length >= 12 && round.crashPoint !== 100) continue;
  const { auto, manual } = cashOuts[i % cashOuts.length];
  const params = encodeCrashParams(auto);
  const settled = settleGame({ gameType: GameType.CRASH, token, stake, params, word, actions: manual });
  crash.push({
    word,
    token,
    crashPoint: round.crashPoint,
    amplitude: round.curve.amplitude,
    frequency: round.curve.frequency,
    stake,
    params,
    manualCashOut: manual,
    payout: settled.payout,
  });
}
write("crash.json", crash);

// dice.json: 12 rolls, each bet under and over a target at the roll (a loss) and one past it (a win).
write(
  "dice.json",
  Array.from({ length: 12 }, (_, i) => {
    const word = gameWord("dice", i);
    const token = TOKENS[i % 2];
    const roll = diceRoll(new RandomStream(word));
    const bets = [
      { target: Math.max(1, roll), side: "UNDER" as const },
      { target: Math.min(9_800, roll + 1), side: "UNDER" as const },
      { target: Math.min(9_998, Math.max(199, roll)), side: "OVER" as const },
      { target: Math.min(9_998, Math.max(199, roll - 1)), side: "OVER" as const },
    ];
    return {
      word,
      token,
      roll,
      stake,
      bets: bets.map((bet) => {
        const params = encodeDiceParams(bet);
        return { ...bet, params, payout: settleGame({ gameType: GameType.DICE, token, stake, params, word }).payout };
      }),
    };
  }),
);

// plinko.json: 12 words, each dropped through every risk at 8, 12 and 16 rows (the path is the
// first draw's low bits, so the rows share it).
write(
  "plinko.json",
  Array.from({ length: 12 }, (_, i) => {
    const word = gameWord("plinko", i);
    const token = TOKENS[i % 2];
    return {
      word,
      token,
      stake,
      bets: PLINKO_RISKS.flatMap((risk) =>
        [8, 12, 16].map((rows) => {
          const params = encodePlinkoParams({ rows, risk });
          const { slot } = plinkoPath(new RandomStream(word), rows);
          return { rows, risk, params, slot, payout: settleGame({ gameType: GameType.PLINKO, token, stake, params, word }).payout };
        }),
      ),
    };
  }),
);

// mines.json: 8 words, each at 1, 3, 5, 12 and 24 mines, with the logs that end a round every way:
// a cash-out after one to three safe tiles, a bust, a log left idle after two safe tiles (the idle
// rule cashes it out; with 24 mines, after none: it pays nothing), and at 1, 12 and 24 mines every
// safe tile revealed (the round ends paid; at 12 mines the 1,000x cap pays).
const minesStake = parseUnits("1000", 18);
write(
  "mines.json",
  Array.from({ length: 8 }, (_, i) => {
    const word = gameWord("mines", i);
    const token = TOKENS[i % 2];
    return {
      word,
      token,
      stake: minesStake,
      rounds: [1, 3, 5, 12, 24].flatMap((mines) => {
        const mineTiles = minesLayout(new RandomStream(word), mines);
        const safeTiles = Array.from({ length: MINES.TILES }, (_, tile) => tile).filter((tile) => !mineTiles.includes(tile));
        const code = (tiles: number[]) => tiles.map((tile) => String.fromCharCode(MINES.FIRST_TILE_CODE + tile)).join("");
        // The last safe tile ends the round: a cash-out, or a log left idle, comes before it.
        const beforeTheLast = (count: number) => safeTiles.slice(0, Math.min(count, safeTiles.length - 1));
        const cashOut = beforeTheLast(1 + (i % 3));
        const logs = [
          ...(cashOut.length > 0 ? [code(cashOut) + MINES.CASH_OUT] : []),
          code([...beforeTheLast(i % 2), mineTiles[i % mineTiles.length]!]),
          code(beforeTheLast(2)),
          ...(mines === 1 || mines === 12 || mines === 24 ? [code(safeTiles)] : []),
        ];
        return logs.map((log) => {
          const params = encodeMinesParams(mines);
          const { payout, outcome } = settleGame({ gameType: GameType.MINES, token, stake: minesStake, params, word, actions: log });
          if (outcome.gameType !== GameType.MINES) throw new Error("a mines outcome expected");
          return { mines, params, mineTiles, log, status: outcome.mines.status, payout };
        });
      }),
    };
  }),
);

const masterSecret = label("degen-casino vector master secret");
const chain = new HashChain(hashChainTip(masterSecret, PLAYERS[0], 3), 8);
const laneKey = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const lane = new HashChain(laneChainTip(masterSecret, PLAYERS[0], laneKey), 8);
write("hashchain.json", {
  masterSecret,
  player: PLAYERS[0],
  epoch: 3,
  length: 8,
  // 1 link per bet: the k-th bet after the commitment is settled with links[k].
  links: Array.from({ length: 9 }, (_, i) => chain.link(i)),
  // A session's lane, by its key: the chain whose root the player's grant names.
  laneKey,
  laneLinks: Array.from({ length: 9 }, (_, i) => lane.link(i)),
});
console.log("vectors written to", out);
