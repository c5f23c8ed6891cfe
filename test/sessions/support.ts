// Shared support of the one-click play tests (test/sessions/*.test.ts): the EIP-712 types
// (test/support.ts, mirrored from engine/src/session.ts: these CommonJS tests cannot import the ESM
// engine, as test/helpers.ts mirrors the random word); a fixture with the Casino's sessions, limits
// and rules, a wallet hash chain per player and funded vaults; and the steps every test takes: open
// a session (its lane: its own chain, nonces and funds), sign a bet or an action log, compute the
// rules' payout.
import { expect } from "chai";
import { ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import {
  AbiCoder,
  keccak256,
  parseEther,
  Signature,
  verifyTypedData,
  Wallet,
  ZeroHash,
  type BaseContract,
  type ContractTransactionResponse,
  type TransactionReceipt,
  type TypedDataDomain,
} from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { betIdOf, deployCasino, GAME, HashChain, NATIVE, randomWord, type CasinoFixture } from "../helpers";
import { eventsOf } from "../findings/support";
import { ACTION_KEY_TYPES, ACTIONS_TYPES, BET_TYPES, clientSeedHash, SESSION_TYPES } from "../support";
import type { CasinoLimits, CasinoSessions, GameRules } from "../../typechain-types";

const abi = AbiCoder.defaultAbiCoder();

// ───────────────────────────── engine/src/session.ts, mirrored ─────────────────────────────

export { ACTION_KEY_TYPES, ACTIONS_TYPES, BET_TYPES, SESSION_TYPES };

/** Session.tokens: bit 0 DEGEN, bit 1 BNB. */
export const TOKEN_BITS = { DEGEN: 1n, BNB: 2n } as const;
/** Session.games with every game's bit (bit g: game type g). */
export const ALL_GAMES = (1n << BigInt(Object.keys(GAME).length)) - 1n;
/** The longest a session may last (issue #20: at most 24 h; CasinoSessions.MAX_SESSION). */
export const MAX_SESSION = 24n * 3600n;
/** ISessionCasino.ACCEPTANCE_WINDOW: the one bound of every window (docs/decisions.md §9). */
export const ACCEPTANCE_WINDOW = 300n;

/** A blackjack action log as the contract reads it: "H", "S", "P" in ASCII (engine blackjackActionBytes). */
export function blackjackLog(log: string): string {
  return "0x" + Buffer.from(log, "latin1").toString("hex");
}

/** A manual crash cash-out: the multiplier in hundredths, two bytes big-endian (engine crashCashOutBytes). */
export function cashOutLog(hundredths: bigint): string {
  return "0x" + hundredths.toString(16).padStart(4, "0");
}

/** A DEGEN bet of a play transaction waiting for its jackpot draw (Casino.JackpotTicket). */
export interface JackpotTicket {
  betId: bigint;
  odds: bigint;
  prize: bigint;
}

/** The tickets a play transaction issued, from its BetPlaced events in log order: its DEGEN bets with odds (engine ticketsOf). */
export function ticketsOf(f: CasinoFixture, receipt: TransactionReceipt): JackpotTicket[] {
  return eventsOf(receipt, f.casino, "BetPlaced")
    .filter((e) => e.args.token === f.tokenAddress && e.args.jackpotOdds !== 0n)
    .map((e) => ({ betId: e.args.betId as bigint, odds: e.args.jackpotOdds as bigint, prize: e.args.jackpotPrize as bigint }));
}

/** The hash that stands for a batch of tickets on chain: keccak256(abi.encode(hash, betId, odds, prize)), ticket after ticket (engine ticketsHash). */
export function ticketsHash(tickets: JackpotTicket[]): string {
  return tickets.reduce((hash, t) => keccak256(abi.encode(["bytes32", "uint256", "uint256", "uint256"], [hash, t.betId, t.odds, t.prize])), ZeroHash as string);
}

// ───────────────────────────── the fixture ─────────────────────────────

export const VAULT_DEGEN = parseEther("100000");
export const VAULT_NATIVE = parseEther("10");
const CHAIN_LENGTH = 256;

export interface SessionsFixture extends CasinoFixture {
  sessions: CasinoSessions;
  limits: CasinoLimits;
  rules: GameRules;
  domain: TypedDataDomain;
  terms: bigint;
}

const chains = new Map<string, HashChain>();

/** The wallet hash chain the fixture posts for a player before their first bet: one link a bet, the wallet bet of nonce n settled with link n + 1. */
export function chainOf(player: string): HashChain {
  let chain = chains.get(player);
  if (!chain) {
    chain = new HashChain(`sessions ${player}`, CHAIN_LENGTH);
    chains.set(player, chain);
  }
  return chain;
}

/** The seed of a player's wallet bet of `nonce` (the fixture's chain starts at nonce 0). */
export function seedOf(player: string, nonce: bigint): string {
  return chainOf(player).seed(Number(nonce) + 1);
}

/**
 * deployCasino (test/helpers.ts), and for each player 100,000 DEGEN and 10 BNB in the vault and a
 * hash chain posted by the settler: what a player has before turning on session play.
 */
export async function deploySessions(): Promise<SessionsFixture> {
  const f = await deployCasino();
  for (const player of f.players) {
    await f.casino.connect(player).deposit(f.tokenAddress, VAULT_DEGEN);
    await f.casino.connect(player).deposit(NATIVE, VAULT_NATIVE, { value: VAULT_NATIVE });
    await f.casino.connect(f.settler).setCommitment(player.address, chainOf(player.address).commit, CHAIN_LENGTH);
  }
  const sessions = await ethers.getContractAt("CasinoSessions", await f.casino.sessions());
  const limits = await ethers.getContractAt("CasinoLimits", await f.casino.limits());
  const rules = await ethers.getContractAt("GameRules", await f.casino.rules());
  const domain = { name: "DEGEN Casino Sessions", version: "1", chainId: f.chainId, verifyingContract: await sessions.getAddress() };
  return { ...f, sessions, limits, rules, domain, terms: await f.casino.terms() };
}

// ───────────────────────────── sessions ─────────────────────────────

/** What the player's wallet signs (CasinoSessions.Grant). */
export interface Grant {
  player: string;
  key: string;
  commit: string;
  expiresAt: bigint;
  tokens: bigint;
  games: bigint;
  maxBetDegen: bigint;
  maxBetNative: bigint;
  budgetDegen: bigint;
  budgetNative: bigint;
}

/** An open session: the key the browser holds, the grant, its lane and the lane's hash chain. */
export interface Session {
  player: string;
  key: Wallet;
  grant: Grant;
  lane: bigint;
  chain: HashChain;
}

/** A deterministic key for `label`: the browser's would be random. */
export function keyOf(label: string): Wallet {
  return new Wallet(ethers.id(`session key ${label}`));
}

/** The hash chain the house derives for a session key's lane (engine laneChainTip): deterministic here, per key. */
export function laneChainOf(key: string): HashChain {
  let chain = chains.get(`lane ${key}`);
  if (!chain) {
    chain = new HashChain(`lane ${key}`, CHAIN_LENGTH);
    chains.set(`lane ${key}`, chain);
  }
  return chain;
}

/** A grant of an hour: both tokens, every game, 1,000 DEGEN or 1 BNB a bet, a budget of 5,000 DEGEN and 5 BNB, the key's lane chain. */
export async function grantOf(player: string, key: string, options: Partial<Grant> = {}): Promise<Grant> {
  return {
    player,
    key,
    commit: laneChainOf(key).commit,
    expiresAt: BigInt(await time.latest()) + 3600n,
    tokens: TOKEN_BITS.DEGEN | TOKEN_BITS.BNB,
    games: ALL_GAMES,
    maxBetDegen: parseEther("1000"),
    maxBetNative: parseEther("1"),
    budgetDegen: parseEther("5000"),
    budgetNative: parseEther("5"),
    ...options,
  };
}

/** The player's wallet signature of a grant. */
export async function signGrant(f: SessionsFixture, signer: HardhatEthersSigner, grant: Grant): Promise<string> {
  return signer.signTypedData(f.domain, SESSION_TYPES, grant);
}

/** Opens a session of `player` for a fresh key (submitted by the settler, as the server does): its budget moves into a new lane. */
export async function openSession(f: SessionsFixture, player: HardhatEthersSigner, options: Partial<Grant> = {}, label = "tab 1"): Promise<Session> {
  const key = keyOf(`${label} ${player.address}`);
  const grant = await grantOf(player.address, key.address, options);
  await f.sessions.connect(f.settler).openSession(grant, await signGrant(f, player, grant));
  const lane = await f.sessions.lanesOf(player.address);
  return { player: player.address, key, grant, lane, chain: laneChainOf(key.address) };
}

/** The seed of a lane's bet of `nonce` (`lane << 32 | n`): link n + 1 of the lane's chain. */
export function laneSeedOf(session: Session, nonce: bigint): string {
  return session.chain.seed(Number(nonce & 0xffffffffn) + 1);
}

/** A lane's next nonce on chain. */
export async function nextLaneNonce(f: SessionsFixture, session: Session): Promise<bigint> {
  return (await f.casino.laneOf(session.player, session.lane)).nextNonce;
}

/** What a session's lane holds: DEGEN, then BNB. */
export async function laneFunds(f: SessionsFixture, session: Session): Promise<[bigint, bigint]> {
  const { funds } = await f.casino.laneOf(session.player, session.lane);
  return [funds[0], funds[1]];
}

// ───────────────────────────── signed bets ─────────────────────────────

/** A bet as signed (ISessionCasino.BetInput): its nonce the lane's, `lane << 32 | n`. */
export interface BetInput {
  player: string;
  token: string;
  amount: bigint;
  gameType: number;
  params: bigint;
  clientSeed: string;
  nonce: bigint;
  terms: bigint;
}

/** CasinoSessions.SignedBet: the bet, its deadline and the key's compact (EIP-2098) signature. */
export interface SignedBet {
  bet: BetInput;
  deadline: bigint;
  r: string;
  vs: string;
}

export interface BetOptions {
  player?: string;
  token?: string;
  amount?: bigint;
  game?: number;
  params?: bigint;
  clientSeed?: string;
  nonce?: bigint;
  terms?: bigint;
  deadline?: bigint;
  /** Signs with this key rather than the session's. */
  signer?: Wallet;
  /** Picks a client seed whose outcome this accepts (clientSeedFor) instead of a fixed one. */
  wanted?: Outcome;
}

/** Accepts or not an outcome, given the rules' payout of the bet for an action log (null: a log the rules refuse). */
export type Outcome = (payout: (actions?: string) => Promise<bigint | null>) => Promise<boolean>;

/** A signed bet with what the relay sends beside it and what the tests check it against. */
export interface RelayedBet {
  signed: SignedBet;
  seed: string;
  betId: bigint;
  /** The bet's random word: FairRandom.word(seed, clientSeed, player, nonce, chainId, casino). */
  word: string;
}

/** The EIP-712 Bet the key signs: BetInput with `game` for gameType, the client seed's hash for the seed, and the deadline. */
export function typedBet(bet: BetInput, deadline: bigint) {
  const { gameType, clientSeed, ...rest } = bet;
  return { ...rest, clientSeedHash: clientSeedHash(clientSeed), game: gameType, deadline };
}

/** The key that a signed bet's signature recovers to for these fields: the one the contract checks. */
export function recoverBetKey(f: SessionsFixture, bet: BetInput, deadline: bigint, r: string, vs: string): string {
  return verifyTypedData(f.domain, BET_TYPES, typedBet(bet, deadline), Signature.from({ r, yParityAndS: vs }));
}

/** A bet's fields but its client seed and nonce: `options`, else 10 DEGEN on one wheel colour under the current terms. */
function betFields(f: SessionsFixture, player: string, options: BetOptions): Omit<BetInput, "clientSeed" | "nonce"> {
  const token = options.token ?? f.tokenAddress;
  return {
    player,
    token,
    amount: options.amount ?? (token === NATIVE ? parseEther("0.01") : parseEther("10")),
    gameType: options.game ?? GAME.WHEEL,
    params: options.params ?? 1n,
    terms: options.terms ?? f.terms,
  };
}

/**
 * The session's bet of its lane's next nonce on chain (or `options.nonce`), 10 DEGEN on one wheel
 * colour by default, with a client seed of its own, the current terms and a deadline at the end of
 * the acceptance window, signed by the session key; and the lane seed that settles it.
 */
export async function signBet(f: SessionsFixture, session: Session, options: BetOptions = {}): Promise<RelayedBet> {
  const player = options.player ?? session.player;
  const nonce = options.nonce ?? (await nextLaneNonce(f, session));
  const fields = { ...betFields(f, player, options), nonce };
  const seed = laneSeedOf(session, nonce);
  const clientSeed =
    options.clientSeed ?? (options.wanted ? await clientSeedFor(f, fields, options.wanted, seed) : ethers.id(`client seed ${session.key.address} ${nonce}`));
  const bet: BetInput = { ...fields, clientSeed };
  // As the server takes a bet: its deadline at the end of the acceptance window (ISessionCasino.ACCEPTANCE_WINDOW).
  const deadline = options.deadline ?? BigInt(await time.latest()) + ACCEPTANCE_WINDOW;
  const signature = Signature.from(await (options.signer ?? session.key).signTypedData(f.domain, BET_TYPES, typedBet(bet, deadline)));
  return {
    signed: { bet, deadline, r: signature.r, vs: signature.yParityAndS },
    seed,
    betId: betIdOf(player, nonce),
    word: randomWord(seed, bet.clientSeed, player, nonce, f.chainId, f.casinoAddress),
  };
}

/** Signs several bets for one relay transaction: each session's bets take its lane's next nonces in order. */
export async function signBatch(f: SessionsFixture, entries: [Session, BetOptions][]): Promise<RelayedBet[]> {
  const next = new Map<Session, bigint>();
  const relayed: RelayedBet[] = [];
  for (const [session, options] of entries) {
    const nonce = next.get(session) ?? (await nextLaneNonce(f, session));
    next.set(session, nonce + 1n);
    relayed.push(await signBet(f, session, { ...options, nonce }));
  }
  return relayed;
}

/** Sends bets the way the server does: CasinoSessions.play with their seeds, from the settler. */
export function play(f: SessionsFixture, bets: RelayedBet[]) {
  return f.sessions.connect(f.settler).play(
    bets.map((b) => b.signed),
    bets.map((b) => b.seed),
  );
}

/**
 * Sends `bets` with play and checks that the batch went through with `skipped` skipped, not
 * placed: BetSkipped(player, nonce, the selector of `contract`'s `error`), and no bet of its id.
 * A skip never spends a nonce (docs/decisions.md §4, "lanes"). Returns the receipt.
 */
export async function playSkipping(
  f: SessionsFixture,
  bets: RelayedBet[],
  skipped: RelayedBet,
  contract: BaseContract,
  error: string,
): Promise<TransactionReceipt> {
  const receipt = (await (await play(f, bets)).wait())!;
  const { player, nonce } = skipped.signed.bet;
  const selector = contract.interface.getError(error)!.selector;
  const skips = eventsOf(receipt, f.casino, "BetSkipped").filter((e) => e.args.player === player && e.args.nonce === nonce);
  expect(
    skips.map((e) => e.args.reason),
    `BetSkipped(${error}) of nonce ${nonce}`,
  ).to.deep.equal([selector]);
  const placed = eventsOf(receipt, f.casino, "BetPlaced").filter((e) => e.args.betId === skipped.betId);
  expect(placed, "the skipped bet placed").to.have.length(0);
  return receipt;
}

/** Sends one bet with play and checks that it was skipped (playSkipping). */
export async function playSkippingOne(f: SessionsFixture, bet: RelayedBet, contract: BaseContract, error: string): Promise<TransactionReceipt> {
  return playSkipping(f, [bet], bet, contract, error);
}

/** The settler's countersignature of a signed bet: its EIP-712 signature of the same Bet the key signed, which lets anyone place it. */
export async function countersign(f: SessionsFixture, signed: SignedBet, signer: HardhatEthersSigner = f.settler): Promise<string> {
  return signer.signTypedData(f.domain, BET_TYPES, typedBet(signed.bet, signed.deadline));
}

/**
 * Places a signed bet to be settled later (CasinoSessions.place): from the settler with no
 * countersignature, as the server does, or from `from` with the settler's countersignature.
 */
export async function place(f: SessionsFixture, signed: SignedBet, from?: HardhatEthersSigner) {
  if (from === undefined || from.address === f.settler.address) return f.sessions.connect(f.settler).place(signed, "0x");
  return f.sessions.connect(from).place(signed, await countersign(f, signed));
}

/** A session key's EIP-712 signature of an action log of a bet (Actions(betId, actions)). */
export async function signActions(f: SessionsFixture, key: Wallet, betId: bigint, actions: string): Promise<string> {
  return key.signTypedData(f.domain, ACTIONS_TYPES, { betId, actions });
}

/** The key that an action log's signature recovers to for this bet and log: the one the contract checks. */
export function recoverActionsKey(f: SessionsFixture, betId: bigint, actions: string, signature: string): string {
  return verifyTypedData(f.domain, ACTIONS_TYPES, { betId, actions }, signature);
}

// ───────────────────────────── wallet bets ─────────────────────────────

/** A bet from the wallet (playGame): its inputs, seed and id, and the transaction that places it. */
export interface WalletBet {
  bet: BetInput;
  seed: string;
  betId: bigint;
  send: () => Promise<ContractTransactionResponse>;
}

/**
 * A wallet bet of `player` on the wallet's next nonce, with signBet's defaults (`options.player`,
 * `deadline` and `signer` do not apply), its client seed `options.clientSeed`, or one picked by
 * `options.wanted`, or a fixed one; ready to send.
 */
export async function walletBet(f: SessionsFixture, player: HardhatEthersSigner, options: BetOptions = {}): Promise<WalletBet> {
  const { nextNonce, commit } = await f.casino.commitmentOf(player.address);
  const nonce = options.nonce ?? nextNonce;
  const fields = { ...betFields(f, player.address, options), nonce };
  const seed = seedOf(player.address, nonce);
  const clientSeed =
    options.clientSeed ?? (options.wanted ? await clientSeedFor(f, fields, options.wanted, seed) : ethers.id(`wallet bet ${player.address} ${nonce}`));
  const bet = { ...fields, clientSeed };
  const send = () => f.casino.connect(player).playGame(bet.token, bet.amount, bet.gameType, bet.params, clientSeed, commit, bet.terms);
  return { bet, seed, betId: betIdOf(player.address, nonce), send };
}

/** Settles an open bet as the settler, naming the rules' payout for no action (the auto-stand); returns that payout. */
export async function settleWithRules(f: SessionsFixture, betId: bigint, seed: string): Promise<bigint> {
  const payout = await openBetPayout(f, betId, seed);
  await f.casino.connect(f.settler).settle(betId, seed, payout);
  return payout;
}

// ───────────────────────────── the rules' payouts ─────────────────────────────

/** What the rules pay a bet for its seed and actions, computed as the Casino does (FairRandom.word, GameRules.payout). */
export async function payoutOf(f: SessionsFixture, bet: BetInput, seed: string, actions = "0x"): Promise<bigint> {
  const word = await f.casino.computeRandom(seed, bet.clientSeed, bet.player, bet.nonce);
  return f.rules.payout(bet.gameType, bet.params, bet.token === NATIVE, bet.amount, word, actions);
}

/**
 * What the rules pay an open bet for its seed and actions: its client seed from getBet, its word
 * from computeRandom, GameRules.payout at casino.rules(); for a hand whose split was staked,
 * GameRules.splitStakedPayout (the split played only when the log starts with "P", else void), as
 * the Casino asks (BetSettlement._payoutOf).
 */
export async function openBetPayout(f: SessionsFixture, betId: bigint, seed: string, actions = "0x"): Promise<bigint> {
  const bet = await f.casino.getBet(betId);
  const word = await f.casino.computeRandom(seed, bet.clientSeed, bet.player, bet.nonce);
  if (bet.split) return f.rules.splitStakedPayout(bet.token === NATIVE, bet.stake, word, actions);
  return f.rules.payout(bet.gameType, bet.params, bet.token === NATIVE, bet.stake, word, actions);
}

/** The rules' payout for `actions`, or null where the rules refuse that log for this word. */
async function payoutOrRefusal(f: SessionsFixture, bet: BetInput, seed: string, actions: string): Promise<bigint | null> {
  try {
    return await payoutOf(f, bet, seed, actions);
  } catch {
    return null;
  }
}

/**
 * A client seed that gives `bet`, settled with `seed`, an outcome `wanted` accepts. The contract takes
 * any client seed (the app draws its own at random): a test picks one to reach the case it shows.
 */
export async function clientSeedFor(f: SessionsFixture, bet: Omit<BetInput, "clientSeed">, wanted: Outcome, seed: string): Promise<string> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const clientSeed = ethers.id(`client seed ${bet.player} ${bet.nonce} ${attempt}`);
    if (await wanted((actions = "0x") => payoutOrRefusal(f, { ...bet, clientSeed }, seed, actions))) return clientSeed;
  }
  throw new Error("no client seed in 500 gives the outcome wanted");
}

// ───────────────────────────── what a refusal leaves ─────────────────────────────

/**
 * Everything a bet of `player` could move: the vaults, the player's wallet nonces and commitment,
 * the bankrolls, the jackpot pool and, for a session, its lane (commitment, nonces, funds). A
 * refused bet leaves all of it as it was.
 */
export async function ledgerOf(f: SessionsFixture, player: string, session?: Session) {
  const [degen, native, commitment, degenHouse, nativeHouse, pool] = await Promise.all([
    f.casino.getBalance(player, f.tokenAddress),
    f.casino.getBalance(player, NATIVE),
    f.casino.commitmentOf(player),
    f.casino.house(f.tokenAddress),
    f.casino.house(NATIVE),
    f.casino.jackpotPool(),
  ]);
  const lane = session === undefined ? [] : await f.casino.laneOf(session.player, session.lane);
  return {
    vault: [degen, native],
    commitment: [...commitment],
    house: [...degenHouse, ...nativeHouse],
    pool,
    lane: session === undefined ? [] : [lane[0], lane[1], lane[2], ...lane[3]],
  };
}
