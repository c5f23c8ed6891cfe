import { ZeroHash } from "ethers";
import {
  GameType,
  actionLogOfBytes,
  formatAmount,
  gameName,
  isGameType,
  betJackpotPrize,
  decodeBlackjackActions,
  settleSplitStakedBlackjack,
  jackpotDraw,
  isInteractive,
  jackpotOdds,
  maxPayout,
  randomWord,
  settleGame,
  unpackTerms,
  type Token,
} from "../../engine/src/index";
import type { SettlementInput } from "./calls";
import { Findings } from "./findings";
import { blackjackPayouts, crashManualAllows, minesAllows } from "./interactive";
import { checkActionSigner, checkPlacement } from "./signed";
import type { BetResult, CheckContext, EventOf, JackpotView, Problem, ResolvedBet, SettledActions, Verdict } from "./types";

/**
 * The EVM shows a block's hash to contracts for 256 blocks. Chains with EIP-2935 (BSC among them)
 * show it for 8191, so a void draw resolved between 256 and 8191 blocks after its bet cannot be
 * told apart from chain data: only a void draw within 256 blocks is proof of a fault.
 */
export const BLOCKHASH_WINDOW = 256;
/** FairRandom.HISTORY_WINDOW: past it no chain shows a block's hash, and an unlocked draw is void. */
export const HISTORY_WINDOW = 8191;

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
  const found = new Findings({ betId: placed.betId, player: placed.player, block: resolution.at.block });
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
  const placement = checkPlacement(bet, found, ctx);
  const actionSigner = settled ? checkActionSigner(bet, found, ctx) : null;
  checkGamePlayed(bet, found, totalStake, payout);
  let actions: SettledActions | null = null;
  if (token === undefined || !isGameType(placed.gameType)) {
    found.problem(
      "payout",
      "events",
      `BetPlaced names ${token === undefined ? `token ${placed.token}` : `game type ${placed.gameType}`}, which the Casino does not offer`,
    );
  } else if (payout !== null) {
    const log = checkPayout(bet, found, { token, gameType: placed.gameType, totalStake, payout, word });
    if (log !== undefined) actions = { log, signedBy: actionSigner };
  }
  let jackpot: JackpotView | null = null;
  if (token === "DEGEN") jackpot = checkJackpot(bet, found, ctx);
  else if (bet.drawn) found.problem("jackpot", "jackpot", "a jackpot was drawn for a BNB bet");
  else if (placed.jackpotOdds !== 0n || placed.jackpotPrize !== 0n)
    found.problem("jackpot", "jackpot", `a BNB bet has jackpot odds ${placed.jackpotOdds} and prize ${placed.jackpotPrize}`);

  return {
    betId: placed.betId,
    player: placed.player,
    nonce: placed.nonce,
    clientSeed: placed.clientSeed,
    placedBlock: placed.at.block,
    placedTx: placed.at.tx,
    resolvedBlock: resolution.at.block,
    resolution: settled ? "settled" : "expired",
    game,
    token: token ?? placed.token,
    stake: totalStake,
    split: bet.split,
    payout,
    seed: settled ? resolution.seed : null,
    link: settled ? bet.linked : null,
    random: settled ? resolution.random : null,
    jackpot,
    enforcement: settled ? "computed on chain" : "the maximum, claimed back",
    placement,
    actions,
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

/**
 * The payout against the rules, exactly: from the word for a game without decisions; for blackjack
 * and manual crash from the word and the action log the settlement carried (the rules contract
 * computed the payout from the same two). Returns that log (undefined for a game without decisions,
 * a claim, or a log that could not be read or played).
 */
function checkPayout(bet: ResolvedBet, found: Findings, input: PayoutInput): SettledActions["log"] | undefined {
  const { placed } = bet;
  const { token, gameType, totalStake, payout, word } = input;
  let reservation: bigint;
  try {
    reservation = maxPayout(gameType, placed.params, token, totalStake, bet.split);
  } catch (error) {
    found.problem("payout", "events", `the bet's params are ones the Casino refuses: ${(error as Error).message}`);
    return undefined;
  }
  if (word === null) {
    // An expired claim pays the reservation, exactly.
    if (payout === reservation) found.verdict("payout", "exact");
    else found.problem("payout", "claim", `the expired claim paid ${units(payout, token)}, the bet's maximum payout is ${units(reservation, token)}`);
    return undefined;
  }
  if (payout > reservation) found.problem("payout", "payout", `payout ${units(payout, token)} is above the bet's maximum payout ${units(reservation, token)}`);

  const interactive = isInteractive(gameType, placed.params);
  if (interactive && bet.settlementInput === null) {
    checkPayoutBound(bet, found, input, word);
    return undefined;
  }
  let actions: SettledActions["log"] = null;
  if (interactive) {
    const read = actionLogOf(bet, bet.settlementInput!);
    if ("fault" in read) {
      found.problem("payout", "payout", read.fault);
      return undefined;
    }
    actions = read.log;
  }
  let expected: bigint;
  try {
    // A staked split as GameRules.splitStakedPayout settles it: played when the log starts with it
    // and the deal allows it, else void (the second stake paid back, the hand played as dealt).
    expected =
      gameType === GameType.BLACKJACK && bet.split
        ? settleSplitStakedBlackjack(token, placed.amount, word, decodeBlackjackActions(actions as string)).payout
        : settleGame({ gameType, token, stake: placed.amount, params: placed.params, word, actions }).payout;
  } catch (error) {
    found.problem("payout", "payout", `the settled action log cannot be played: ${(error as Error).message}`);
    return undefined;
  }
  if (expected === payout) found.verdict("payout", "exact");
  else
    found.problem(
      "payout",
      "payout",
      `payout ${units(payout, token)} differs from the rules' ${units(expected, token)}${interactive ? " for the settled action log" : ""}`,
    );
  return interactive ? actions : undefined;
}

/**
 * The settled action log as the engine takes it, as the Casino hands it to the rules
 * (BetSettlement._payoutOf): a log that splits needs the second stake; a staked split counts only
 * when the log starts with it.
 */
function actionLogOf(bet: ResolvedBet, input: SettlementInput): Pick<SettledActions, "log"> | { fault: string } {
  const { placed } = bet;
  if (input.betId !== null && input.betId !== placed.betId) return { fault: `the settlement transaction settles bet ${input.betId}, not this one` };
  const read = actionLogOfBytes(placed.gameType, input.actions);
  if ("fault" in read) return read;
  if (typeof read.log === "string" && placed.gameType === GameType.BLACKJACK && read.log.startsWith("P") && !bet.split) {
    return { fault: "the settled log splits a hand whose second stake was never added" };
  }
  return read;
}

/**
 * An interactive round whose settlement transaction was not read (sent through another contract):
 * its payout must be one the rules give for this word under SOME play (interactive.ts), a bound.
 */
function checkPayoutBound(bet: ResolvedBet, found: Findings, { token, payout }: PayoutInput, word: string): void {
  const { placed } = bet;
  if (placed.gameType === GameType.BLACKJACK) {
    const possible = blackjackPayouts(word, placed.amount, token, bet.split);
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
  if (placed.gameType === GameType.MINES) {
    const mines = Number(placed.params);
    if (minesAllows(token, placed.amount, mines, payout)) found.verdict("payout", "allowed");
    else found.problem("payout", "payout", `payout ${units(payout, token)} is neither 0 nor what some number of safe tiles beside ${mines} mines pays`);
    return;
  }
  if (crashManualAllows(token, placed.amount, word, payout)) found.verdict("payout", "allowed");
  else found.problem("payout", "payout", `payout ${units(payout, token)} is neither 0 nor stake × m / 100 for a cash-out m up to this round's crash point`);
}

/**
 * A DEGEN bet's draw, against the contract's: the prize and odds BetPlaced published (the share of
 * the pool then, and stake × edge ÷ prize; a split does not change them), entropy = the hash of the
 * bet's block (void only when it was gone and never locked), roll = jackpotRoll(casino, betId,
 * entropy), a hit = roll < odds. A hit is published (JackpotDrawn, and JackpotWon paying min(the
 * bet's prize, pool) when above 0), and so is a void draw of a bet with odds (checkVoidDraw); a
 * miss is recomputed here from the bet's block hash, and a hit or void draw left unpublished is
 * reported. A one-click bet's draw is its batch's (JackpotTicketsDrawn, recorded by the next play
 * or by drawJackpots); drawJackpots publishes its hit or void draw later.
 */
function checkJackpot(bet: ResolvedBet, found: Findings, ctx: CheckContext): JackpotView | null {
  const { placed, drawn } = bet;
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

  // Where the draw's entropy was taken: the batch's draw for a one-click bet, else the resolution
  // (a published hit says it; a miss, published by nothing, took it there too).
  let entropy: string;
  let takenAt: number;
  if (bet.settledAtPlacement) {
    if (placed.jackpotOdds === 0n) {
      if (drawn) found.problem("jackpot", "jackpot", "a jackpot was drawn for a one-click bet without odds (it gets no ticket)");
      else found.verdict("jackpot", bet.poolAtPlacement !== null ? "exact" : "allowed");
      return null;
    }
    if (!bet.ticketDraw) {
      // Drawn by the next play or by drawJackpots, by anyone, in any later block: not yet is no
      // fault (a draw left until its hash is gone costs the house its fair value: checkVoidDraw).
      if (drawn) found.problem("jackpot", "jackpot", "JackpotDrawn for a ticket whose batch was never drawn (no JackpotTicketsDrawn)");
      else found.verdict("jackpot", "pending");
      return null;
    }
    entropy = bet.ticketDraw.entropy;
    takenAt = bet.ticketDraw.at.block;
    if (drawn && drawn.entropy.toLowerCase() !== entropy.toLowerCase())
      found.problem("jackpot", "entropy", `the ticket's hit was drawn from ${drawn.entropy}, its batch's draw from ${entropy}`);
  } else if (drawn) {
    entropy = drawn.entropy;
    takenAt = drawn.at.block;
  } else {
    if (placed.jackpotOdds === 0n) {
      found.verdict("jackpot", bet.poolAtPlacement !== null ? "exact" : "allowed");
      return null;
    }
    takenAt = bet.resolution.at.block;
    const blocksLater = takenAt - placed.at.block;
    if (bet.lockedEntropy === null && blocksLater > HISTORY_WINDOW) {
      found.problem(
        "jackpot",
        "jackpot",
        `the hash of block ${placed.at.block} was gone ${blocksLater} blocks later, never locked nor recorded: the draw is void, but no JackpotDrawn was published (nor the house's funding of its fair value)`,
      );
      return { entropy: ZeroHash, prize: 0n, hit: false, won: 0n, fundedByHouse: 0n };
    }
    entropy = bet.lockedEntropy ?? placed.blockHash;
  }

  const voided = BigInt(entropy) === 0n;
  const blocksLater = takenAt - placed.at.block;
  if (voided) {
    if (bet.lockedEntropy !== null) found.problem("jackpot", "entropy", `the draw is void although its entropy ${bet.lockedEntropy} was locked`);
    else if (blocksLater <= BLOCKHASH_WINDOW)
      found.problem("jackpot", "entropy", `the draw is void although the hash of block ${placed.at.block} was still available ${blocksLater} blocks later`);
  } else if (entropy.toLowerCase() !== placed.blockHash) {
    found.problem("jackpot", "entropy", `jackpot entropy ${entropy} is not the hash ${placed.blockHash} of the bet's block ${placed.at.block}`);
  }

  const draw = jackpotDraw({
    casino: ctx.casino,
    betId: placed.betId,
    entropy: voided ? ZeroHash : entropy,
    odds: placed.jackpotOdds,
    prize: placed.jackpotPrize,
    pool: bet.poolBeforeDraw ?? drawn?.prize ?? placed.jackpotPrize,
  });
  if (!drawn) {
    if (draw.hit || voided) {
      if (bet.settledAtPlacement)
        found.verdict("jackpot", "pending"); // a hit for drawJackpots to pay, or a void ticket for it to fund
      else found.problem("jackpot", "jackpot", `roll ${draw.roll} against odds ${placed.jackpotOdds} is a hit, but no JackpotDrawn was published`);
    } else {
      // A miss in the blocks where only EIP-2935 shows the hash: exact on a chain that has it.
      // The prize is checked only when the pool is known (history read from its start).
      const onlyEip2935 = bet.lockedEntropy === null && !bet.settledAtPlacement && blocksLater > BLOCKHASH_WINDOW;
      found.verdict("jackpot", onlyEip2935 || bet.poolAtPlacement === null ? "allowed" : "exact");
    }
    return { entropy, prize: voided ? 0n : draw.prize, hit: draw.hit, won: 0n, fundedByHouse: 0n };
  }
  if (voided) return checkVoidDraw(bet, drawn, draw.houseFunding, found);

  // Without the pool (history not read from its start) the published prize can only be bounded.
  const exact = bet.poolBeforeDraw !== null;
  if (exact ? drawn.prize !== draw.prize : drawn.prize > placed.jackpotPrize) {
    found.problem(
      "jackpot",
      "jackpot",
      `jackpot prize ${units(drawn.prize, "DEGEN")} is not the ${exact ? units(draw.prize, "DEGEN") : `at most ${units(placed.jackpotPrize, "DEGEN")}`} the bet's prize and the pool give`,
    );
  }
  // The contract's flag is the roll alone; it pays nothing on a hit when the pool is empty.
  if (draw.hit !== drawn.hit || !draw.hit) {
    found.problem(
      "jackpot",
      "jackpot",
      `the draw is published as a ${drawn.hit ? "hit" : "miss"}, but roll ${draw.roll} against odds ${placed.jackpotOdds} is a ${draw.hit ? "hit" : "miss"}${draw.hit ? "" : " (a miss is never published)"}`,
    );
  }
  if (bet.fundedByHouse !== null) {
    found.problem("jackpot", "jackpot", `the house's bankroll funded ${units(bet.fundedByHouse, "DEGEN")} for a draw that is not void`);
  }
  const owed = draw.hit && drawn.prize > 0n ? drawn.prize : 0n;
  const paid = bet.won?.amount ?? 0n;
  if (paid !== owed) found.problem("jackpot", "jackpot", `JackpotWon paid ${units(paid, "DEGEN")}, the draw owes ${units(owed, "DEGEN")}`);
  if (bet.won && bet.won.player !== placed.player) found.problem("jackpot", "jackpot", `JackpotWon paid ${bet.won.player}, not the bet's player`);
  found.verdict("jackpot", exact ? "exact" : "allowed");
  return { entropy: drawn.entropy, prize: drawn.prize, hit: drawn.hit, won: paid, fundedByHouse: 0n };
}

/**
 * A void draw (issue #37 item 6): JackpotDrawn(betId, 0, 0, false), no JackpotWon, and just before
 * it the Casino's own JackpotFunded of the draw's fair value, prize × odds / 2^47 (none when that
 * is 0). Paid to the player, a void draw would let them keep the hits and let the misses go void;
 * paid to the pool, withholding a draw costs the house exactly its expected value.
 *
 * The contract pays at most the free bankroll (what no open bet has reserved). The events do not
 * show the free bankroll, so less than the fair value is "allowed" (a bankroll that was short, not
 * recomputable here), the fair value is "exact", and more is a problem.
 */
function checkVoidDraw(bet: ResolvedBet, drawn: EventOf<"JackpotDrawn">, fairValue: bigint, found: Findings): JackpotView {
  if (drawn.hit || drawn.prize !== 0n) {
    found.problem("jackpot", "jackpot", `the void draw is published as a hit of ${units(drawn.prize, "DEGEN")}: a void draw wins nothing`);
  }
  if (bet.won) found.problem("jackpot", "jackpot", `JackpotWon paid ${units(bet.won.amount, "DEGEN")} for a void draw, which wins nothing`);
  const funded = bet.fundedByHouse ?? 0n;
  if (funded > fairValue) {
    found.problem(
      "jackpot",
      "jackpot",
      `the house's bankroll funded the pool with ${units(funded, "DEGEN")} for the void draw, above its fair value ${units(fairValue, "DEGEN")}`,
    );
  }
  found.verdict("jackpot", funded === fairValue ? "exact" : "allowed");
  return { entropy: drawn.entropy, prize: 0n, hit: false, won: bet.won?.amount ?? 0n, fundedByHouse: funded };
}
