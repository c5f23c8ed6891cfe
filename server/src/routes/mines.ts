import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  cashOutMines,
  decodeMinesParams,
  finishIdleMines,
  GameType,
  MIN_BET,
  MINES,
  MinesError,
  minesActionBytes,
  minesTileCode,
  minesView,
  randomBytes32,
  resumeMines,
  revealTile,
  startMines,
  type MinesState,
} from "../engine";
import type { SignInService } from "../auth/sign-in";
import type { Db } from "../db/types";
import { bets } from "../db/schema";
import { DemoHandStore, type DemoHand } from "../games/demo-hands";
import { storedMinesRounds, type MinesRoundRow } from "../games/mines-rounds";
import { badRequest, conflict, forbidden, notFound, parse, plainRoute, unauthorized, type PlainRequest, type PlayRoute } from "../http/errors";
import { betId, keySignature, tokenAmount, tokenSymbol, type TokenSymbol } from "../http/validators";
import type { ActionSigners } from "../sessions/actions";
import type { Settler } from "../settler/settler";
import type { BetRow } from "../settler/types";
import { formatAmount } from "../tokens";
import { ownOpenBet } from "./bets";

const mineCount = z.number().int("must be a whole number").min(MINES.MIN_MINES, "must be 1 to 24").max(MINES.MAX_MINES, "must be 1 to 24");
const demoStartBody = z.object({ token: tokenSymbol, action: z.literal("START"), betAmount: tokenAmount, mines: mineCount }).strict();
const chainStartBody = z.object({ token: tokenSymbol, action: z.literal("START"), betId }).strict();
const roundId = z.string().uuid("must be a round id");
/** A web3 round's action carries the key's EIP-712 signature of Actions(betId, the whole log so far, this action included). */
const revealBody = z
  .object({
    token: tokenSymbol,
    roundId,
    tile: z
      .number()
      .int("must be a whole number")
      .min(0)
      .max(MINES.TILES - 1),
    signature: keySignature.optional(),
  })
  .strict();
const cashOutBody = z.object({ token: tokenSymbol, roundId, signature: keySignature.optional() }).strict();

/** A demo round: the bet's amount and mines, the log played so far as `actions`. */
export interface DemoMinesRound extends DemoHand<string> {
  readonly mines: number;
}

/** A move: its code in the log, and the engine's step. */
interface MinesMove {
  code: string;
  apply(state: MinesState): MinesState;
}

const revealMove = (tile: number): MinesMove => ({ code: minesTileCode(tile), apply: (state) => revealTile(state, tile) });
const CASH_OUT_MOVE: MinesMove = { code: MINES.CASH_OUT, apply: cashOutMines };

/** The move on the state; one the rules refuse is a 409 naming why. */
function play(state: MinesState, move: MinesMove): MinesState {
  try {
    return move.apply(state);
  } catch (error) {
    if (error instanceof MinesError) throw conflict(error.message);
    throw error;
  }
}

const isOver = (state: MinesState) => state.status !== "PLAYING";

export interface MinesDeps {
  db: Db;
  signIns: SignInService;
  settler: Settler;
  signers: ActionSigners;
  demoRounds?: DemoHandStore<DemoMinesRound>;
}

/**
 * POST /api/mines/start, /reveal and /cashout (engine/src/mines.ts). A web3 round's every action is
 * signed by the player's key, as a blackjack hand's (routes/blackjack.ts): the server reveals only
 * what the player signed, and settles with it. The mines stay hidden until the round is over.
 */
export function minesRoutes(deps: MinesDeps): PlayRoute[] {
  const { db, signIns, settler } = deps;
  const demoRounds = deps.demoRounds ?? new DemoHandStore<DemoMinesRound>();

  function respond(round: Pick<MinesRoundRow, "id" | "token"> & { betId: string | null }, state: MinesState) {
    return { roundId: round.id, betId: round.betId, token: round.token, ...minesView(state) };
  }

  /** The round after its stored log, laid out from the bet's word; a round ended by the idle rule shows its cash-out. */
  function stateOf(bet: BetRow, round: MinesRoundRow): MinesState {
    const state = resumeMines(settler.wordOf(bet), BigInt(bet.amount), bet.token, decodeMinesParams(BigInt(bet.params)), round.log);
    return round.finished ? finishIdleMines(state) : state;
  }

  // A demo start answers synchronously; only a call naming an on-chain bet waits.
  const start = plainRoute((req) => {
    const onChain = typeof req.body === "object" && req.body !== null && "betId" in req.body;
    if (onChain) return startOnChain(req, parse(chainStartBody, req.body));
    const body = parse(demoStartBody, req.body);
    if (body.betAmount < MIN_BET[body.token]) throw badRequest(`Minimum bet is ${formatAmount(MIN_BET[body.token])} ${body.token}`);
    const word = randomBytes32();
    const state = startMines(word, body.betAmount, body.token, body.mines);
    const round = { id: randomUUID(), betId: null, token: body.token };
    demoRounds.add({ ...round, betAmount: body.betAmount, mines: body.mines, word, actions: "", finished: false });
    return respond(round, state);
  });

  async function startOnChain(req: PlainRequest, body: { token: TokenSymbol; betId: string }): Promise<ReturnType<typeof respond>> {
    const player = await signIns.addressOf(req);
    if (!player) throw unauthorized("Sign in to play with an on-chain bet");
    const bet = await ownOpenBet(settler, body.betId, player, GameType.MINES, body.token);
    const existing = await storedMinesRounds.byBet(db, bet.betId);
    if (existing) {
      // Left idle before its first tile, the round ended with nothing: no view of it is in play or over.
      if (existing.finished && existing.log === "") throw conflict("This round is over: it was left idle before its first tile and paid nothing");
      return respond(existing, stateOf(bet, existing));
    }
    if (bet.status !== "open") throw conflict("This bet is already settled");
    const round = { id: randomUUID(), betId: bet.betId, player, token: bet.token };
    // A start of the same bet on another instance (or a double click) won the race: answer its round.
    if (!(await storedMinesRounds.start(db, round))) return startOnChain(req, body);
    return respond(round, startMines(settler.wordOf(bet), BigInt(bet.amount), bet.token, decodeMinesParams(BigInt(bet.params))));
  }

  // A demo round's action answers synchronously; only a stored round waits for the database.
  const act = <Body extends { token: TokenSymbol; roundId: string; signature?: string }>(schema: z.ZodType<Body>, moveOf: (body: Body) => MinesMove) =>
    plainRoute((req) => {
      const body = parse(schema, req.body);
      const move = moveOf(body);
      const demo = demoRounds.get(body.roundId);
      return demo ? playDemo(demo, body.token, move) : playStored(req, body, move);
    });

  async function playStored(req: PlainRequest, body: { token: TokenSymbol; roundId: string; signature?: string }, move: MinesMove) {
    const player = await signIns.addressOf(req);
    const seen = await storedMinesRounds.byId(db, body.roundId);
    if (!seen) throw notFound("Mines round not found");
    if (!player) throw unauthorized("Sign in to play this round");
    if (seen.player !== player) throw forbidden("This round belongs to another wallet");
    if (seen.finished) throw conflict("The round is over");
    if (seen.token !== body.token) throw badRequest(`This round is played in ${seen.token}`);
    const signed = await deps.signers.check({ betId: seen.betId, player }, minesActionBytes(seen.log + move.code), body.signature);
    // Every query inside uses tx: PGlite serialises transactions, a query outside would wait forever.
    return db.transaction(async (tx) => {
      const round = await storedMinesRounds.lockById(tx, body.roundId);
      if (!round || round.finished) throw conflict("The round is over");
      if (round.log !== seen.log) throw conflict("The round moved on while this action was on its way: sign the log again");
      const [bet] = await tx.select().from(bets).where(eq(bets.betId, round.betId));
      const after = play(stateOf(bet!, round), move);
      await storedMinesRounds.record(tx, round.id, after.log, signed, isOver(after));
      // A bust settles with its signed log too: CasinoSessions.settle replays it to the mine and pays nothing.
      if (isOver(after)) await settler.markReady(tx, bet!, after.log, signed);
      return respond(round, after);
    });
  }

  /** A demo round is played in memory: no await between reading and updating it, so no lock is needed. */
  function playDemo(round: DemoMinesRound, token: string, move: MinesMove) {
    if (round.token !== token) throw badRequest(`This round is played in ${round.token}`);
    const before = resumeMines(round.word, round.betAmount, round.token, round.mines, round.actions);
    const after = play(before, move);
    demoRounds.update(round, after.log, isOver(after));
    return respond({ id: round.id, betId: null, token: round.token }, after);
  }

  return [
    { path: "/api/mines/start", handler: start },
    { path: "/api/mines/reveal", handler: act(revealBody, (body) => revealMove(body.tile)) },
    { path: "/api/mines/cashout", handler: act(cashOutBody, () => CASH_OUT_MOVE) },
  ];
}
