import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  applyBlackjackAction,
  BlackjackError,
  blackjackActionBytes,
  blackjackView,
  encodeBlackjackActions,
  GameType,
  isFinalStatus,
  MIN_BET,
  randomBytes32,
  resumeBlackjack,
  startBlackjack,
  type BlackjackAction,
  type BlackjackState,
} from "../engine";
import type { SignInService } from "../auth/sign-in";
import type { Db } from "../db/types";
import { DemoHandStore, type DemoHand } from "../games/demo-hands";
import { bets } from "../db/schema";
import { stateOf, storedHands, type HandRow, type StoredHand } from "../games/stored-hands";
import { badRequest, conflict, forbidden, notFound, parse, plainRoute, unauthorized, type PlainRequest, type PlayRoute } from "../http/errors";
import { betId, keySignature, tokenAmount, tokenSymbol, type TokenSymbol } from "../http/validators";
import type { ActionSigners, SignedActions } from "../sessions/actions";
import { stakeSplitFromSession, type SplitDeps } from "../sessions/split";
import type { Settler } from "../settler/settler";
import { formatAmount } from "../tokens";
import { ownOpenBet } from "./bets";

const startBody = z.union([
  z.object({ token: tokenSymbol, action: z.literal("START"), betId }).strict(),
  z.object({ token: tokenSymbol, action: z.literal("START"), betAmount: tokenAmount }).strict(),
]);
/** A web3 hand's action carries the key's EIP-712 signature of Actions(betId, the whole log so far, this action included). */
const actionBody = (action: BlackjackAction) =>
  z
    .object({
      token: tokenSymbol,
      action: z.literal(action),
      sessionId: z.string().uuid("must be a session id"),
      signature: keySignature.optional(),
    })
    .strict();

/** The action on the state; a move the rules refuse is a 409 naming why. */
function play(state: BlackjackState, action: BlackjackAction): BlackjackState {
  try {
    return applyBlackjackAction(state, action);
  } catch (error) {
    if (error instanceof BlackjackError) throw conflict(error.message);
    throw error;
  }
}

export interface BlackjackDeps {
  db: Db;
  signIns: SignInService;
  settler: Settler;
  signers: ActionSigners;
  /** How a split's second stake is taken from a session (CasinoSessions.split). */
  split: SplitDeps;
  demoHands?: DemoHandStore;
}

/**
 * POST /api/blackjack/start, /hit, /stand and /split. A web3 hand's every action is signed by the
 * player's key (issue #21): the session key, or the key the wallet named for this bet
 * (POST /api/action-keys); the server deals only what the player signed, and settles with it.
 */
export function blackjackRoutes(deps: BlackjackDeps): PlayRoute[] {
  const { db, signIns, settler } = deps;
  const demoHands = deps.demoHands ?? new DemoHandStore();

  /** The view, and the log so far ("PHS"): the app signs it with the next action appended. */
  function respond(hand: Pick<HandRow, "id" | "betId" | "token">, state: BlackjackState) {
    return { sessionId: hand.id, betId: hand.betId, token: hand.token, ...blackjackView(state), actions: encodeBlackjackActions(state.actions) };
  }

  async function wordOfHand(from: Db, hand: HandRow): Promise<{ word: string; bet?: typeof bets.$inferSelect }> {
    const { word } = stateOf(hand);
    if (word) return { word };
    const [bet] = await from.select().from(bets).where(eq(bets.betId, hand.betId!));
    return { word: settler.wordOf(bet!), bet };
  }

  // A demo start answers synchronously; only a call naming an on-chain bet waits.
  const start = plainRoute((req) => {
    const body = parse(startBody, req.body);
    if (!("betAmount" in body)) return startOnChain(req, body);
    if (body.betAmount < MIN_BET[body.token]) throw badRequest(`Minimum bet is ${formatAmount(MIN_BET[body.token])} ${body.token}`);
    const word = randomBytes32();
    const state = startBlackjack(word, body.betAmount, body.token);
    const hand = { id: randomUUID(), betId: null, token: body.token };
    demoHands.add({ ...hand, betAmount: body.betAmount, word, actions: [], finished: isFinalStatus(state.status) });
    return respond(hand, state);
  });

  async function startOnChain(req: PlainRequest, body: { token: TokenSymbol; betId: string }) {
    const player = await signIns.addressOf(req);
    if (!player) throw unauthorized("Sign in to play with an on-chain bet");
    const bet = await ownOpenBet(settler, body.betId, player, GameType.BLACKJACK, body.token);
    const existing = await storedHands.byBet(db, bet.betId);
    if (existing) {
      const { word } = await wordOfHand(db, existing);
      const state = resumeBlackjack(word, BigInt(existing.betAmount), existing.token, stateOf(existing).actions);
      return respond(existing, state);
    }
    if (bet.status !== "open") throw conflict("This bet is already settled");
    const state = startBlackjack(settler.wordOf(bet), BigInt(bet.amount), bet.token);
    const hand = { id: randomUUID(), betId: bet.betId, token: bet.token };
    const started = await db.transaction(async (tx) => {
      const inserted = await storedHands.start(tx, { ...hand, player, betAmount: bet.amount, finished: isFinalStatus(state.status) });
      if (inserted && isFinalStatus(state.status)) await settler.markReady(tx, bet, []);
      return inserted;
    });
    // A start of the same bet on another instance (or a double click) won the race: answer its hand.
    if (!started) return startOnChain(req, body);
    return respond(hand, state);
  }

  // A demo hand's action answers synchronously; only a stored hand waits for the database.
  const act = (action: BlackjackAction) =>
    plainRoute((req) => {
      const body = parse(actionBody(action), req.body);
      const demo = demoHands.get(body.sessionId);
      return demo ? playDemo(demo, body.token, action) : playStored(req, body, action);
    });

  async function playStored(req: PlainRequest, body: { token: TokenSymbol; sessionId: string; signature?: string }, action: BlackjackAction) {
    const player = await signIns.addressOf(req);
    const seen = await storedHands.byId(db, body.sessionId);
    if (!seen) throw notFound("Blackjack session not found");
    if (seen.betId !== null) {
      if (!player) throw unauthorized("Sign in to play this hand");
      if (seen.player !== player) throw forbidden("This hand belongs to another wallet");
      if (seen.finished) throw conflict("The hand is over");
    }
    const signed = seen.betId === null ? null : await signedAction(seen, action, body.signature);
    if (signed && action === "SPLIT") await stakeSplit(seen, signed);
    // Every query inside uses tx: PGlite serialises transactions, a query outside would wait forever.
    return db.transaction(async (tx) => {
      const hand = await storedHands.lockById(tx, body.sessionId);
      if (!hand) throw notFound("Blackjack session not found");
      if (hand.token !== body.token) throw badRequest(`This hand is played in ${hand.token}`);
      const stored = stateOf(hand);
      if (signed && encodeBlackjackActions(stored.actions) !== encodeBlackjackActions(stateOf(seen).actions)) {
        throw conflict("The hand moved on while this action was on its way: sign the log again");
      }
      const { word, bet } = await wordOfHand(tx, hand);
      const before = resumeBlackjack(word, BigInt(hand.betAmount), hand.token, stored.actions);
      if (action === "SPLIT" && bet && !bet.split) throw conflict("Add the second stake on chain (addStake) before splitting");
      // A second stake on chain makes the contract play a split first: the hand must split before anything else.
      if (action !== "SPLIT" && bet?.split && before.splitHand === null) throw conflict("You added a second stake: split the hand first");
      const after = play(before, action);
      const finished = isFinalStatus(after.status);
      const state: StoredHand = { ...stored, actions: [...after.actions], ...(signed && { signed }) };
      await storedHands.record(tx, hand.id, state, finished);
      if (finished && bet) await settler.markReady(tx, bet, [...after.actions], signed);
      return respond(hand, after);
    });
  }

  /** The action appended to the hand's log, with the player's signature of that whole log checked. */
  async function signedAction(hand: HandRow, action: BlackjackAction, signature: string | undefined): Promise<SignedActions> {
    const log = blackjackActionBytes(encodeBlackjackActions([...stateOf(hand).actions, action]));
    return deps.signers.check({ betId: hand.betId!, player: hand.player! }, log, signature);
  }

  /**
   * A split needs its second stake on chain first: the player's own addStake (read the chain
   * again if it is not seen yet), or, signed by a session key, CasinoSessions.split from the vault.
   * The split must be legal before anything is sent: a stake on a hand that cannot split would
   * leave it unsettleable (the contract adds the split to the log and its rules refuse it).
   */
  async function stakeSplit(hand: HandRow, signed: SignedActions): Promise<void> {
    const [bet] = await db.select().from(bets).where(eq(bets.betId, hand.betId!));
    if (!bet || bet.split) return;
    play(resumeBlackjack(settler.wordOf(bet), BigInt(bet.amount), bet.token, stateOf(hand).actions), "SPLIT");
    await settler.sync();
    if ((await settler.findBet(bet.betId))?.split) return;
    if (signed.keyGrant !== null) throw conflict("Add the second stake on chain (addStake) before splitting");
    await stakeSplitFromSession(deps.split, bet.player, bet.betId, signed.signature);
    for (let tries = 0; tries < 50 && !(await settler.findBet(bet.betId))?.split; tries++) {
      await settler.sync();
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A demo hand is played in memory: no await between reading and updating it, so no lock is needed. */
  function playDemo(hand: DemoHand, token: string, action: BlackjackAction) {
    if (hand.token !== token) throw badRequest(`This hand is played in ${hand.token}`);
    const before = resumeBlackjack(hand.word, hand.betAmount, hand.token, hand.actions);
    const after = play(before, action);
    demoHands.update(hand, [...after.actions], isFinalStatus(after.status));
    return respond({ id: hand.id, betId: null, token: hand.token }, after);
  }

  return [
    { path: "/api/blackjack/start", handler: start },
    { path: "/api/blackjack/hit", handler: act("HIT") },
    { path: "/api/blackjack/stand", handler: act("STAND") },
    { path: "/api/blackjack/split", handler: act("SPLIT") },
  ];
}
