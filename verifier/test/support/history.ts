import { keccak256, parseEther, toBeHex, ZeroAddress, type Interface } from "ethers";
import {
  GAME_TYPES,
  GameType,
  HashChain,
  checksumAddress,
  hashChainTip,
  laneChainTip,
  laneNonce,
  laneOfNonce,
  placeInLane,
  decodeBlackjackActions,
  jackpotDraw,
  betJackpotPrize,
  blackjackActionBytes,
  minesActionBytes,
  encodeBlackjackActions,
  jackpotOdds,
  maxPayout,
  randomWord,
  settleGame,
  settleSplitStakedBlackjack,
  ticketsHash,
  type SettlementActions,
  type Token,
  isInteractive,
} from "../../../engine/src/index";
import { casinoInterface } from "../../../bindings/casino";
import { CasinoSessions__factory } from "../../../typechain-types/factories/contracts/CasinoSessions__factory";
import type { RawTransaction, SignedBet } from "../../src/calls";
import type { ChainEvent, Position } from "../../src/events";
import type { EventOf } from "../../src/types";
import { actionKeyDigest, actionsDigest, betDigest, domainSeparator } from "../../src/signatures";
import { addressOf, sign } from "./keys";

/** A session's games: every game the engine numbers (bit g for game type g). */
export const ALL_GAMES = (1n << BigInt(GAME_TYPES.length)) - 1n;

export const CHAIN_ID = 31337n;
export const CASINO = checksumAddress("0x" + "ca".repeat(20));
/** Who funds the pool in these histories when nobody says (the token's tax, a donor). */
const POOL_FUNDER = checksumAddress("0x" + "f0".repeat(20));
export const SESSIONS = checksumAddress("0x" + "5e".repeat(20));
export const DEGEN = checksumAddress("0x" + "de".repeat(20));
const SECRET = "0x" + "11".repeat(32);
/**
 * The links of a session's lane chain here: fewer than the server's HASH_CHAIN.LANE_LENGTH, which
 * the contract never sees (it keeps no length for a lane), so that a history opens sessions fast.
 * A session whose chain is spent is followed by a new one, as the app opens one.
 */
const LANE_CHAIN_LENGTH = 256;
/** settleWindow 3600 | edge 50 << 32 | share 500 << 48, the deployment's terms. */
export const TERMS = 3600n | (50n << 32n) | (500n << 48n);
const DOMAIN = domainSeparator(CHAIN_ID, SESSIONS);
const ZERO_WORD = "0x" + "0".repeat(64);
const sessionsInterface = CasinoSessions__factory.createInterface() as unknown as Interface;

/** What a settlement publishes, each part overridable to play a faulty house. */
export interface SettleOverrides {
  /** Blackjack and manual crash: the player's signed log (CasinoSessions.settle); absent: Casino.settle, the hand stood, no cash-out. */
  actions?: SettlementActions | null;
  payout?: bigint;
  seed?: string;
  random?: string;
  entropy?: string;
  hit?: boolean;
  prize?: bigint;
  won?: bigint | null;
  /** What the Casino's bankroll puts in the pool before a void draw (JackpotFunded by the Casino); by default its fair value. */
  fundedByHouse?: bigint;
  /** Blocks between the bet and its settlement (1 by default). */
  after?: number;
  /** Publish the draw (JackpotDrawn) or not; by default as the contract does: a hit or a void draw only. */
  drawn?: boolean;
  gamePlayed?: false;
}

export interface BetSpec {
  token?: Token;
  amount?: bigint;
  gameType: GameType;
  params?: bigint;
  clientSeed?: string;
}

/** A one-click bet, and how a faulty relay might publish it otherwise than its key signed it. */
export interface OneClickSpec extends BetSpec {
  player: string;
  /** Fields of the signed bet that differ from what BetPlaced publishes. */
  signedAs?: Partial<SignedBet>;
  /** Signed by this private key rather than the player's session key. */
  signer?: string;
  /** Skipped by the Casino with this error's selector (BetSkipped): not placed, its nonce left as it was. */
  skipped?: string;
}

const PLAYER_KEYS = new Map<string, string>();

/** What a session's grant allows, and its budgets (the funds its lane takes from the vault). */
export interface SessionTerms {
  tokens?: bigint;
  games?: bigint;
  maxBetDegen?: bigint;
  budgetDegen?: bigint;
  budgetNative?: bigint;
}

/** A session as History keeps it: its key, its lane, the lane's chain, next place and funds. */
interface SessionLane {
  player: string;
  key: string;
  lane: bigint;
  links: HashChain;
  next: bigint;
  funds: { DEGEN: bigint; BNB: bigint };
  terms: SessionTerms;
}

/** The private key of a History player or session key (deterministic, so that runs repeat). */
export function privateKeyOf(address: string): string {
  return PLAYER_KEYS.get(address)!;
}

/**
 * A Casino history written as events, with the inputs of the transactions that carry signatures,
 * for the audit's unit tests: what the contract emits for an honest house, with any part replaced
 * at will — including faults the contract itself refuses, which a verifier of "any chain" must
 * still catch.
 */
export class History {
  readonly events: ChainEvent[] = [];
  /** The inputs of the transactions the verifier reads (by hash): placements, settlements. */
  readonly transactions = new Map<string, RawTransaction>();
  private block = 10;
  private logIndex = 0;
  private pool = 0n;
  /** Each player's wallet chain (lane 0). */
  private readonly chains = new Map<string, { links: HashChain; first: bigint; epoch: number }>();
  private readonly nextNonce = new Map<string, bigint>();
  /** Each session's lane by `player:lane`, and each player's latest session. */
  private readonly lanes = new Map<string, SessionLane>();
  private readonly latestSession = new Map<string, SessionLane>();
  private readonly bets = new Map<bigint, EventOf<"BetPlaced">>();
  /** Blackjack hands whose second stake was added (StakeAdded). */
  private readonly splits = new Set<bigint>();
  /** Batches of one-click tickets not drawn yet, by hash; the latest one's draw the next play records (SessionPlay). */
  private readonly batches = new Map<string, { bets: EventOf<"BetPlaced">[]; block: number; entropy: string | null }>();
  private pendingTickets: string | null = null;

  /** The i-th player: an address with a private key, which signs its sessions' grants and action keys. */
  static player(i: number): string {
    return History.keyed(keccak256(toBeHex(i + 1, 32)));
  }

  private static keyed(privateKey: string): string {
    const address = addressOf(privateKey);
    PLAYER_KEYS.set(address, privateKey);
    return address;
  }

  blockHash(block: number): string {
    return keccak256(toBeHex(block, 32));
  }

  /** A new transaction in a new block (`after` blocks later), with its input when the verifier reads it. */
  private tx(after = 1, call?: { to: string; input: string }): () => Position {
    this.block += after;
    this.logIndex = 0;
    const hash = keccak256(toBeHex(this.block * 1000 + this.events.length, 32));
    if (call) this.transactions.set(hash, { hash, ...call });
    return () => ({ block: this.block, logIndex: this.logIndex++, tx: hash });
  }

  fundJackpot(amount: bigint, funder = POOL_FUNDER): void {
    const at = this.tx();
    this.pool += amount;
    this.events.push({ name: "JackpotFunded", at: at(), funder, amount });
  }

  commit(player: string, length = 16): void {
    const at = this.tx();
    const epoch = (this.chains.get(player)?.epoch ?? -1) + 1;
    const first = this.nextNonce.get(player) ?? 0n;
    const links = new HashChain(hashChainTip(SECRET, player, epoch), length);
    this.chains.set(player, { links, first, epoch });
    this.events.push({ name: "CommitmentSet", at: at(), player, commit: links.commitment, firstNonce: first, length: BigInt(length) });
  }

  /**
   * The player's wallet opens a session for a new key (every token and game, stakes up to 1,000
   * DEGEN or 10 BNB, budgets of 10,000 DEGEN and 100 BNB): CasinoSessions.openSession, whose
   * Casino.openLane opens the player's next lane with the key's chain and moves the budgets into
   * it (LaneOpened, then SessionOpened). Returns the key.
   */
  openSession(player: string, terms: SessionTerms = {}): string {
    const key = History.keyed(keccak256(toBeHex(BigInt(player) + BigInt(this.events.length), 32)));
    const lane = BigInt([...this.lanes.values()].filter((session) => session.player === player).length + 1);
    const links = new HashChain(laneChainTip(SECRET, player, key), LANE_CHAIN_LENGTH);
    const tokens = terms.tokens ?? 3n;
    const budgetDegen = tokens & 1n ? (terms.budgetDegen ?? parseEther("10000")) : 0n;
    const budgetNative = tokens & 2n ? (terms.budgetNative ?? parseEther("100")) : 0n;
    const session: SessionLane = { player, key, lane, links, next: 0n, funds: { DEGEN: budgetDegen, BNB: budgetNative }, terms };
    this.lanes.set(`${player}:${lane}`, session);
    this.latestSession.set(player, session);
    const at = this.tx();
    const commit = links.commitment;
    this.events.push({ name: "LaneOpened", at: at(), player, lane, commit, degen: budgetDegen, native: budgetNative });
    this.events.push({
      name: "SessionOpened",
      at: at(),
      player,
      key,
      lane,
      commit,
      expiresAt: 2_000_000_000n,
      tokens,
      games: terms.games ?? ALL_GAMES,
      maxBetDegen: terms.maxBetDegen ?? parseEther("1000"),
      maxBetNative: parseEther("10"),
      budgetDegen,
      budgetNative,
    });
    return key;
  }

  /** The player's latest session key. */
  sessionKey(player: string): string {
    return this.latestSession.get(player)!.key;
  }

  /** The lane of the player's latest session. */
  sessionLane(player: string): bigint {
    return this.latestSession.get(player)!.lane;
  }

  /** CasinoSessions.closeSession of the player's latest session: its lane's funds back to the vault (LaneClosed), or `as` to play a faulty Casino. */
  closeSession(player: string, as: Partial<{ degen: bigint; native: bigint }> = {}): void {
    const session = this.latestSession.get(player)!;
    const at = this.tx();
    const { DEGEN, BNB } = session.funds;
    this.events.push({ name: "LaneClosed", at: at(), player, lane: session.lane, degen: as.degen ?? DEGEN, native: as.native ?? BNB });
    session.funds = { DEGEN: 0n, BNB: 0n };
  }

  revokeSession(player: string, key: string): void {
    const at = this.tx();
    this.events.push({ name: "SessionRevoked", at: at(), player, key });
  }

  /** Casino.playGame from the player's wallet (lane 0): settled later with link k of the wallet chain, the k-th bet after its commitment. */
  place(player: string, bet: BetSpec): EventOf<"BetPlaced"> {
    const token = (bet.token ?? "DEGEN") === "DEGEN" ? DEGEN : ZeroAddress;
    const clientSeed = bet.clientSeed ?? keccak256(toBeHex(this.events.length + 7_000_000, 32));
    const root = this.chains.get(player)?.links.commitment ?? ZERO_WORD;
    const input = casinoInterface.encodeFunctionData("playGame", [
      token,
      bet.amount ?? parseEther("10"),
      bet.gameType,
      bet.params ?? 0n,
      clientSeed,
      root,
      TERMS,
    ]);
    return this.placeIn(this.tx(1, { to: CASINO, input }), player, { ...bet, clientSeed });
  }

  /** CasinoSessions.place: a bet the player's session key signed, placed to be settled later. */
  placeSigned(spec: OneClickSpec): EventOf<"BetPlaced"> {
    const { nonce, clientSeed, signed } = this.signedBet(spec);
    const at = this.tx(1, { to: SESSIONS, input: sessionsInterface.encodeFunctionData("place", [signed, "0x"]) });
    return this.placeIn(at, spec.player, { ...spec, clientSeed }, nonce);
  }

  /**
   * CasinoSessions.play: one-click bets placed and settled in one transaction (BetPlaced, BetSettled,
   * GamePlayed each, or BetSkipped), their DEGEN bets' jackpot tickets issued for a later draw
   * (drawTickets). Returns the bets placed.
   */
  play(specs: readonly OneClickSpec[]): EventOf<"BetPlaced">[] {
    const signedBets = specs.map((spec) => this.signedBet(spec));
    const seeds = signedBets.map(({ nonce }, i) => this.seedIn(specs[i]!.player, nonce));
    const input = sessionsInterface.encodeFunctionData("play", [signedBets.map(({ signed }) => signed), seeds]);
    const at = this.tx(1, { to: SESSIONS, input });
    // The previous batch's draw, recorded by this play once its block's hash exists.
    const pending = this.pendingTickets === null ? undefined : this.batches.get(this.pendingTickets);
    if (pending && pending.entropy === null) {
      pending.entropy = this.batchEntropy(pending.block);
      this.events.push({ name: "JackpotTicketsDrawn", at: at(), tickets: this.pendingTickets!, entropy: pending.entropy });
      this.pendingTickets = null;
    }
    const placed = specs.flatMap((spec, i) => {
      const { nonce, clientSeed } = signedBets[i]!;
      if (spec.skipped) {
        this.events.push({ name: "BetSkipped", at: at(), player: spec.player, nonce, reason: spec.skipped });
        this.lanes.get(`${spec.player}:${laneOfNonce(nonce)}`)!.next = placeInLane(nonce);
        return [];
      }
      const bet = this.placeIn(at, spec.player, { ...spec, clientSeed }, nonce);
      this.publishSettlement(bet, at, {}, true);
      return [bet];
    });
    const tickets = placed
      .filter((bet) => bet.token === DEGEN && bet.jackpotOdds !== 0n)
      .map((bet) => ({ betId: bet.betId, odds: bet.jackpotOdds, prize: bet.jackpotPrize }));
    if (tickets.length > 0) {
      const hash = ticketsHash(tickets);
      this.events.push({ name: "JackpotTicketsIssued", at: at(), tickets: hash, count: BigInt(tickets.length) });
      this.batches.set(hash, { bets: placed.filter((bet) => bet.token === DEGEN && bet.jackpotOdds !== 0n), block: this.block, entropy: null });
      this.pendingTickets = hash;
    }
    return placed;
  }

  /** The hash of a batch's block as FairRandom.blockHash gives it now (zero once gone). */
  private batchEntropy(block: number): string {
    return this.block - block > 8191 ? ZERO_WORD : this.blockHash(block);
  }

  /**
   * Casino.drawJackpots of the batch these bets' tickets make: its draw published
   * (JackpotTicketsDrawn) unless a play recorded it, each hit published and paid from the pool,
   * or, the hash gone, each ticket void and its fair value funded by the house.
   */
  drawTickets(bets: readonly EventOf<"BetPlaced">[], overrides: Pick<SettleOverrides, "after" | "entropy" | "hit" | "fundedByHouse"> = {}): void {
    if (bets.length === 0) return;
    const hash = ticketsHash(bets.map((bet) => ({ betId: bet.betId, odds: bet.jackpotOdds, prize: bet.jackpotPrize })));
    const batch = this.batches.get(hash)!;
    this.batches.delete(hash);
    if (this.pendingTickets === hash) this.pendingTickets = null;
    const at = this.tx(overrides.after ?? 1);
    if (batch.entropy === null) {
      batch.entropy = overrides.entropy ?? this.batchEntropy(batch.block);
      this.events.push({ name: "JackpotTicketsDrawn", at: at(), tickets: hash, entropy: batch.entropy });
    }
    for (const bet of bets) this.draw(bet, at, { ...overrides, entropy: batch.entropy });
  }

  /** BetPlaced of a wallet bet, or of a lane's bet (its stake taken from the lane's funds). */
  private placeIn(at: () => Position, player: string, bet: BetSpec, nonce = this.takeNonce(player)): EventOf<"BetPlaced"> {
    const token = bet.token ?? "DEGEN";
    const amount = bet.amount ?? parseEther("10");
    const prize = token === "DEGEN" ? betJackpotPrize(amount, 50, this.pool, 500) : 0n;
    const odds = jackpotOdds(amount, 50, prize);
    const event: EventOf<"BetPlaced"> = {
      name: "BetPlaced",
      at: at(),
      blockHash: this.blockHash(this.block),
      betId: (BigInt(player) << 64n) | nonce,
      player,
      token: token === "DEGEN" ? DEGEN : ZeroAddress,
      amount,
      gameType: bet.gameType,
      params: bet.params ?? 0n,
      nonce,
      clientSeed: bet.clientSeed ?? keccak256(toBeHex(this.events.length + 1_000_000 * Number(nonce + 1n), 32)),
      terms: TERMS,
      jackpotOdds: odds,
      jackpotPrize: prize,
    };
    this.events.push(event);
    this.bets.set(event.betId, event);
    this.intoLane(event, -amount);
    return event;
  }

  /** What a bet of a session's lane moves in its lane's funds: its stake out, its payout in. */
  private intoLane(bet: EventOf<"BetPlaced">, amount: bigint): void {
    const lane = laneOfNonce(bet.nonce);
    if (lane === 0n) return;
    const funds = this.lanes.get(`${bet.player}:${lane}`)!.funds;
    funds[bet.token === ZeroAddress ? "BNB" : "DEGEN"] += amount;
  }

  private takeNonce(player: string): bigint {
    const nonce = this.nextNonce.get(player) ?? 0n;
    this.nextNonce.set(player, nonce + 1n);
    return nonce;
  }

  /**
   * The bet as the session key signs it (its lane's next nonce, a client seed of its own), with its
   * signature, as CasinoSessions takes it; only `signedAs` differs from what BetPlaced will publish.
   * A session whose chain is spent is followed by a new one first.
   */
  private signedBet(spec: OneClickSpec): { nonce: bigint; clientSeed: string; signed: unknown } {
    let session = this.latestSession.get(spec.player)!;
    if (session.next >= BigInt(session.links.length)) {
      this.openSession(spec.player, session.terms);
      session = this.latestSession.get(spec.player)!;
    }
    const nonce = laneNonce(session.lane, session.next++);
    const clientSeed = spec.clientSeed ?? keccak256(toBeHex((nonce << 24n) + BigInt(this.events.length) + 1n, 32));
    const bet: SignedBet = {
      player: spec.player,
      token: (spec.token ?? "DEGEN") === "DEGEN" ? DEGEN : ZeroAddress,
      amount: spec.amount ?? parseEther("10"),
      game: BigInt(spec.gameType),
      params: spec.params ?? 0n,
      clientSeed,
      nonce,
      terms: TERMS,
      deadline: 2_000_000_000n,
      r: "",
      vs: "",
      ...spec.signedAs,
    };
    const { r, vs } = sign(betDigest(DOMAIN, bet), spec.signer ?? privateKeyOf(session.key));
    const input = { ...bet, gameType: bet.game };
    return { nonce, clientSeed, signed: { bet: input, deadline: bet.deadline, r, vs } };
  }

  /** Casino.addStake: a blackjack hand's second stake, equal to the first. */
  addStake(bet: EventOf<"BetPlaced">): void {
    const at = this.tx();
    this.splits.add(bet.betId);
    this.intoLane(bet, -bet.amount);
    this.events.push({ name: "StakeAdded", at: at(), betId: bet.betId, player: bet.player, amount: bet.amount });
  }

  /** lockJackpotEntropy: records the hash of the bet's block (or a wrong one). */
  lock(bet: EventOf<"BetPlaced">, entropy = bet.blockHash): void {
    const at = this.tx();
    this.events.push({ name: "JackpotEntropyLocked", at: at(), betId: bet.betId, entropy });
  }

  /** The seed the honest house reveals for the bet: the next link of its lane's chain. */
  seedOf(bet: EventOf<"BetPlaced">): string {
    return this.seedIn(bet.player, bet.nonce);
  }

  /**
   * The seed of the player's bet of `nonce` in its lane (also to play a house that reveals another
   * lane's): a wallet nonce's is link k of the wallet chain (the k-th bet after the commitment), a
   * session lane's nonce `lane << 32 | n` link n + 1 of that lane's chain.
   */
  seedIn(player: string, nonce: bigint): string {
    const lane = laneOfNonce(nonce);
    if (lane !== 0n) return this.lanes.get(`${player}:${lane}`)!.links.seed(Number(placeInLane(nonce)) + 1);
    const chain = this.chains.get(player)!;
    return chain.links.seed(Number(nonce - chain.first) + 1);
  }

  wordOf(bet: EventOf<"BetPlaced">): string {
    return randomWord({ seed: this.seedOf(bet), clientSeed: bet.clientSeed, player: bet.player, nonce: bet.nonce, chainId: CHAIN_ID, casino: CASINO });
  }

  /**
   * Settles an open bet. Blackjack and manual crash with `actions`: CasinoSessions.settle with the
   * log signed by the player's session key (or, without one, by a key the wallet names for the
   * bet); without: Casino.settle, the hand stood, no cash-out.
   */
  settle(bet: EventOf<"BetPlaced">, overrides: SettleOverrides = {}): void {
    const interactive = isInteractive(bet.gameType, bet.params);
    const seed = overrides.seed ?? this.seedOf(bet);
    const call = interactive ? this.settlementCall(bet, seed, overrides.actions) : undefined;
    this.publishSettlement(bet, this.tx(overrides.after ?? 1, call), overrides);
  }

  private settlementCall(bet: EventOf<"BetPlaced">, seed: string, actions: SettlementActions | null | undefined): { to: string; input: string } {
    if (actions === undefined) return { to: CASINO, input: casinoInterface.encodeFunctionData("settle", [bet.betId, seed, 0n]) };
    const bytes = actionBytes(actions);
    // A lane's hand by its session's key; a wallet hand by the player's latest session key, or without one a key the wallet names.
    const lane = laneOfNonce(bet.nonce);
    const sessionKey = lane === 0n ? this.latestSession.get(bet.player)?.key : this.lanes.get(`${bet.player}:${lane}`)!.key;
    const key = sessionKey ?? History.keyed(keccak256(toBeHex(bet.betId, 32)));
    const signature = sign(actionsDigest(DOMAIN, bet.betId, bytes), privateKeyOf(key)).bytes;
    const keyGrant = sessionKey ? "0x" : sign(actionKeyDigest(DOMAIN, bet.player, bet.betId, key), privateKeyOf(bet.player)).bytes;
    return { to: SESSIONS, input: sessionsInterface.encodeFunctionData("settle", [bet.betId, seed, bytes, signature, keyGrant]) };
  }

  /** The settlement's events; a one-click bet's jackpot is drawn later, from its ticket. */
  private publishSettlement(bet: EventOf<"BetPlaced">, at: () => Position, overrides: SettleOverrides, oneClick = false): void {
    const seed = overrides.seed ?? this.seedOf(bet);
    // The payout follows the seed's word even when the published word is replaced: one fault at a time.
    const word = randomWord({ seed, clientSeed: bet.clientSeed, player: bet.player, nonce: bet.nonce, chainId: CHAIN_ID, casino: CASINO });
    const random = overrides.random ?? word;
    const token: Token = bet.token === ZeroAddress ? "BNB" : "DEGEN";
    const actions = bet.gameType === GameType.BLACKJACK && overrides.actions === undefined ? "" : overrides.actions;
    // A staked split as GameRules.splitStakedPayout pays it: played when the log starts with it and the deal allows, else void.
    const split = this.splits.has(bet.betId);
    const payout =
      overrides.payout ??
      (split
        ? settleSplitStakedBlackjack(token, bet.amount, word, decodeBlackjackActions(actions as string)).payout
        : settleGame({ gameType: bet.gameType as GameType, token, stake: bet.amount, params: bet.params, word, actions }).payout);
    const betAmount = split ? 2n * bet.amount : bet.amount;
    if (overrides.gamePlayed !== false) this.intoLane(bet, payout);
    this.events.push({ name: "BetSettled", at: at(), betId: bet.betId, seed, random });
    if (overrides.gamePlayed !== false)
      this.events.push({ name: "GamePlayed", at: at(), player: bet.player, betAmount, payout, won: payout > betAmount, gameType: bet.gameType });
    if (token === "DEGEN" && !oneClick) this.draw(bet, at, overrides);
  }

  claim(bet: EventOf<"BetPlaced">, overrides: SettleOverrides = {}): void {
    const at = this.tx(overrides.after ?? 1);
    const reservation = maxPayout(bet.gameType as GameType, bet.params, bet.token === ZeroAddress ? "BNB" : "DEGEN", bet.amount);
    const payout = overrides.payout ?? reservation;
    this.intoLane(bet, payout);
    this.events.push({ name: "ExpiredBetClaimed", at: at(), betId: bet.betId, player: bet.player, payout });
    this.events.push({ name: "GamePlayed", at: at(), player: bet.player, betAmount: bet.amount, payout, won: payout > bet.amount, gameType: bet.gameType });
    if (bet.token !== ZeroAddress) this.draw(bet, at, overrides);
  }

  /**
   * A draw as the contract publishes it: a hit (JackpotDrawn, and JackpotWon when it pays), or a
   * void draw (the Casino's JackpotFunded of its fair value when above 0, then JackpotDrawn with
   * entropy 0, prize 0, no hit); a miss is published by nothing.
   */
  private draw(bet: EventOf<"BetPlaced">, at: () => Position, overrides: SettleOverrides): void {
    const blocksLater = this.block - bet.at.block;
    const entropy = overrides.entropy ?? (blocksLater > 8191 ? ZERO_WORD : bet.blockHash);
    const draw = jackpotDraw({ casino: CASINO, betId: bet.betId, entropy, odds: bet.jackpotOdds, prize: bet.jackpotPrize, pool: this.pool });
    const voided = entropy === ZERO_WORD && bet.jackpotOdds !== 0n;
    const prize = overrides.prize ?? (voided ? 0n : draw.prize);
    const hit = overrides.hit ?? draw.hit;
    if (!(overrides.drawn ?? (hit || voided))) return;
    const funded = voided ? (overrides.fundedByHouse ?? draw.houseFunding) : 0n;
    if (funded > 0n) {
      this.pool += funded;
      this.events.push({ name: "JackpotFunded", at: at(), funder: CASINO, amount: funded });
    }
    this.events.push({ name: "JackpotDrawn", at: at(), betId: bet.betId, entropy, prize, hit });
    const won = overrides.won === undefined ? (hit && prize > 0n ? prize : null) : overrides.won;
    if (won !== null) {
      this.pool -= won;
      this.events.push({ name: "JackpotWon", at: at(), player: bet.player, amount: won });
    }
  }
}

/** A log as the contract takes it: blackjack's letters as bytes, a crash cash-out as two bytes (none: empty). */
function actionBytes(actions: SettlementActions | null): string {
  if (actions === null) return "0x";
  if (typeof actions === "number") return toBeHex(actions, 2);
  // A mines log is lower-case tiles and C; blackjack's is H, S and P: the letters tell them apart.
  if (typeof actions === "string" && /[a-yC]/.test(actions)) return minesActionBytes(actions);
  return blackjackActionBytes(typeof actions === "string" ? actions : encodeBlackjackActions(actions));
}
