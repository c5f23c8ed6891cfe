import { deckFromWord, handScore, isNatural, rankValue, type Card } from "./cards";
import { applyBps, assertPositiveStake, formatAmount, isToken, type Token } from "./tokens";

/**
 * Blackjack (docs/product.md §3, §4, §9). One freshly shuffled 52-card deck per hand (cards.ts).
 *  - Deal: player, dealer, player, dealer (the dealer's second card is the hole card).
 *  - Naturals are settled at once: player only → BLACKJACK (2.5x, BNB 2.47x); both → PUSH (1x);
 *    dealer only → DEALER_WIN (the dealer checks the hole card, so no further stake is risked).
 *  - HIT draws a card to the active hand; over 21 is a bust; reaching 21 stands automatically.
 *  - SPLIT: only as the first action, on two cards of equal blackjack value (K + Q too), once.
 *    The two hands get their second cards at once (first, then second); each is played in turn
 *    (activeSplit first, then second) with HIT and STAND; split aces play like any hand; 21 on
 *    two cards after a split is 21, not a blackjack. A split stakes a second, equal bet.
 *  - The dealer draws to 16 and stands on every 17, soft 17 included: the product says "stands on 17"
 *    without exception, and standing on soft 17 is the player-friendly variant.
 *  - If every player hand is bust the dealer draws nothing.
 *  - Pays per hand: win 2x, push 1x, loss 0 (blackjack 2.5x) with DEGEN; with BNB a hand's
 *    winnings are paid at BNB's 0.98x: win 1.98x, blackjack 2.47x, push 1x (docs/decisions.md §5).
 *    Status after a split is decided on the sum: above both stakes PLAYER_WIN, equal PUSH (both
 *    stakes back), below DEALER_WIN (so a BNB split with one win and one loss, 1.98 of 2 stakes back).
 */
export type BlackjackStatus = "BETTING" | "PLAYING" | "SPLIT_PLAYING" | "PLAYER_WIN" | "DEALER_WIN" | "PUSH" | "BLACKJACK";
export type BlackjackAction = "HIT" | "STAND" | "SPLIT";
export type HandResult = "BLACKJACK" | "WIN" | "PUSH" | "LOSE";
export type ActiveSplit = "first" | "second";

export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = ["HIT", "STAND", "SPLIT"];
export const FINAL_STATUSES: readonly BlackjackStatus[] = ["PLAYER_WIN", "DEALER_WIN", "PUSH", "BLACKJACK"];
/**
 * Total payout per stake in bps, per token. DEGEN: the product's BJ 2.5x, Win 2x, Push 1x
 * (docs/product.md §9). BNB: the winnings above the stake at BNB's 0.98x multiplier (1.5 → 1.47,
 * 1 → 0.98), the push still the stake back, so that BNB keeps the house its 2 % (docs/decisions.md §5).
 */
export const BLACKJACK_PAYOUT_BPS: Readonly<Record<Token, Readonly<Record<HandResult, bigint>>>> = {
  DEGEN: { BLACKJACK: 25_000n, WIN: 20_000n, PUSH: 10_000n, LOSE: 0n },
  BNB: { BLACKJACK: 24_700n, WIN: 19_800n, PUSH: 10_000n, LOSE: 0n },
};
export const DEALER_STANDS_ON = 17;

export interface BlackjackState {
  /** The bet's token: it sets what a winning hand pays (BLACKJACK_PAYOUT_BPS). */
  readonly token: Token;
  /** The bet of one hand; a split adds a second bet of the same size. */
  readonly stake: bigint;
  readonly deck: readonly Card[];
  /** Cards dealt so far: the next card is deck[dealt]. */
  readonly dealt: number;
  /** The first hand (the only one without a split). */
  readonly playerHand: readonly Card[];
  readonly splitHand: readonly Card[] | null;
  readonly dealerHand: readonly Card[];
  readonly activeSplit: ActiveSplit | null;
  readonly status: BlackjackStatus;
  readonly actions: readonly BlackjackAction[];
  /** Per hand (first, then second) once the round is over. */
  readonly results: readonly HandResult[] | null;
  readonly payout: bigint;
}

export class BlackjackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlackjackError";
  }
}

export function isFinalStatus(status: BlackjackStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Both stakes after a split, else the one stake. */
export function totalStake(state: BlackjackState): bigint {
  return state.splitHand === null ? state.stake : state.stake * 2n;
}

/** The working copy an action mutates before it is handed back as the next state. */
interface Table {
  token: Token;
  stake: bigint;
  deck: readonly Card[];
  dealt: number;
  playerHand: Card[];
  splitHand: Card[] | null;
  dealerHand: Card[];
  activeSplit: ActiveSplit | null;
  status: BlackjackStatus;
  actions: BlackjackAction[];
  results: HandResult[] | null;
  payout: bigint;
}

function draw(table: Table): Card {
  const card = table.deck[table.dealt];
  table.dealt++;
  return card;
}

function settle(table: Table, results: HandResult[]): void {
  table.results = results;
  table.payout = results.reduce((sum, result) => sum + applyBps(table.stake, BLACKJACK_PAYOUT_BPS[table.token][result]), 0n);
  if (table.splitHand === null) {
    const statusOf: Record<HandResult, BlackjackStatus> = { BLACKJACK: "BLACKJACK", WIN: "PLAYER_WIN", PUSH: "PUSH", LOSE: "DEALER_WIN" };
    table.status = statusOf[results[0]];
  } else {
    const staked = table.stake * 2n;
    table.status = table.payout > staked ? "PLAYER_WIN" : table.payout < staked ? "DEALER_WIN" : "PUSH";
  }
}

/** The dealer plays (unless every hand is bust), then each hand is compared. */
function finishRound(table: Table): void {
  const hands = table.splitHand === null ? [table.playerHand] : [table.playerHand, table.splitHand];
  const live = hands.some((hand) => handScore(hand) <= 21);
  if (live) while (handScore(table.dealerHand) < DEALER_STANDS_ON) table.dealerHand.push(draw(table));
  const dealer = handScore(table.dealerHand);
  settle(
    table,
    hands.map((hand): HandResult => {
      const player = handScore(hand);
      if (player > 21) return "LOSE";
      if (dealer > 21 || player > dealer) return "WIN";
      return player === dealer ? "PUSH" : "LOSE";
    }),
  );
}

/** The active hand is done (stand, bust or 21): move to the second split hand or end the round. */
function closeActiveHand(table: Table): void {
  if (table.activeSplit === "first") {
    table.activeSplit = "second";
    if (handScore(table.splitHand!) === 21) finishRound(table);
  } else {
    finishRound(table);
  }
}

/** A hand from a given deck order (tests craft decks; play uses startBlackjack). */
export function dealBlackjack(deck: readonly Card[], stake: bigint, token: Token): BlackjackState {
  if (deck.length !== 52) throw new BlackjackError(`A blackjack deck has 52 cards, got ${deck.length}`);
  if (!isToken(token)) throw new RangeError(`Unknown token ${String(token)}`);
  assertPositiveStake(stake);
  const table: Table = {
    token,
    stake,
    deck: [...deck],
    dealt: 4,
    playerHand: [deck[0], deck[2]],
    splitHand: null,
    dealerHand: [deck[1], deck[3]],
    activeSplit: null,
    status: "PLAYING",
    actions: [],
    results: null,
    payout: 0n,
  };
  const player = isNatural(table.playerHand);
  const dealer = isNatural(table.dealerHand);
  if (player || dealer) settle(table, [player && dealer ? "PUSH" : player ? "BLACKJACK" : "LOSE"]);
  return table;
}

/** A new hand from the bet's random word: BETTING → PLAYING, or straight to a final state. */
export function startBlackjack(word: string, stake: bigint, token: Token): BlackjackState {
  return dealBlackjack(deckFromWord(word), stake, token);
}

export function canSplit(state: BlackjackState): boolean {
  return (
    state.status === "PLAYING" && state.splitHand === null && state.playerHand.length === 2 && rankValue(state.playerHand[0]) === rankValue(state.playerHand[1])
  );
}

export function legalActions(state: BlackjackState): BlackjackAction[] {
  if (isFinalStatus(state.status)) return [];
  return canSplit(state) ? ["HIT", "STAND", "SPLIT"] : ["HIT", "STAND"];
}

function refuse(state: BlackjackState, action: BlackjackAction): never {
  if (isFinalStatus(state.status)) throw new BlackjackError(`The hand is over (${state.status}): ${action} is not allowed`);
  if (action === "SPLIT") {
    if (state.splitHand !== null) throw new BlackjackError("SPLIT is allowed only once per hand");
    if (state.playerHand.length !== 2) throw new BlackjackError("SPLIT is allowed only on the first two cards");
    throw new BlackjackError("SPLIT needs two cards of equal value");
  }
  throw new BlackjackError(`Unknown blackjack action: ${String(action)}`);
}

/** One player action; returns the next state and leaves the given one untouched. */
export function applyBlackjackAction(state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!legalActions(state).includes(action)) refuse(state, action);
  const table: Table = {
    ...state,
    playerHand: [...state.playerHand],
    splitHand: state.splitHand && [...state.splitHand],
    dealerHand: [...state.dealerHand],
    actions: [...state.actions, action],
    results: null,
  };
  const active = table.activeSplit === "second" ? table.splitHand! : table.playerHand;
  if (action === "SPLIT") {
    table.splitHand = [table.playerHand.pop()!];
    table.playerHand.push(draw(table));
    table.splitHand.push(draw(table));
    table.status = "SPLIT_PLAYING";
    table.activeSplit = "first";
    if (handScore(table.playerHand) === 21) closeActiveHand(table);
  } else if (action === "HIT") {
    active.push(draw(table));
    if (handScore(active) >= 21) closeActiveHand(table);
  } else {
    closeActiveHand(table);
  }
  return table;
}

/** Stands on every hand still open: what the server does when a player times out. */
export function standRemaining(state: BlackjackState): BlackjackState {
  let current = state;
  while (!isFinalStatus(current.status)) current = applyBlackjackAction(current, "STAND");
  return current;
}

/**
 * Replays a hand: word + action log → the same final state and payout, always. An unfinished
 * log is completed with STANDs (the timeout rule); an illegal action throws BlackjackError.
 */
export function replayBlackjack(word: string, stake: bigint, token: Token, actions: readonly BlackjackAction[]): BlackjackState {
  return standRemaining(resumeBlackjack(word, stake, token, actions));
}

/** A hand as it stands after the actions played so far (it may still be in play). */
export function resumeBlackjack(word: string, stake: bigint, token: Token, actions: readonly BlackjackAction[]): BlackjackState {
  return actions.reduce(applyBlackjackAction, startBlackjack(word, stake, token));
}

export interface HiddenCard {
  hidden: true;
}

/** docs/product.md §3 blackjack game response (without sessionId, which the server adds). */
export interface BlackjackView {
  playerHand: Card[];
  dealerHand: (Card | HiddenCard)[];
  playerScore: number;
  dealerScore: number | "?";
  status: BlackjackStatus;
  canSplit: boolean;
  /** Total payout in token units as exact decimal text ("0" until the round is over). */
  payout: string;
  splitHand: Card[] | null;
  splitScore: number | null;
  activeSplit: ActiveSplit | null;
}

/** What the player may see: while the hand is played the hole card is { hidden: true } and the score '?'. */
export function blackjackView(state: BlackjackState): BlackjackView {
  const inPlay = !isFinalStatus(state.status);
  return {
    playerHand: [...state.playerHand],
    dealerHand: inPlay ? [state.dealerHand[0], { hidden: true }] : [...state.dealerHand],
    playerScore: handScore(state.playerHand),
    dealerScore: inPlay ? "?" : handScore(state.dealerHand),
    status: state.status,
    canSplit: canSplit(state),
    payout: formatAmount(state.payout),
    splitHand: state.splitHand && [...state.splitHand],
    splitScore: state.splitHand && handScore(state.splitHand),
    activeSplit: state.activeSplit,
  };
}

const ACTION_CODES: Readonly<Record<BlackjackAction, string>> = { HIT: "H", STAND: "S", SPLIT: "P" };

/** The action log as a compact string for publication ("PHS"); decodeBlackjackActions reverses it. */
export function encodeBlackjackActions(actions: readonly BlackjackAction[]): string {
  return actions.map((action) => ACTION_CODES[action]).join("");
}

export function decodeBlackjackActions(log: string): BlackjackAction[] {
  return [...log].map((code) => {
    const action = BLACKJACK_ACTIONS.find((candidate) => ACTION_CODES[candidate] === code);
    if (!action) throw new BlackjackError(`Unknown action code "${code}" in the log (H, S, P)`);
    return action;
  });
}

/** The settled hand: deck, hands, dealer, action log (with any closing STANDs), results. */
export type BlackjackOutcome = BlackjackState;

export function settleBlackjack(
  token: Token,
  stake: bigint,
  params: bigint,
  word: string,
  actions: readonly BlackjackAction[],
): { payout: bigint; outcome: BlackjackOutcome } {
  if (params !== 0n) throw new BlackjackError(`Blackjack params must be 0, got ${params}`);
  const final = replayBlackjack(word, stake, token, actions);
  return { payout: final.payout, outcome: final };
}

/**
 * The payout of a hand whose player staked a split on chain (Casino.addStake), as the Casino's
 * rules compute it (GameRules.splitStakedPayout). The split is played when the settled log starts
 * with it and the deal allows it. Otherwise it is void, the second stake is paid back and the
 * hand plays its log as dealt: a stake added without the log's split (the player may add it once
 * the settlement's seed is public, so it must not count), or on a deal that allows none (no pair,
 * or a natural that ended the hand).
 */
export function settleSplitStakedBlackjack(
  token: Token,
  stake: bigint,
  word: string,
  actions: readonly BlackjackAction[],
): { payout: bigint; outcome: BlackjackOutcome; splitVoid: boolean } {
  const logSplits = actions[0] === "SPLIT";
  if (logSplits && canSplit(startBlackjack(word, stake, token))) {
    const outcome = replayBlackjack(word, stake, token, actions);
    return { payout: outcome.payout, outcome, splitVoid: false };
  }
  const outcome = replayBlackjack(word, stake, token, logSplits ? actions.slice(1) : actions);
  return { payout: outcome.payout + stake, outcome, splitVoid: true };
}
