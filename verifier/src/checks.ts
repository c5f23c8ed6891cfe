import {
  GameType,
  formatAmount,
  gameName,
  isGameType,
  betJackpotPrize,
  jackpotDraw,
  jackpotOdds,
  maxPayout,
  randomWord,
  settleGame,
  unpackTerms,
  type SettlementActions,
  type Token,
} from "../../engine/src/index";
import { blackjackPayouts, crashManualAllows } from "./interactive";
import type { BetResult, CheckName, EventOf, Problem, ProblemKind, Verdict } from "./types";

/**
 * The EVM shows a block's hash to contracts for 256 blocks. Chains with EIP-2935 (BSC among them)
 * show it for 8191, so a void draw resolved between 256 and 8191 blocks after its bet cannot be
 * told apart from chain data: only a void draw within 256 blocks is proof of a fault.
 */
export const BLOCKHASH_WINDOW = 256;

const ZERO_WORD = "0x" + "0".repeat(64);

/** A bet with everything its resolution published, gathered from the events in chain order. */
export interface ResolvedBet {
  placed: EventOf<"BetPlaced">;
  split: boolean;
  lockedEntropy: string | null;
  /** The jackpot pool when the bet was placed and just before its draw (null: not known, history not read from the start). */
  poolAtPlacement: bigint | null;
  poolBeforeDraw: bigint | null;
  resolution: EventOf<"BetSettled"> | EventOf<"ExpiredBetClaimed">;
  gamePlayed: EventOf<"GamePlayed"> | null;
  drawn: EventOf<"JackpotDrawn"> | null;
  won: EventOf<"JackpotWon"> | null;
}

export interface CheckContext {
  chainId: bigint;
  casino: string;
  /** The DEGEN token's address; BNB is address(0). */
  degen: string;
  /** Published action logs by bet id (decimal), replayed exactly when given. */
  actions?: ReadonlyMap<string, SettlementActions | null>;
}

/** Collects a bet's problems and the verdict of each column. */
class Findings {
  readonly problems: Problem[] = [];
  readonly checks: Record<CheckName, Verdict> = { word: "n/a", chain: "n/a", payout: "n/a", jackpot: "n/a" };
  constructor(private readonly bet: ResolvedBet) {}

  problem(check: CheckName, kind: ProblemKind, message: string): void {
    this.adopt(check, { kind, message, block: this.bet.resolution.at.block, betId: this.bet.placed.betId, player: this.bet.placed.player });
  }

  /** A problem found before the bet was resolved (order, link, locked entropy), kept as it is. */
  adopt(check: CheckName, problem: Problem): void {
    this.problems.push(problem);
    this.checks[check] = "mismatch";
  }

  /** Sets a verdict unless the column already holds a mismatch. */
  verdict(check: CheckName, verdict: Verdict): void {
    if (this.checks[check] !== "mismatch") this.checks[check] = verdict;
  }
}

/** An amount in token units, as a reader compares it with a wallet ("15 DEGEN"). */
const units = (amount: bigint, token: Token) => `${formatAmount(amount)} ${token}`;

function tokenOf(address: string, ctx: CheckContext): Token | undefined {
  if (BigInt(address) === 0n) return "BNB";
  return address.toLowerCase() === ctx.degen.toLowerCase() ? "DEGEN" : undefined;
}

/**
 * Verifies one resolved bet: its random word, its payout and its jackpot draw. The hash-chain,
 * ordering and entropy-lock checks need the events before the resolution and are made by the
 * audit (audit.ts), which passes what they found: `earlier` problems and the chain's verdict.
 */
export function checkBet(bet: ResolvedBet, ctx: CheckContext, earlier: readonly Problem[], chainVerdict: Verdict): BetResult {
  const { placed, resolution } = bet;
  const found = new Findings(bet);
  for (const p of earlier) found.adopt(p.kind === "entropy" ? "jackpot" : "chain", p);
  found.verdict("chain", chainVerdict);

  const settled = resolution.name === "BetSettled";
  const totalStake = bet.split ? 2n * placed.amount : placed.amount;
  const payout = settled ? (bet.gamePlayed?.payout ?? null) : resolution.payout;
  const word = settled
    ? randomWord({ seed: resolution.seed, clientSeed: placed.clientSeed, player: placed.player, nonce: placed.nonce, chainId: ctx.chainId, casino: ctx.casino })
    : null;
  if (settled) {
    if (word === resolution.random.toLowerCase()) found.verdict("word", "exact");
    else found.problem("word", "word", `random word ${resolution.random} is not the ${word} the seed and the bet's inputs give`);
  }

  const token = tokenOf(placed.token, ctx);
  const game = isGameType(placed.gameType) ? gameName(placed.gameType) : `game ${placed.gameType}`;
  checkGamePlayed(bet, found, totalStake, payout);
  if (token === undefined || !isGameType(placed.gameType)) {
    found.problem(
      "payout",
      "events",
      `BetPlaced names ${token === undefined ? `token ${placed.token}` : `game type ${placed.gameType}`}, which the Casino does not offer`,
    );
  } else if (payout !== null) {
    checkPayout(bet, found, ctx, { token, gameType: placed.gameType, totalStake, payout, word });
  }
  if (token === "DEGEN") checkJackpot(bet, found, ctx);
  else if (bet.drawn) found.problem("jackpot", "jackpot", "a jackpot was drawn for a BNB bet");
  else if (placed.jackpotOdds !== 0n || placed.jackpotPrize !== 0n)
    found.problem("jackpot", "jackpot", `a BNB bet has jackpot odds ${placed.jackpotOdds} and prize ${placed.jackpotPrize}`);

  return {
    betId: placed.betId,
    player: placed.player,
    nonce: placed.nonce,
    placedBlock: placed.at.block,
    resolvedBlock: resolution.at.block,
    resolution: settled ? "settled" : "expired",
    game,
    token: token ?? placed.token,
    stake: totalStake,
    split: bet.split,
    payout,
    seed: settled ? resolution.seed : null,
    random: settled ? resolution.random : null,
    jackpot: bet.drawn && { entropy: bet.drawn.entropy, prize: bet.drawn.prize, hit: bet.drawn.hit, won: bet.won?.amount ?? 0n },
    checks: found.checks,
    problems: found.problems,
  };
}

/** GamePlayed must restate the resolution: the player, both stakes, the payout, won and the game. */
function checkGamePlayed(bet: ResolvedBet, found: Findings, totalStake: bigint, payout: bigint | null): void {
  const played = bet.gamePlayed;
  if (!played) {
    found.problem("payout", "events", `no GamePlayed follows ${bet.resolution.name} in its transaction`);
    return;
  }
  const { placed } = bet;
  const expected = {
    player: placed.player,
    betAmount: totalStake,
    payout: payout ?? played.payout,
    won: (payout ?? played.payout) > totalStake,
    gameType: placed.gameType,
  };
  const actual = { player: played.player, betAmount: played.betAmount, payout: played.payout, won: played.won, gameType: played.gameType };
  for (const field of Object.keys(expected) as (keyof typeof expected)[]) {
    if (expected[field] !== actual[field])
      found.problem("payout", "events", `GamePlayed's ${field} is ${String(actual[field])}, the bet's is ${String(expected[field])}`);
  }
}

interface PayoutInput {
  token: Token;
  gameType: GameType;
  totalStake: bigint;
  payout: bigint;
  word: string | null;
}

function checkPayout(bet: ResolvedBet, found: Findings, ctx: CheckContext, input: PayoutInput): void {
  const { placed } = bet;
  const { token, gameType, totalStake, payout, word } = input;
  let reservation: bigint;
  try {
    reservation = maxPayout(gameType, placed.params, token, totalStake, bet.split);
  } catch (error) {
    found.problem("payout", "events", `the bet's params are ones the Casino refuses: ${(error as Error).message}`);
    return;
  }
  if (word === null) {
    // An expired claim pays the reservation, exactly.
    if (payout === reservation) found.verdict("payout", "exact");
    else found.problem("payout", "claim", `the expired claim paid ${units(payout, token)}, the bet's maximum payout is ${units(reservation, token)}`);
    return;
  }
  if (payout > reservation) found.problem("payout", "payout", `payout ${units(payout, token)} is above the bet's maximum payout ${units(reservation, token)}`);

  const actions = ctx.actions?.get(placed.betId.toString());
  const manualCrash = gameType === GameType.CRASH && placed.params === 0n;
  const interactive = gameType === GameType.BLACKJACK || manualCrash;
  if (!interactive || actions !== undefined) {
    let expected: bigint;
    try {
      expected = settleGame({ gameType, token, stake: placed.amount, params: placed.params, word, actions: interactive ? actions : undefined }).payout;
    } catch (error) {
      found.problem("payout", "payout", `the published action log cannot be played: ${(error as Error).message}`);
      return;
    }
    if (expected === payout) found.verdict("payout", "exact");
    else
      found.problem(
        "payout",
        "payout",
        `payout ${units(payout, token)} differs from the rules' ${units(expected, token)}${interactive ? " for the published action log" : ""}`,
      );
    return;
  }
  if (gameType === GameType.BLACKJACK) {
    const possible = blackjackPayouts(word, placed.amount, bet.split);
    if (possible.has(payout)) found.verdict("payout", "allowed");
    else {
      const listed = [...possible]
        .sort((a, b) => (a < b ? -1 : 1))
        .map(formatAmount)
        .join(", ");
      found.problem(
        "payout",
        "payout",
        `payout ${units(payout, token)} is none of the payouts this hand can end with, whatever the player did (${listed} ${token})`,
      );
    }
    return;
  }
  if (crashManualAllows(token, placed.amount, word, payout)) found.verdict("payout", "allowed");
  else found.problem("payout", "payout", `payout ${units(payout, token)} is neither 0 nor stake × m / 100 for a cash-out m up to this round's crash point`);
}

/**
 * A DEGEN bet's draw, against the contract's: the prize and odds BetPlaced published (the share of
 * the pool then, and stake × edge ÷ prize; a split does not change them), entropy = the hash of the
 * bet's block (void only when it was gone and never locked, and then a hit), roll =
 * jackpotRoll(casino, betId, entropy), the published `hit` flag = odds > 0 ∧ (void ∨ roll < odds),
 * the prize paid = min(the bet's prize, pool), JackpotWon paying it iff hit and above 0.
 */
function checkJackpot(bet: ResolvedBet, found: Findings, ctx: CheckContext): void {
  const { placed, drawn } = bet;
  if (!drawn) {
    found.problem("jackpot", "jackpot", "no JackpotDrawn for a DEGEN bet");
    return;
  }
  const { jackpotEdgeBps: edge, jackpotShareBps: share } = unpackTerms(placed.terms);
  if (bet.poolAtPlacement !== null) {
    const prize = betJackpotPrize(placed.amount, edge, bet.poolAtPlacement, share);
    if (prize !== placed.jackpotPrize)
      found.problem(
        "jackpot",
        "jackpot",
        `BetPlaced's jackpot prize ${units(placed.jackpotPrize, "DEGEN")} is not the ${units(prize, "DEGEN")} its terms and the pool give`,
      );
  }
  const odds = jackpotOdds(placed.amount, edge, placed.jackpotPrize);
  if (odds !== placed.jackpotOdds)
    found.problem("jackpot", "jackpot", `BetPlaced's jackpot odds ${placed.jackpotOdds} are not the ${odds} its stake, edge and prize give`);
  const exact = bet.poolBeforeDraw !== null;

  const voided = BigInt(drawn.entropy) === 0n;
  const blocksLater = bet.resolution.at.block - placed.at.block;
  if (voided) {
    if (bet.lockedEntropy !== null) found.problem("jackpot", "entropy", `the draw is void although its entropy ${bet.lockedEntropy} was locked`);
    else if (blocksLater <= BLOCKHASH_WINDOW)
      found.problem("jackpot", "entropy", `the draw is void although the hash of block ${placed.at.block} was still available ${blocksLater} blocks later`);
  } else if (drawn.entropy.toLowerCase() !== placed.blockHash) {
    found.problem("jackpot", "entropy", `jackpot entropy ${drawn.entropy} is not the hash ${placed.blockHash} of the bet's block ${placed.at.block}`);
  }

  // Without the pool (history not read from its start) the published prize can only be bounded.
  const draw = jackpotDraw({
    casino: ctx.casino,
    betId: placed.betId,
    entropy: voided ? ZERO_WORD : drawn.entropy,
    odds: placed.jackpotOdds,
    prize: placed.jackpotPrize,
    pool: bet.poolBeforeDraw ?? drawn.prize,
  });
  if (bet.poolBeforeDraw !== null ? drawn.prize !== draw.prize : drawn.prize > placed.jackpotPrize) {
    found.problem(
      "jackpot",
      "jackpot",
      `jackpot prize ${units(drawn.prize, "DEGEN")} is not the ${bet.poolBeforeDraw !== null ? units(draw.prize, "DEGEN") : `at most ${units(placed.jackpotPrize, "DEGEN")}`} the bet's prize and the pool give`,
    );
  }
  // The contract's flag is the roll (or a void draw) alone; it pays nothing on a hit when the pool is empty.
  if (draw.hit !== drawn.hit) {
    found.problem(
      "jackpot",
      "jackpot",
      `the draw is published as a ${drawn.hit ? "hit" : "miss"}, but roll ${draw.roll ?? "(void, a hit)"} against odds ${placed.jackpotOdds} is a ${draw.hit ? "hit" : "miss"}`,
    );
  }
  const owed = draw.hit && drawn.prize > 0n ? drawn.prize : 0n;
  const paid = bet.won?.amount ?? 0n;
  if (paid !== owed) found.problem("jackpot", "jackpot", `JackpotWon paid ${units(paid, "DEGEN")}, the draw owes ${units(owed, "DEGEN")}`);
  if (bet.won && bet.won.player !== placed.player) found.problem("jackpot", "jackpot", `JackpotWon paid ${bet.won.player}, not the bet's player`);
  found.verdict("jackpot", exact ? "exact" : "allowed");
}
