// Invariant fuzz: seeded random sequences of every public operation of the Casino, its swap desk,
// its relay, its sessions (one-click play) and its limits (and the DEGEN token's transfers that
// reach the Casino), over six players and both tokens. An independent model (test/fuzz/model.ts)
// predicts each transaction's outcome: the exact custom error with its arguments, or every event
// the Casino, the desk, the sessions and the limits emit. The model computes no payout: it asks
// GameRules for the word of every bet it settles (test/fuzz/rules.ts), as the Casino does. After
// each successful step the chain must equal the model (balances, lanes' funds and nonces,
// reservations, bets with their terms, locked entropy, commitments, relay nonces, sessions by
// player and key with their lanes, self-set limits with what they used, settings, quotes, maxBet:
// what the step's logs name at once, everything every 16 steps) and, for each token, holding ≥
// accounted = Σ vaults + Σ lanes' funds + Σ open stakes + bankroll (+ jackpot), bankroll ≥
// reserved = Σ open maxPayouts, reservedBy(player) = Σ that player's open maxPayouts, and each
// room's reserved = Σ its open bets' maxPayouts (the hands', the long shots'; not within its cap:
// see checkCore).
// Bets run on lanes (docs/decisions.md §4, "lanes"): a player's wallet lane, whose chain
// setCommitment posts, and a lane per session opened, several a player in both tokens, each with
// its own chain (the grant's commit), nonces `lane << 32 | n` and funds escrowed from the vault;
// a bet is settled with its lane's link, another lane's seed is tried now and then (WrongSeed).
// Besides, from the chain's own logs: a session's stakes are each within its maxBet, a lane's
// funds are what its own events put in and took out, a player's bets pass none of their own
// limits (a one-click bet only its cool-off and cap, and only when set more than the window before
// its deadline), every jackpot ticket is drawn once, and a void draw is a hit. Deadlines are
// steered to the edges of every window (a revocation, a stricter limit, new terms: t + 300 − 1, 0
// and + 1 s), where the first two land and the last is skipped.
//
// FUZZ_SEED=<seed> FUZZ_OPS=<count> FUZZ_HISTORY=eip2935|none|hardhat \
//   npx hardhat test test/Casino.invariant.test.ts
// (FUZZ_TIMINGS=1 prints where the time went, FUZZ_DEBUG=1 each steered operation.)
//
// A seed repeats its run exactly, on any day and after any other test file (freshChain). The
// refusals and events the run must have seen (at its end) are those of the default seed; another
// seed may miss a rare one and say which. The rarest are steered towards late in a run that has
// not seen them, so that no change elsewhere (a payout, a reservation) decides whether a run sees
// them: from three fifths of the run on, a jackpot hit, and every 150 operations a revoked key's
// bet (placed alone, or in a play), a session's hand split by another key (NotBetSession), a
// ticket's sure hit, a wallet bet in a cool-off, a window's edges, a lane closed twice around a
// hand's payout, a skipped bet placed later at its outcome, a loser skipped for the bankroll and a
// reservation refused by the floor; in its last fifth, a draw on locked entropy and a void draw.
//
// Operations: deposit, withdraw, relayed withdraw and swap (EIP-712 signatures from the players'
// keys, with expired, forged, replayed, cancelled and malformed ones), desk swap with its caps and
// the floor, useNonce, setCommitment, playGame (stale terms and commitments, maxBet from the
// bankroll above the floor and the player's exposure), settle and settleBatch (mostly at the
// rules' payout, sometimes another: PayoutMismatch), claimExpired, addStake, lockJackpotEntropy
// (also by a keeper before long mines), fundBankroll, fundJackpot, bankroll withdrawals, stray
// DEGEN / BNB / other ERC-20 and sweep, taxed DEGEN sales (creditJackpotFromTax), every owner
// setting in and out of bounds, the desk's caps and rate announcements, settler and ownership
// changes, pause, calls by intruders, time jumps, and mining 300 or 8704 blocks so that block
// hashes expire. One-click play through CasinoSessions: openSession (signed by the player's key,
// its budget escrowed into a new lane; expired, too long, forged, a zero commit, a budget above
// the vault, reused by the player or another), revokeSession (the caller's own session of any
// key), closeSession (by anyone, before and after the session's end, again after a hand paid into
// the lane), play (several players' signed bets placed and settled at once on their lanes, by the
// settler alone; forged, altered, replayed, reordered, expired, over the session's terms, on
// another lane, a lane's nonce taken or its hand open, above the lane's funds or the free
// bankroll, signed by a revoked key), place (an open bet from a signed bet: blackjack, mines,
// manual crash, and the fallback path of any game, a skipped bet among them; by the settler, or
// by anyone with the settler's countersignature, a forged one, or none), split (a lane's hand by
// its key; by another key or of a wallet hand: NotBetSession) and settle (by the settler: a
// session key's signed action log or cash-out, or a key the wallet named for one hand; a split
// without the log's "P", or of a hand that is no pair, is void), and Casino.drawJackpots (the
// tickets of a play transaction rebuilt from its BetPlaced logs; tampered and drawn twice; the
// draw recorded by the next play, or published by the draw itself). CasinoLimits: setLimits and
// setCoolOff, stricter at once and looser a day later.
//
// FUZZ_HISTORY chooses what sits at the EIP-2935 history address, from which FairRandom.blockHash
// reads hashes older than 256 blocks. Hardhat 2 has no EIP-2935: it puts a stub there that
// reverts with a reason string, which must read as no hash at all ("hardhat").
// The default, "eip2935", installs the canonical contract and writes into it the hashes of the
// blocks holding DEGEN bets (the only ones the Casino asks for), so the chain behaves as a chain
// with EIP-2935; "none" leaves the address empty (a chain without it: 256 blocks).
//
// Jackpot rolls depend on block hashes, which depend on the wall-clock timestamps of the blocks
// before the fuzz; the sequence of operations is the same for a seed only as long as the jackpot
// outcomes are. A failure prints the last operations.
import { expect } from "chai";
import hre, { ethers, network } from "hardhat";
import {
  HDNodeWallet,
  Interface,
  Signature,
  TypedDataEncoder,
  concat,
  Wallet,
  id,
  keccak256,
  parseEther,
  recoverAddress,
  toBeHex,
  toUtf8Bytes,
  ZeroAddress,
  ZeroHash,
  type TypedDataDomain,
} from "ethers";
import { deployCasino, HashChain, NATIVE, betIdOf, jackpotPrizeOf, laneNonce, randomWord, maxPayout as payoutBound } from "./helpers";
import {
  BOUNDS,
  BPS,
  CasinoModel,
  norm,
  laneId,
  laneOfNonce,
  sessionId,
  ticketsHash,
  tokensOf,
  Revert,
  TOKENS,
  MIN_BET,
  DAY,
  MAX_BET_UNITS,
  BLACKJACK,
  CRASH,
  DICE,
  MINES,
  DICE_OVER,
  ALL_GAMES,
  GAME_COUNT,
  RELAYED_GAMES,
  SPLIT,
  MAX_SESSION,
  ACCEPTANCE_WINDOW,
  LOSS_PERIODS,
  isInteractive,
  paramsValid,
  roomOf,
  betMaxPayout,
  totalStake,
  type Token,
  type Tx,
  type State,
  type Bet,
  type BetInput,
  type GrantModel,
  type HistoryMode,
  type LaneState,
  type Room,
  type ModelEvent,
  type RulesQuery,
  type SignedBetModel,
  type SignedSwap,
  type SignedWithdraw,
  type Ticket,
  SKIPPED_BETS,
} from "./fuzz/model";
import { RulesOracle } from "./fuzz/rules";
import { CachedErrors, CachedEvents } from "./fuzz/abi";
import {
  ACTION_KEY_TYPES,
  ACTIONS_TYPES,
  BET_TYPES,
  clientSeedHash,
  SESSION_TYPES,
  SWAP_TYPES,
  WITHDRAW_TYPES,
  sessionsDomain,
  type SwapRequest,
  type WithdrawRequest,
} from "./support";
import { Rng } from "./fuzz/rng";
import type { InvariantReader } from "../typechain-types";

const underCoverage = Boolean((hre as unknown as { __SOLIDITY_COVERAGE_RUNNING?: boolean }).__SOLIDITY_COVERAGE_RUNNING);
const SEED = Number(process.env.FUZZ_SEED ?? 0xdec0e1);
const OPS = Number(process.env.FUZZ_OPS ?? (underCoverage ? 100 : 10_000));
const HISTORY = (process.env.FUZZ_HISTORY ?? "eip2935") as HistoryMode;
if (!["eip2935", "none", "hardhat"].includes(HISTORY)) throw new Error(`FUZZ_HISTORY must be eip2935, none or hardhat, not ${HISTORY}`);

const HISTORY_ADDRESS = "0x0000F90827F1C53a10cb7A02335B175320002935";
/** The EIP-2935 history contract's runtime code (get: the hash of block n for n in [number−8191, number−1]). */
const EIP2935_CODE =
  "0x3373fffffffffffffffffffffffffffffffffffffffe14604657602036036042575f35600143038111604257611fff81430311604257611fff9006545f5260205ff35b5f5ffd5b5f35611fff60014303065500";
const GAS = 12_000_000;
const PLAYER_COUNT = 6;

/**
 * The chain a run starts on: a fresh one whose genesis is dated GENESIS_DATE, each deployment
 * transaction in a block a second after the last. Block hashes (the jackpot's entropy) hash every
 * header before them, timestamps included, so a chain that kept the earlier test files' blocks, or
 * stamped blocks by the wall clock, would make the same seed draw other jackpots on another day:
 * this way a seed repeats its run exactly, refusals and hits included.
 */
const GENESIS_DATE = "2030-01-01T00:00:00Z";
type EdrLayer = {
  _wrapped?: EdrLayer;
  _wrappedProvider?: EdrLayer;
  _provider?: EdrLayer;
  provider?: EdrLayer;
  _providerConfig?: { initialDate?: bigint };
  handleRequest?: (request: string) => Promise<{ data: unknown }>;
};

/** Hardhat's EDR provider wrapper under the network's provider wrappers (the layer holding its config). */
async function edrWrapper(): Promise<EdrLayer> {
  await network.provider.send("eth_chainId", []);
  let layer: EdrLayer | undefined = network.provider as unknown as EdrLayer;
  for (let depth = 0; layer && !layer._providerConfig && depth < 10; depth++)
    layer = layer._wrapped ?? layer._wrappedProvider ?? layer._provider ?? layer.provider;
  if (!layer?._providerConfig) throw new Error("Hardhat's EDR provider was not found under the network's provider");
  return layer;
}

async function freshChain(): Promise<void> {
  // hardhat_reset builds the chain from the config Hardhat's EDR provider was made with, which the
  // network's config no longer reaches once the provider exists (after the other test files): its
  // genesis date is set there, under the provider's wrappers.
  const layer = await edrWrapper();
  layer._providerConfig!.initialDate = BigInt(Date.parse(GENESIS_DATE) / 1000);
  await network.provider.send("hardhat_reset", []);
}

/** What the fuzz asks of a JSON-RPC provider: results typed as loosely as Hardhat's EthereumProvider.send types them. */
interface Rpc {
  send(method: string, params: unknown[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * JSON-RPC straight to EDR, past Hardhat's wrapper: that wrapper computes a Solidity stack trace
 * for every failed request, on the main thread, which the fuzz never reads (it decodes the revert
 * data itself). A failure throws with the revert data under `data` as the wrapper does. Under
 * coverage (whose hooks read the traces the wrapper hands on) and the gas reporter, the network's
 * provider instead.
 */
async function directRpc(): Promise<Rpc> {
  const edr = (await edrWrapper())._provider;
  if (edr?.handleRequest === undefined) throw new Error("EDR's provider has no handleRequest");
  const handle = edr.handleRequest.bind(edr);
  let id = 0;
  return {
    async send(method, params) {
      const response = await handle(JSON.stringify({ jsonrpc: "2.0", id: id++, method, params }));
      const body = (typeof response.data === "string" ? JSON.parse(response.data) : response.data) as {
        result?: unknown;
        error?: { code: number; message: string; data?: unknown };
      };
      if (body.error !== undefined) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
      return body.result;
    },
  };
}

/** Runs `deploy` with every transaction it sends stamped a second after the one before. */
async function stampedBySeconds<T>(deploy: () => Promise<T>): Promise<T> {
  const provider = network.provider;
  const request = provider.request.bind(provider);
  let clock = Date.parse(GENESIS_DATE) / 1000;
  provider.request = async (args) => {
    if (args.method === "eth_sendTransaction" || args.method === "eth_sendRawTransaction") {
      await request({ method: "evm_setNextBlockTimestamp", params: [toBeHex(++clock)] });
    }
    return request(args);
  };
  try {
    return await deploy();
  } finally {
    provider.request = request;
  }
}

// The fuzz deploys from signer #19, which no other test uses: its nonce is 0 whatever ran before,
// so contract addresses are the same in any run.
async function fuzzFixture() {
  const f = await deployCasino(19);
  const signers = await ethers.getSigners();
  const treasury = signers[19];
  const pair = await (await ethers.getContractFactory("MockPair", treasury)).deploy(f.tokenAddress, ZeroAddress);
  await f.token.connect(treasury).setPair(await pair.getAddress(), true);
  // Another ERC-20 sent to the Casino by mistake (a second DegenToken bound to no casino of ours).
  const other = await (await ethers.getContractFactory("DegenToken", treasury)).deploy(f.devWallet.address, f.stranger.address);
  const reader = (await (await ethers.getContractFactory("InvariantReader", treasury)).deploy()) as unknown as InvariantReader;
  // GameRules' answers for the model, many words per eth_call.
  const rulesHarness = await (await ethers.getContractFactory("GameRulesHarness", treasury)).deploy(await f.casino.rules());
  const sessions = await ethers.getContractAt("CasinoSessions", await f.casino.sessions());
  const limits = await ethers.getContractAt("CasinoLimits", await f.casino.limits());
  const rules = await ethers.getContractAt("GameRules", await f.casino.rules());
  return { ...f, pair, other, reader, rulesHarness, sessions, limits, rules, treasury, owner2: signers[18], altSettler: signers[13] };
}

interface Step {
  name: string;
  from: string;
  to: string;
  data: string;
  value?: bigint;
  note: string;
  run: (s: State, tx: Tx) => void;
  /** After a success: learn what the chain decided (block hashes, tickets) and check it, from the transaction's logs. */
  after?: (logs: ChainLog[]) => Promise<void>;
  /** The sessions (sessionId(player, key)) it signs with or acts on, read back after it. */
  keys?: string[];
}

/** A log of a mined transaction that one of the contracts the model follows emitted, decoded. */
type ChainLog = ModelEvent;

type Tally = { ok: number; reverted: number };

/** A blackjack hand a session places when the run steers towards a refusal: the player's index, the key that signs, the token. */
interface SteeredHand {
  player: number;
  key: string;
  token: Token;
  /** Blackjack, or a manual crash round (both params 0); the stake, else any the limits let through. */
  gameType: number;
  amount?: bigint;
}

/** Steps the run takes one per operation, each made when its turn comes. */
type SteerPlan = (() => Step | Wait | null | Promise<Step | null>)[];

/** A step of a plan that lets time pass instead of sending a transaction. */
interface Wait {
  wait: bigint;
}

/** A DEGEN bet a session plays alone when the run steers towards a ticket's hit. */
interface SteeredTicket {
  gameType: number;
  params: bigint;
  amount: bigint;
}

describe("Casino invariant fuzz", function () {
  this.timeout(1_800_000);

  it(`holds the accounting invariant and matches the model over ${OPS} seeded random operations`, async function () {
    const started = Date.now();
    // Under coverage the instrumented chain stays as it is: a run only shows the lines it reaches.
    if (!underCoverage) await freshChain();
    const f = underCoverage ? await fuzzFixture() : await stampedBySeconds(fuzzFixture);
    const provider: Rpc = underCoverage || process.env.REPORT_GAS === "true" ? network.provider : await directRpc();
    const rng = new Rng(SEED);
    console.log(`      fuzz seed ${SEED} (0x${SEED.toString(16)}), ${OPS} operations, history ${HISTORY}`);

    const players = f.players.slice(0, PLAYER_COUNT);
    const playerAddresses = players.map((p) => p.address);
    const [relayAddress, deskAddress, pairAddress, otherAddress, readerAddress, sessionsAddress, limitsAddress, rulesAddress, rulesHarnessAddress] =
      await Promise.all([
        f.relay.getAddress(),
        f.swapDesk.getAddress(),
        f.pair.getAddress(),
        f.other.getAddress(),
        f.reader.getAddress(),
        f.sessions.getAddress(),
        f.limits.getAddress(),
        f.rules.getAddress(),
        f.rulesHarness.getAddress(),
      ]);
    const treasury = f.treasury.address;
    const owners = [treasury, f.owner2.address];
    const settlers = [f.settler.address, f.altSettler.address];
    const stranger = f.stranger.address;
    const tokenAddress: Record<Token, string> = { DEGEN: f.tokenAddress, BNB: NATIVE };
    const walletAddresses = [
      ...playerAddresses,
      treasury,
      f.owner2.address,
      stranger,
      f.settler.address,
      f.altSettler.address,
      f.devWallet.address,
      pairAddress,
    ];

    // What sits at the history address (restored at the end).
    const originalHistoryCode: string = await provider.send("eth_getCode", [HISTORY_ADDRESS, "latest"]);
    if (HISTORY === "eip2935") await provider.send("hardhat_setCode", [HISTORY_ADDRESS, EIP2935_CODE]);
    if (HISTORY === "none") await provider.send("hardhat_setCode", [HISTORY_ADDRESS, "0x"]);

    // The players' keys sign relay requests (EIP-712) as a wallet would.
    const accounts = network.config.accounts as { mnemonic?: string; path?: string; passphrase?: string };
    if (typeof accounts !== "object" || accounts.mnemonic === undefined) throw new Error("the fuzz signs with the HD accounts of the hardhat network");
    const hdRoot = HDNodeWallet.fromPhrase(accounts.mnemonic, accounts.passphrase ?? "", accounts.path ?? "m/44'/60'/0'/0");
    const signers = await ethers.getSigners();
    const keys = new Map<string, HDNodeWallet>();
    // The stranger, the players, and both settlers (who countersign bets).
    for (const index of [1, 3, 4, 5, 6, 7, 8, 9, 13]) {
      const key = hdRoot.deriveChild(index);
      if (key.address !== signers[index].address) throw new Error(`HD key ${index} is not signer ${index}`);
      keys.set(key.address.toLowerCase(), key);
    }

    // ─── the model, started from the chain's state after the fixture ───
    const wallets: Record<string, bigint> = {};
    for (const address of walletAddresses) wallets[address.toLowerCase()] = await f.token.balanceOf(address);
    const [degenHouse, nativeHouse, jackpot, degenAccounted, nativeAccounted, degenHeld, nativeHeld] = await Promise.all([
      f.casino.house(f.tokenAddress),
      f.casino.house(NATIVE),
      f.casino.jackpotPool(),
      f.casino.accounted(f.tokenAddress),
      f.casino.accounted(NATIVE),
      f.token.balanceOf(f.casinoAddress),
      ethers.provider.getBalance(f.casinoAddress),
    ]);
    const model = new CasinoModel(
      {
        chainId: f.chainId,
        casino: f.casinoAddress,
        degen: f.tokenAddress,
        devWallet: f.devWallet.address,
        pair: pairAddress,
        treasury,
        tradingOpenedAt: await f.token.tradingOpenedAt(),
        history: HISTORY,
      },
      playerAddresses,
      {
        bankroll: { DEGEN: degenHouse[0], BNB: nativeHouse[0] },
        accounted: { DEGEN: degenAccounted, BNB: nativeAccounted },
        stray: { DEGEN: degenHeld - degenAccounted, BNB: nativeHeld - nativeAccounted },
        jackpot,
        wallets,
        owner: treasury,
        settler: f.settler.address,
      },
    );
    // Constant views, once.
    expect(await f.casino.minBet(f.tokenAddress)).to.equal(MIN_BET.DEGEN);
    expect(await f.casino.minBet(NATIVE)).to.equal(MIN_BET.BNB);
    expect(await f.casino.rtpBps(f.tokenAddress)).to.equal(10_200n);
    expect(await f.casino.rtpBps(NATIVE)).to.equal(9_800n);

    const casinoIface: Interface = f.casino.interface;
    const deskIface: Interface = f.swapDesk.interface;
    const relayIface: Interface = f.relay.interface;
    const tokenIface: Interface = f.token.interface;
    const readerIface: Interface = f.reader.interface;
    const sessionsIface: Interface = f.sessions.interface;
    const limitsIface: Interface = f.limits.interface;
    const rulesIface: Interface = f.rules.interface;
    const errorIface = (() => {
      const seen = new Set<string>();
      const fragments: string[] = [];
      for (const iface of [casinoIface, deskIface, relayIface, tokenIface, sessionsIface, limitsIface, rulesIface]) {
        iface.forEachError((error) => {
          if (!seen.has(error.selector)) {
            seen.add(error.selector);
            fragments.push(error.format("full"));
          }
        });
      }
      return new Interface(fragments);
    })();
    // The fuzz's decoding of reverts and logs, each selector and topic looked up once (test/fuzz/abi.ts).
    const errors = new CachedErrors(errorIface);

    // GameRules' answers, fetched before each operation that settles a bet.
    const oracle = new RulesOracle(
      provider,
      { address: rulesAddress, iface: rulesIface },
      { address: rulesHarnessAddress, iface: f.rulesHarness.interface },
      errors,
      model.rulesAnswers,
    );
    /** The rules' payout of an open bet for `seed` and the player's `actions`, or its revert; the revert of a split log the Casino refuses. */
    async function answerFor(bet: Bet, seed: string, actions = "0x"): Promise<bigint | Revert> {
      return (await answersFor([{ bet, seed, actions }]))[0];
    }

    /** answerFor of several (bet, seed, actions) in one eth_call. */
    async function answersFor(asked: { bet: Bet; seed: string; actions?: string }[]): Promise<(bigint | Revert)[]> {
      const queries = asked.map(({ bet, seed, actions }) => {
        try {
          return model.betQuery(bet, seed, actions ?? "0x");
        } catch (error) {
          if (error instanceof Revert) return error;
          throw error;
        }
      });
      await oracle.ensure(queries.filter((q): q is RulesQuery => !(q instanceof Revert)));
      return queries.map((q) => {
        if (q instanceof Revert) return q;
        const answer = oracle.answer(q);
        return "payout" in answer ? answer.payout : answer.revert;
      });
    }

    let latest = (await ethers.provider.getBlock("latest"))!;
    let now = BigInt(latest.timestamp);
    let block = latest.number;
    let chainCounter = 0;
    const counts = new Map<string, Tally>();
    const errorsSeen = new Map<string, number>();
    /** The events successful transactions emitted, by name. */
    const eventsSeen = new Map<string, number>();
    /** The selectors play skipped a bet for (BetSkipped's reason). */
    const skipsSeen = new Set<string>();
    const trace: string[] = [];
    const closedBets: bigint[] = []; // recently resolved bet ids
    let lastTerms = model.terms(model.s);
    let staleTerms = lastTerms ^ 1n;
    let lastRelayWithdraw: { request: WithdrawRequest; signature: string; signed: SignedWithdraw } | null = null;
    let lastRelaySwap: { request: SwapRequest; signature: string; signed: SignedSwap } | null = null;
    const mines = { short: 0, long: 0 };
    let mineAfter: number | null = null; // blocks to mine right after the keeper's lock
    let steerPlan: SteerPlan = []; // the steps the next operations take, in order
    let timeJumps = 0;

    const call = (fn: string, args: unknown[]) => casinoIface.encodeFunctionData(fn, args);
    const s = () => model.s;
    const playerOf = (index: number) => model.s.players[index];
    const pickPlayer = () => rng.int(PLAYER_COUNT);
    const other = (token: Token): Token => (token === "DEGEN" ? "BNB" : "DEGEN");
    const withOpenBets = () => model.s.players.map((p, i) => [p, i] as const).filter(([p]) => p.bets.length > 0);
    const ownerNow = () => model.s.owner;
    const notOwner = () => (rng.chance(0.5) ? stranger : owners.find((o) => o.toLowerCase() !== model.s.owner.toLowerCase())!);
    const settlerNow = () => model.s.settler;
    const notSettler = () => (rng.chance(0.5) ? stranger : settlers.find((a) => a.toLowerCase() !== model.s.settler.toLowerCase())!);

    function casinoStep(name: string, from: string, fn: string, args: unknown[], run: Step["run"], value = 0n, note = ""): Step {
      return {
        name,
        from,
        to: f.casinoAddress,
        data: call(fn, args),
        value,
        run,
        note: note || `${fn}(${args.map((a) => (Array.isArray(a) ? `[${a.length}]` : norm(a))).join(", ")})`,
      };
    }

    // ─────────────────────────── vault ───────────────────────────

    function depositStep(): Step {
      const i = pickPlayer();
      const player = playerOf(i);
      const token = rng.pick(TOKENS);
      const address = rng.chance(0.01) ? otherAddress : tokenAddress[token];
      const wallet = s().wallets[player.address.toLowerCase()];
      const amount = rng.chance(0.02) ? 0n : token === "DEGEN" ? (rng.chance(0.03) ? wallet + 1n : rng.amount(wallet / 4n)) : rng.amount(parseEther("3"));
      const value = token === "BNB" ? (rng.chance(0.03) ? amount + 1n : amount) : rng.chance(0.02) ? 1n : 0n;
      return casinoStep("deposit", player.address, "deposit", [address, amount], (st, tx) => model.deposit(st, tx, address, amount), value);
    }

    function withdrawStep(): Step {
      const player = playerOf(pickPlayer());
      const token = rng.pick(TOKENS);
      const address = rng.chance(0.01) ? otherAddress : tokenAddress[token];
      const amount = rng.chance(0.03)
        ? 0n
        : rng.chance(0.1)
          ? player.vault[token] + 1n
          : rng.chance(0.1)
            ? player.vault[token]
            : rng.amount(player.vault[token]);
      return casinoStep("withdraw", player.address, "withdraw", [address, amount], (st, tx) => model.withdraw(st, tx, address, amount));
    }

    // ─────────────────────────── relay ───────────────────────────

    const domain = (ok: boolean): TypedDataDomain => ({
      name: "DEGEN Casino",
      version: "1",
      chainId: ok ? f.chainId : f.chainId + 1n,
      verifyingContract: ok ? relayAddress : f.casinoAddress,
    });
    const submitter = () => rng.pick([f.settler.address, stranger, ...playerAddresses]);
    // The relay's EIP-712 domain and type hashes, as a wallet computes them.
    same(await f.relay.domainSeparator(), TypedDataEncoder.hashDomain(domain(true)), "relay domain separator");
    same(await f.relay.WITHDRAW_TYPEHASH(), id(TypedDataEncoder.from(WITHDRAW_TYPES).encodeType("Withdraw")), "WITHDRAW_TYPEHASH");
    same(await f.relay.SWAP_TYPEHASH(), id(TypedDataEncoder.from(SWAP_TYPES).encodeType("Swap")), "SWAP_TYPEHASH");

    /** How a relay request is signed: the variant, who signs, and what the signature commits to. */
    type Forgery = "good" | "expired" | "wrongSigner" | "tampered" | "futureNonce" | "garbage" | "short" | "wrongDomain" | "replay";
    function forgery(): Forgery {
      const r = rng.next();
      if (r < 0.7) return "good";
      return rng.pick(["expired", "wrongSigner", "tampered", "futureNonce", "garbage", "short", "wrongDomain", "replay"] as const);
    }
    function deadlineFor(kind: Forgery): bigint {
      // The transaction's timestamp is now + 1: a deadline equal to it is still good.
      return kind === "expired" ? now - BigInt(rng.int(3_600)) : now + 1n + BigInt(rng.pick([0, 1, 60, 3_600, 86_400]));
    }
    function garbage(kind: Forgery): string {
      return kind === "short" ? rng.bytes(64) : rng.bytes(65);
    }

    async function relayWithdrawStep(): Promise<Step> {
      const i = pickPlayer();
      const player = playerOf(i);
      let kind = forgery();
      if (kind === "replay" && lastRelayWithdraw === null) kind = "good";
      let request: WithdrawRequest;
      let signature: string;
      let signed: SignedWithdraw | null;
      if (kind === "replay") {
        ({ request, signature, signed } = lastRelayWithdraw!);
      } else {
        const token = rng.pick(TOKENS);
        const address = rng.chance(0.01) ? otherAddress : tokenAddress[token];
        const amount = rng.chance(0.03) ? 0n : rng.chance(0.08) ? player.vault[token] + 1n : rng.amount(player.vault[token]);
        request = { player: player.address, token: address, amount, deadline: deadlineFor(kind) };
        const signer = kind === "wrongSigner" ? rng.pick([stranger, ...playerAddresses.filter((a) => a !== player.address)]) : player.address;
        signed = {
          ...request,
          amount: kind === "tampered" ? amount + 1n : amount,
          signer,
          nonce: player.relayNonce + (kind === "futureNonce" ? 1n : 0n),
          domainOk: kind !== "wrongDomain",
        };
        if (kind === "garbage" || kind === "short") {
          signature = garbage(kind);
          signed = null;
        } else {
          const { signer: _signer, domainOk, ...message } = signed;
          signature = await keys.get(signer.toLowerCase())!.signTypedData(domain(domainOk), WITHDRAW_TYPES, message);
        }
      }
      const from = submitter();
      const data = relayIface.encodeFunctionData("withdraw", [[request.player, request.token, request.amount, request.deadline], signature]);
      const step: Step = {
        name: "relay.withdraw",
        from,
        to: relayAddress,
        data,
        note: `relay.withdraw ${kind} player ${i} ${norm(request.token)} ${request.amount} deadline ${request.deadline}`,
        run: (st, tx) => model.relayWithdraw(st, tx, request, signed),
        after: async () => {
          if (signed !== null) lastRelayWithdraw = { request, signature, signed };
        },
      };
      return step;
    }

    async function relaySwapStep(): Promise<Step> {
      const i = pickPlayer();
      const player = playerOf(i);
      let kind = forgery();
      if (kind === "replay" && lastRelaySwap === null) kind = "good";
      let request: SwapRequest;
      let signature: string;
      let signed: SignedSwap | null;
      let wrongTo = false;
      if (kind === "replay") {
        ({ request, signature, signed } = lastRelaySwap!);
      } else {
        const fromToken = rng.pick(TOKENS);
        const plan = swapPlan(player.vault[fromToken], fromToken);
        wrongTo = rng.chance(0.04);
        const fromAddress = rng.chance(0.01) ? otherAddress : tokenAddress[fromToken];
        const toAddress = wrongTo ? rng.pick([tokenAddress[fromToken], otherAddress, stranger]) : fromAddress === NATIVE ? f.tokenAddress : NATIVE;
        request = {
          player: player.address,
          fromToken: fromAddress,
          toToken: toAddress,
          amount: plan.amount,
          minAmountOut: plan.minOut,
          deadline: deadlineFor(kind),
        };
        const signer = kind === "wrongSigner" ? rng.pick([stranger, ...playerAddresses.filter((a) => a !== player.address)]) : player.address;
        signed = {
          ...request,
          minAmountOut: kind === "tampered" ? plan.minOut + 1n : plan.minOut,
          signer,
          nonce: player.relayNonce + (kind === "futureNonce" ? 1n : 0n),
          domainOk: kind !== "wrongDomain",
        };
        if (kind === "garbage" || kind === "short") {
          signature = garbage(kind);
          signed = null;
        } else {
          const { signer: _signer, domainOk, ...message } = signed;
          signature = await keys.get(signer.toLowerCase())!.signTypedData(domain(domainOk), SWAP_TYPES, message);
        }
      }
      const from = submitter();
      const data = relayIface.encodeFunctionData("swap", [
        [request.player, request.fromToken, request.toToken, request.amount, request.minAmountOut, request.deadline],
        signature,
      ]);
      return {
        name: "relay.swap",
        from,
        to: relayAddress,
        data,
        note: `relay.swap ${kind}${wrongTo ? " wrongTo" : ""} player ${i} ${norm(request.fromToken)} ${request.amount} min ${request.minAmountOut}`,
        run: (st, tx) => model.relaySwap(st, tx, request, signed),
        after: async () => {
          if (signed !== null) lastRelaySwap = { request, signature, signed };
        },
      };
    }

    function useNonceStep(): Step {
      const i = pickPlayer();
      return {
        name: "relay.useNonce",
        from: playerAddresses[i],
        to: relayAddress,
        data: relayIface.encodeFunctionData("useNonce", []),
        note: `relay.useNonce player ${i}`,
        run: (st, tx) => model.useNonce(st, tx),
      };
    }

    // ─────────────────────────── swap desk ───────────────────────────

    /** An amount to swap aimed at the caps' edges, and a minimum out. */
    function swapPlan(vault: bigint, fromToken: Token): { amount: bigint; minOut: bigint } {
      const rate = s().swap.rate;
      const { perSwap, room } = model.swapRoom(s(), other(fromToken), now + 1n);
      const cap = perSwap < room ? perSwap : room;
      const r = rng.next();
      let amount: bigint;
      if (r < 0.03) amount = 0n;
      else if (r < 0.06 && fromToken === "DEGEN") amount = BigInt(rng.int(Number(rate)));
      else if (r < 0.12) amount = vault + 1n + rng.amount(vault);
      else {
        const q = rng.next();
        const target = q < 0.12 ? perSwap : q < 0.22 ? perSwap + 1n : q < 0.32 ? room : q < 0.42 ? room + 1n : rng.amount(cap);
        if (fromToken === "DEGEN") amount = target * rate + BigInt(rng.int(Number(rate)));
        else amount = q < 0.42 && target % rate !== 0n && rng.chance(0.5) ? target / rate + 1n : target / rate;
        if (rng.chance(0.3) && amount > vault) amount = rng.amount(vault);
      }
      const out = fromToken === "BNB" ? amount * rate : amount / rate;
      const m = rng.next();
      const minOut = m < 0.8 ? 0n : m < 0.9 ? out : out + 1n;
      return { amount, minOut };
    }

    function deskSwapStep(): Step {
      const i = pickPlayer();
      const player = playerOf(i);
      const fromToken = rng.pick(TOKENS);
      const address = rng.chance(0.01) ? otherAddress : tokenAddress[fromToken];
      const { amount, minOut } = swapPlan(player.vault[fromToken], fromToken);
      return {
        name: "desk.swap",
        from: player.address,
        to: deskAddress,
        data: deskIface.encodeFunctionData("swap", [address, amount, minOut]),
        note: `desk.swap player ${i} ${norm(address)} ${amount} min ${minOut}`,
        run: (st, tx) => model.deskSwap(st, tx, address, amount, minOut),
      };
    }

    function swapSettingsStep(): Step {
      const from = rng.chance(0.04) ? notOwner() : ownerNow();
      const r = rng.next();
      const desk = (name: string, fn: string, args: unknown[], run: Step["run"]): Step => ({
        name,
        from,
        to: deskAddress,
        data: deskIface.encodeFunctionData(fn, args),
        note: `desk.${fn}(${args.map(norm).join(", ")}) from ${from === ownerNow() ? "owner" : "intruder"}`,
        run,
      });
      if (r < 0.35) {
        const perSwap = rng.chance(0.05) ? rng.pick([0n, 501n]) : rng.pick([1n, 10n, 50n, 100n, 100n, 250n, 500n, rng.between(1n, 500n)]);
        const daily = rng.chance(0.05)
          ? rng.pick([perSwap > 0n ? perSwap - 1n : 0n, 2_001n])
          : rng.pick([perSwap, 500n > perSwap ? 500n : perSwap, 2_000n, rng.between(perSwap, 2_000n)]);
        return desk("desk.setCaps", "setCaps", [perSwap, daily], (st, tx) => model.setCaps(st, tx, perSwap, daily));
      }
      if (r < 0.6) {
        const rate = rng.chance(0.05)
          ? rng.pick([999n, 100_001n])
          : rng.pick([1_000n, 5_000n, 10_000n, 10_000n, 20_000n, 100_000n, rng.between(1_000n, 100_000n)]);
        return desk("desk.announceRate", "announceRate", [rate], (st, tx) => model.announceRate(st, tx, rate));
      }
      if (r < 0.7) return desk("desk.cancelRate", "cancelRate", [], (st, tx) => model.cancelRate(st, tx));
      return desk("desk.executeRate", "executeRate", [], (st, tx) => model.executeRate(st, tx));
    }

    // ─────────────────────────── bets ───────────────────────────

    function commitStep(): Step {
      // Mostly a player whose chain is gone or spent (a chain with links left cannot be replaced).
      const spent = playerAddresses.map((_, k) => k).filter((k) => playerOf(k).commit === ZeroHash || playerOf(k).chainEnd <= playerOf(k).nextNonce);
      const i = spent.length > 0 && rng.chance(0.85) ? rng.pick(spent) : pickPlayer();
      const player = playerOf(i);
      const length = 8 + rng.int(120);
      const chain = new HashChain(`fuzz ${SEED} ${chainCounter++}`, length);
      const index = model.chains.push(chain) - 1;
      const r = rng.next();
      let [target, commit, len, from] = [player.address, chain.commit, BigInt(length), settlerNow()];
      if (r < 0.02) from = notSettler();
      else if (r < 0.03) target = ZeroAddress;
      else if (r < 0.04) commit = ZeroHash;
      else if (r < 0.05) len = 0n;
      else if (r < 0.06) len = rng.pick([1n << 32n, (1n << 32n) - 1n - player.nextNonce + 1n]);
      return casinoStep("setCommitment", from, "setCommitment", [target, commit, len], (st, tx) => model.setCommitment(st, tx, target, commit, len, index));
    }

    /** A player gives up their chain (refused while a bet of theirs is open). */
    function abandonStep(): Step {
      const i = pickPlayer();
      return casinoStep("abandonCommitment", playerAddresses[i], "abandonCommitment", [], (st, tx) => model.abandonCommitment(st, tx));
    }

    function randomParams(gameType: number): bigint {
      if (rng.chance(0.04)) return rng.pick([0n, 1n, 2n, 3n, 100n, 1_023n, 1_024n, 10_000n, 10_001n, 1n << 200n]);
      switch (gameType) {
        case 0: {
          let mask = 0n;
          while (!paramsValid(0, mask)) mask = BigInt(1 + rng.int(1_023));
          return mask;
        }
        case 3:
          return BigInt(rng.int(3));
        case 4:
          return rng.chance(0.3) ? 0n : BigInt(101 + rng.int(9_900));
        case 5: {
          // Dice: 1 to 9,800 winning rolls, under (the target) or over (bit 14, 9,999 − the target).
          const winning = 1 + rng.int(9_800);
          return rng.chance(0.5) ? BigInt(winning) : DICE_OVER | BigInt(9_999 - winning);
        }
        case 6:
          // Plinko: 8 to 16 rows, risk 0 to 2 in the next byte.
          return BigInt(8 + rng.int(9)) | (BigInt(rng.int(3)) << 8n);
        case MINES:
          return BigInt(1 + rng.int(24));
        default:
          return 0n;
      }
    }

    /**
     * What the limits a player set still let them stake in one bet at the next block: their cap and
     * every loss window's room (0 in a cool-off), as the Account dialog shows them.
     */
    function limitRoom(player: State["players"][number], token: Token): bigint {
      const at = now + 1n;
      const unlimited = 1n << 255n;
      const { account } = player;
      if (!account.marked) return unlimited;
      const coolOffUntil = account.pendingCoolOffAt !== 0n && at >= account.pendingCoolOffAt ? account.pendingCoolOffUntil : account.coolOffUntil;
      if (at < coolOffUntil) return 0n;
      if ((account.limitedTokens & (token === "DEGEN" ? 1 : 2)) === 0) return unlimited;
      const limits = player.limits[token];
      const due = limits.pendingAt !== 0n && at >= limits.pendingAt;
      const cap = due && (limits.pendingMask & 8) !== 0 ? limits.pendingBetCap : limits.betCap;
      let room = cap === 0n ? unlimited : cap;
      limits.windows.forEach((window, i) => {
        const limit = due && (limits.pendingMask & (1 << i)) !== 0 ? limits.pendingLoss[i] : window.limit;
        if (limit === 0n) return;
        const net = at >= window.start + LOSS_PERIODS[i] ? 0n : window.net;
        const left = limit > net ? limit - net : 0n;
        if (left < room) room = left;
      });
      return room;
    }

    function playStep(chosen?: number): Step {
      // A player with a session open mostly bets through it (sessionsPlayStep, sessionsPlaceStep).
      const withoutSession = playerAddresses.map((_, k) => k).filter((k) => sessionKeys(playerAddresses[k], true).length === 0);
      const i = chosen ?? (withoutSession.length > 0 && rng.chance(0.75) ? rng.pick(withoutSession) : pickPlayer());
      const player = playerOf(i);
      const token = rng.pick(TOKENS);
      const address = rng.chance(0.01) ? otherAddress : tokenAddress[token];
      const gameType = rng.chance(0.01) ? GAME_COUNT + rng.int(256 - GAME_COUNT) : rng.chance(0.3) ? BLACKJACK : rng.int(GAME_COUNT);
      const params = randomParams(gameType);
      const max = gameType < GAME_COUNT && paramsValid(gameType, params) ? model.maxBet(s(), token, gameType, params, player) : 0n;
      const min = MIN_BET[token];
      // Blackjack stakes go to the maximum more often: a split then meets the bankroll's and the player's limits.
      const roll = rng.next();
      let amount =
        roll < 0.03
          ? min - 1n
          : roll < 0.07
            ? max + 1n
            : roll < (gameType === BLACKJACK ? 0.3 : 0.14)
              ? max
              : min + rng.amount(max > min ? (max - min) / 4n : 0n);
      // At the jackpot odds' cap (stake × edge ≥ prize × 10000: a certain hit), or at half of it for a
      // blackjack hand whose split doubles the odds to the cap; ±1 wei.
      const prize = (s().jackpot * s().shareBps) / 10_000n;
      if (token === "DEGEN" && prize > 0n && s().edgeBps > 0n && rng.chance(0.08)) {
        let atCap = (prize * 10_000n + s().edgeBps - 1n) / s().edgeBps;
        if (gameType === BLACKJACK && rng.chance(0.5)) atCap = (atCap + 1n) / 2n;
        atCap += rng.pick([-1n, 0n, 0n, 1n]);
        if (atCap >= min && atCap <= max) amount = atCap;
      }
      // The app keeps a stake within the limits the player set, which a player sending it alone may pass.
      const room = limitRoom(player, token);
      if (amount > room && rng.chance(0.85)) amount = room > min ? min + rng.amount(room - min) : min;
      const fromWallet = rng.chance(0.4);
      const value = token === "BNB" && fromWallet ? (rng.chance(0.03) ? amount + 1n : amount) : token === "DEGEN" && rng.chance(0.01) ? 1n : 0n;
      const c = rng.next();
      const expectedCommit = c < 0.04 ? rng.bytes32() : c < 0.3 ? player.root : player.commit;
      const expectedTerms = rng.chance(0.04) ? staleTerms : model.terms(s());
      const clientSeed = rng.bytes32();
      const step = casinoStep(
        "playGame",
        player.address,
        "playGame",
        [address, amount, gameType, params, clientSeed, expectedCommit, expectedTerms],
        (st, tx) => model.playGame(st, tx, address, amount, gameType, params, clientSeed, expectedCommit, expectedTerms),
        value,
        `playGame player ${i} ${token} ${amount} game ${gameType} params ${params} value ${value}`,
      );
      return step;
    }

    /**
     * Records the hash of a block holding a DEGEN bet (open, or a ticket's), in the model and
     * (EIP-2935 mode) the history contract: after every transaction that placed one.
     */
    async function learnBlockHash(number: number): Promise<void> {
      // Mostly the block of the transaction whose receipt was just read, which names its hash.
      const hash: string = receiptBlock?.number === number ? receiptBlock.hash : (await provider.send("eth_getBlockByNumber", [toBeHex(number), false])).hash;
      model.blockHashes.set(number, hash);
      if (HISTORY === "eip2935") await provider.send("hardhat_setStorageAt", [HISTORY_ADDRESS, toBeHex(number % 8191), hash]);
    }
    /** The block of the last receipt read (chainEvents). */
    let receiptBlock: { number: number; hash: string } | null = null;

    /** What the settler names for a bet: the rules' payout, or with probability `wrong` another (PayoutMismatch). */
    async function payoutFor(bet: Bet, seed: string, wrong: number): Promise<bigint> {
      const answer = await answerFor(bet, seed);
      const right = typeof answer === "bigint" ? answer : 0n;
      if (!rng.chance(wrong)) return right;
      const other = rng.pick([right + 1n, right - 1n, 0n, betMaxPayout(bet), betMaxPayout(bet) + 1n, right + rng.amount(betMaxPayout(bet))]);
      return other < 0n ? right + 1n : other;
    }

    /** The bets each lane resolves next: a player's oldest open wallet bet, and each session lane's open bet. */
    function laneHeads(): Bet[] {
      const heads: Bet[] = [];
      for (const p of s().players) {
        const wallet = p.bets.find((b) => laneOfNonce(b.nonce) === 0n);
        if (wallet !== undefined) heads.push(wallet);
        heads.push(...p.bets.filter((b) => laneOfNonce(b.nonce) !== 0n));
      }
      return heads;
    }

    /** The seed that settles a bet: its lane's link. */
    const seedOf = (bet: Bet) => model.seedOf(s(), bet);

    /** A seed of another lane of the bet's player (the wallet's or another session's, when there is one) for the same n: it settles nothing of this lane. */
    function otherLaneSeed(bet: Bet): string {
      const p = s().players[bet.player];
      const n = bet.nonce & 0xffffffffn;
      const lanes = Object.values(s().lanes).filter((l) => l.player === p.address.toLowerCase() && l.lane !== laneOfNonce(bet.nonce));
      if (laneOfNonce(bet.nonce) !== 0n && p.chain >= 0 && rng.chance(0.5)) {
        const link = p.chainStart + n;
        return link < p.chainEnd ? model.walletSeed(p, link) : rng.bytes32();
      }
      const lane = lanes.length > 0 ? rng.pick(lanes) : null;
      return lane !== null && model.laneHasLink(lane, n) ? model.laneSeed(lane, n) : rng.bytes32();
    }

    /**
     * Lanes' next bets the rules let the settler settle: not a hand split without a pair
     * (test/Casino.bets.test.ts), which the settler tries only now and then.
     */
    async function settleable(): Promise<Bet[]> {
      const candidates = laneHeads();
      const answers = await answersFor(candidates.map((bet) => ({ bet, seed: seedOf(bet) })));
      const ready = candidates.filter((_, k) => typeof answers[k] === "bigint");
      return rng.chance(0.95) ? ready : candidates;
    }

    async function settleStep(): Promise<Step | null> {
      const candidates = await settleable();
      if (candidates.length === 0) return null;
      let bet = rng.pick(candidates);
      const player = s().players[bet.player];
      let betId = bet.betId;
      let seed = seedOf(bet);
      let from = settlerNow();
      const fault = rng.next();
      const later = player.bets.filter((b) => laneOfNonce(b.nonce) === laneOfNonce(bet.nonce) && b.nonce > bet.nonce);
      if (fault < 0.02) from = notSettler();
      else if (fault < 0.035) seed = rng.bytes32();
      // The next link of the bet's own lane, or another lane's link: neither settles it (WrongSeed).
      else if (fault < 0.045)
        seed = laneOfNonce(bet.nonce) === 0n ? (bet.nonce + 1n < player.chainEnd ? model.walletSeed(player, bet.nonce + 1n) : seed) : rng.bytes32();
      else if (fault < 0.06) seed = otherLaneSeed(bet);
      else if (fault < 0.09 && later.length > 0) {
        bet = later[0];
        betId = bet.betId;
        seed = seedOf(bet);
      } else if (fault < 0.1 && closedBets.length > 0) betId = rng.pick(closedBets);
      const payout = await payoutFor(bet, seed, 0.08);
      return casinoStep(
        "settle",
        from,
        "settle",
        [betId, seed, payout],
        (st, tx) => model.settle(st, tx, betId, seed, payout),
        0n,
        `settle player ${bet.player} nonce ${norm(betId & 0xffffffffffffffffn)} payout ${payout}`,
      );
    }

    async function settleBatchStep(): Promise<Step | null> {
      const batch: { betId: bigint; seed: string; payout: bigint }[] = [];
      for (const head of await settleable()) {
        // A wallet lane's open bets in order from its oldest; a session's lane has one.
        const lane = s().players[head.player].bets.filter((b) => laneOfNonce(b.nonce) === laneOfNonce(head.nonce));
        for (const bet of lane.slice(0, 1 + rng.int(lane.length))) {
          const seed = seedOf(bet);
          batch.push({ betId: bet.betId, seed, payout: await payoutFor(bet, seed, 0.005) });
        }
      }
      if (batch.length === 0) return null;
      const chosen = rng.chance(0.01) ? [] : batch.slice(0, 1 + rng.int(Math.min(batch.length, 20)));
      let from = settlerNow();
      let seeds = chosen.map((c) => c.seed);
      const payouts = chosen.map((c) => c.payout);
      const betIds = chosen.map((c) => c.betId);
      const fault = rng.next();
      if (chosen.length > 0) {
        if (fault < 0.04) {
          const last = chosen[chosen.length - 1];
          const bet = model.openBets().find((b) => b.betId === last.betId)!;
          payouts[payouts.length - 1] = betMaxPayout(bet) + 1n;
        } else if (fault < 0.06) {
          betIds.push(betIds[0]);
          seeds.push(seeds[0]);
          payouts.push(payouts[0]);
        } else if (fault < 0.07) seeds = seeds.slice(1);
        else if (fault < 0.08) from = notSettler();
        else if (fault < 0.1) seeds[rng.int(seeds.length)] = rng.bytes32();
      }
      return casinoStep(
        "settleBatch",
        from,
        "settleBatch",
        [betIds, seeds, payouts],
        (st, tx) => model.settleBatch(st, tx, betIds, seeds, payouts),
        0n,
        `settleBatch of ${betIds.length}`,
      );
    }

    function claimStep(): Step | null {
      const candidates = withOpenBets();
      if (candidates.length === 0) return null;
      const [player, i] = rng.pick(candidates);
      const heads = laneHeads().filter((b) => b.player === i);
      const bet = rng.chance(0.8) && heads.length > 0 ? rng.pick(heads) : rng.pick(player.bets);
      let betId = bet.betId;
      if (rng.chance(0.02) && closedBets.length > 0) betId = rng.pick(closedBets);
      const from = rng.chance(0.03) ? rng.pick([stranger, playerAddresses[(i + 1) % PLAYER_COUNT]]) : player.address;
      return casinoStep(
        "claimExpired",
        from,
        "claimExpired",
        [betId],
        (st, tx) => model.claimExpired(st, tx, betId),
        0n,
        `claimExpired player ${i} nonce ${norm(betId & 0xffffffffffffffffn)}`,
      );
    }

    /**
     * The unsplit hands of open bets, with those the rules let split (a pair): the app offers a
     * split only on a pair; a player calling addStake directly may split any hand, a split that is
     * then void (its second stake paid back at settlement, the hand played as dealt).
     */
    async function openHands(): Promise<{ hands: Bet[]; pairs: Bet[] }> {
      const hands = model.openBets().filter((b) => b.gameType === BLACKJACK && !b.split);
      return { hands, pairs: await pairsAmong(hands) };
    }

    /** The hands among `hands` dealt a pair the rules let split (GameRules.payout takes a log of "P"). */
    async function pairsAmong(hands: Bet[]): Promise<Bet[]> {
      const queries = hands.map((hand) => model.pairQuery(hand, seedOf(hand)));
      await oracle.ensure(queries);
      return hands.filter((_, k) => oracle.payout(queries[k]) !== null);
    }

    /** Casino.addStake by a player: mostly a wallet hand of theirs; a lane's hand now and then (its session key splits it: NotBetPlayer). */
    async function splitStep(): Promise<Step | null> {
      const candidates = withOpenBets();
      if (candidates.length === 0) return null;
      const { hands, pairs } = await openHands();
      const wallet = (bets: Bet[]) => bets.filter((b) => laneOfNonce(b.nonce) === 0n || rng.chance(0.03));
      const offered = wallet(rng.chance(0.98) ? pairs : hands);
      const hand = offered.length > 0 && rng.chance(0.9) ? rng.pick(offered) : null;
      const [player, i] = hand !== null ? ([s().players[hand.player], hand.player] as const) : rng.pick(candidates);
      const blackjacks = offered.filter((b) => b.player === i);
      // Half the time, a hand whose split would need more than the player's room, if there is one.
      const tooBig = blackjacks.filter((b) => (b.stake * 3n) / 2n > model.exposureRoom(s(), player, b.token));
      const bet =
        tooBig.length > 0 && rng.chance(0.5) ? rng.pick(tooBig) : blackjacks.length > 0 && rng.chance(0.9) ? rng.pick(blackjacks) : rng.pick(player.bets);
      let betId = bet.betId;
      if (rng.chance(0.02) && closedBets.length > 0) betId = rng.pick(closedBets);
      const value =
        bet.token === "BNB" && rng.chance(0.5) ? (rng.chance(0.05) ? bet.stake - 1n : bet.stake) : bet.token === "DEGEN" && rng.chance(0.02) ? 1n : 0n;
      const from = rng.chance(0.03) ? stranger : player.address;
      return casinoStep(
        "addStake",
        from,
        "addStake",
        [betId],
        (st, tx) => model.addStake(st, tx, betId),
        value,
        `addStake player ${i} nonce ${norm(betId & 0xffffffffffffffffn)} value ${value}`,
      );
    }

    /** lockJackpotEntropy of each open DEGEN bet with probability `share` (a keeper before hashes expire: most), and a few others. */
    function lockStep(share = 0.5): Step {
      const open = model.openBets();
      const ids: bigint[] = [];
      for (const bet of open) if (bet.token === "DEGEN" && rng.chance(share)) ids.push(bet.betId);
      if (rng.chance(0.3)) {
        const native = open.filter((b) => b.token === "BNB");
        if (native.length > 0) ids.push(rng.pick(native).betId);
      }
      if (rng.chance(0.3) && closedBets.length > 0) ids.push(rng.pick(closedBets));
      if (rng.chance(0.1) && ids.length > 0) ids.push(ids[0]);
      if (rng.chance(0.05)) ids.push(betIdOf(rng.pick(playerAddresses), 1_000_000n));
      const from = rng.pick([stranger, f.settler.address, ...playerAddresses]);
      return casinoStep(
        "lockJackpotEntropy",
        from,
        "lockJackpotEntropy",
        [ids],
        (st, tx) => model.lockJackpotEntropy(st, tx, ids),
        0n,
        `lockJackpotEntropy of ${ids.length}`,
      );
    }

    // ─────────────────────────── one-click play (CasinoSessions) ───────────────────────────

    const sessionDomain = sessionsDomain(f.chainId, sessionsAddress);
    // The sessions' EIP-712 domain and type hashes, as a wallet computes them.
    same(await f.sessions.domainSeparator(), TypedDataEncoder.hashDomain(sessionDomain), "sessions domain separator");
    same(await f.sessions.SESSION_TYPEHASH(), id(TypedDataEncoder.from(SESSION_TYPES).encodeType("Session")), "SESSION_TYPEHASH");
    same(await f.sessions.BET_TYPEHASH(), id(TypedDataEncoder.from(BET_TYPES).encodeType("Bet")), "BET_TYPEHASH");
    same(await f.sessions.ACTIONS_TYPEHASH(), id(TypedDataEncoder.from(ACTIONS_TYPES).encodeType("Actions")), "ACTIONS_TYPEHASH");
    same(await f.sessions.ACTION_KEY_TYPEHASH(), id(TypedDataEncoder.from(ACTION_KEY_TYPES).encodeType("ActionKey")), "ACTION_KEY_TYPEHASH");

    /** Session keys as a browser makes them, derived from the seed so that a run repeats. */
    const keyWallets = new Map<string, Wallet>();
    let keyCounter = 0;
    function newKey(): Wallet {
      const wallet = new Wallet(keccak256(toUtf8Bytes(`fuzz ${SEED} session key ${keyCounter++}`)));
      keyWallets.set(wallet.address.toLowerCase(), wallet);
      return wallet;
    }
    const walletOf = (key: string) => keyWallets.get(key.toLowerCase())!;
    /** A player's session keys (lower case): all opened (or revoked) ones, or those that can sign a bet in the next block. */
    function sessionKeys(player: string, usable: boolean): string[] {
      const sessions = s().sessions;
      if (keysIndex === null || keysIndex.sessions !== sessions || keysIndex.now !== now) {
        const all = new Map<string, string[]>();
        const live = new Map<string, string[]>();
        const add = (index: Map<string, string[]>, v: State["sessions"][string]) => {
          const keys = index.get(v.player);
          if (keys === undefined) index.set(v.player, [v.key]);
          else keys.push(v.key);
        };
        for (const v of Object.values(sessions)) {
          add(all, v);
          if (v.lane !== 0n && v.revokedBlock === 0 && v.expiresAt > now + 1n) add(live, v);
        }
        keysIndex = { sessions, now, all, usable: live };
      }
      return [...((usable ? keysIndex.usable : keysIndex.all).get(player.toLowerCase()) ?? [])];
    }
    /**
     * sessionKeys' answers for one state of the sessions (the model replaces its sessions record at
     * every operation that succeeds) and one time: it is asked many times an operation, and every
     * session ever opened stays in the record (about 400 after 10,000 operations).
     */
    let keysIndex: { sessions: State["sessions"]; now: bigint; all: Map<string, string[]>; usable: Map<string, string[]> } | null = null;
    /** A player's session of a key, as the model stores it. */
    const sessionOf = (player: string, key: string) => model.storedSessionOf(s(), player, key);
    /** The lane of a player's session of a key (undefined: never opened). */
    const laneOfKey = (player: string, key: string) => model.laneOf(s(), player, sessionOf(player, key).lane);
    /** Whether a lane can take a bet of its next nonce now: no bet of it open, and `count` links of its chain left. */
    const laneFree = (lane: LaneState, count = 1) => lane.resolved === lane.next && model.laneHasLink(lane, lane.next + BigInt(count) - 1n);
    /** A player's keys (usable, or revoked but not yet ended) whose lane is free and holds a stake of a token of its session. */
    function playableKeys(player: string, revoked = false): string[] {
      const keys = revoked
        ? Object.values(s().sessions)
            .filter((v) => v.player === player.toLowerCase() && v.revokedBlock !== 0 && v.lane !== 0n && v.expiresAt > now + 1n)
            .map((v) => v.key)
        : sessionKeys(player, true);
      return keys.filter((key) => {
        const lane = laneOfKey(player, key)!;
        return laneFree(lane) && allowedTokens(tokensOf(sessionOf(player, key))).some((token) => lane.funds[token] >= MIN_BET[token]);
      });
    }
    /** A key of another player that can sign, or a key never opened: the forger's. */
    function foreignKey(player: string): string {
      const others = playerAddresses.filter((a) => a !== player).flatMap((a) => sessionKeys(a, true));
      return others.length > 0 && rng.chance(0.6) ? rng.pick(others) : newKey().address.toLowerCase();
    }
    /** The games and tokens a session allows, as lists to pick from. */
    const allowedGames = (games: number, choices: number[]) => choices.filter((g) => (games & (1 << g)) !== 0);
    const allowedTokens = (tokens: number) => TOKENS.filter((t) => (tokens & (t === "DEGEN" ? 1 : 2)) !== 0);
    const tokenOfAddress = (address: string): Token => (address === NATIVE ? "BNB" : "DEGEN");
    /** Params the game takes (randomParams now and then gives others). */
    function validParams(gameType: number): bigint {
      let params = randomParams(gameType);
      while (!paramsValid(gameType, params)) params = randomParams(gameType);
      return params;
    }

    /**
     * Per lane (laneId), from the chain's logs alone: what its funds must be. LaneOpened puts the
     * budget in, each of its bets' stakes (BetPlaced, StakeAdded) takes out, each payout of its
     * bets (the GamePlayed after their BetSettled or ExpiredBetClaimed) puts in, LaneClosed takes
     * all out. Nothing else may move them: checked against Casino.laneOf (checkOneClick).
     */
    const laneLedger = new Map<string, Record<Token, bigint>>();
    /** Each bet's token, from its BetPlaced (a StakeAdded names none). */
    const betTokens = new Map<bigint, Token>();
    function ledgerOf(player: string, lane: bigint): Record<Token, bigint> {
      const key = laneId(player, lane);
      let entry = laneLedger.get(key);
      if (entry === undefined) laneLedger.set(key, (entry = { DEGEN: 0n, BNB: 0n }));
      return entry;
    }
    function ledgerFromLogs(logs: ChainLog[]): void {
      let resolving: bigint | null = null;
      for (const log of logs) {
        if (log.contract !== "casino") continue;
        const [first, second] = log.args as [bigint | string, bigint | string];
        if (log.name === "LaneOpened" || log.name === "LaneClosed") {
          const entry = ledgerOf(first as string, second as bigint);
          const sign = log.name === "LaneOpened" ? 1n : -1n;
          entry.DEGEN += sign * (log.args[log.name === "LaneOpened" ? 3 : 2] as bigint);
          entry.BNB += sign * (log.args[log.name === "LaneOpened" ? 4 : 3] as bigint);
        } else if (log.name === "BetPlaced") {
          const betId = first as bigint;
          const token = tokenOfAddress(log.args[2] as string);
          betTokens.set(betId, token);
          const lane = laneOfNonce(log.args[6] as bigint);
          if (lane !== 0n) ledgerOf(log.args[1] as string, lane)[token] -= log.args[3] as bigint;
        } else if (log.name === "StakeAdded") {
          const betId = first as bigint;
          const lane = laneOfNonce(betId & 0xffffffffffffffffn);
          if (lane !== 0n) ledgerOf(second as string, lane)[betTokens.get(betId)!] -= log.args[2] as bigint;
        } else if (log.name === "BetSettled" || log.name === "ExpiredBetClaimed") resolving = first as bigint;
        else if (log.name === "GamePlayed") {
          const betId = resolving!;
          const lane = laneOfNonce(betId & 0xffffffffffffffffn);
          if (lane !== 0n) ledgerOf(first as string, lane)[betTokens.get(betId)!] += log.args[2] as bigint;
          resolving = null;
        }
      }
    }

    /** The Bet typed data of a bet and its deadline. */
    const betMessage = (input: BetInput, deadline: bigint) => ({
      player: input.player,
      token: input.token,
      amount: input.amount,
      game: input.gameType,
      params: input.params,
      clientSeedHash: clientSeedHash(input.clientSeed),
      nonce: input.nonce,
      terms: input.terms,
      deadline,
    });

    /** The EIP-712 digest of a Bet, with the encoder and domain separator computed once (ethers' signTypedData redoes both each time). */
    const betEncoder = TypedDataEncoder.from(BET_TYPES);
    const sessionsSeparator = TypedDataEncoder.hashDomain(sessionDomain);
    const betDigest = (message: ReturnType<typeof betMessage>) => keccak256(concat(["0x1901", sessionsSeparator, betEncoder.hash(message)]));

    type SignedBet = Awaited<ReturnType<typeof signBet>>;
    /** `key`'s signature of `signed`, sent as `sent` (an altered bet): the SignedBet tuple, and the key it recovers to. */
    async function signBet(key: string, signed: BetInput, deadline: bigint, sent: BetInput = signed) {
      const signedDigest = betDigest(betMessage(signed, deadline));
      const signature = walletOf(key).signingKey.sign(signedDigest);
      const sentDigest = sent === signed ? signedDigest : betDigest(betMessage(sent, deadline));
      const signer = sent === signed ? walletOf(key).address : recoverAddress(sentDigest, signature);
      const tuple = [
        [sent.player, sent.token, sent.amount, sent.gameType, sent.params, sent.clientSeed, sent.nonce, sent.terms],
        deadline,
        signature.r,
        signature.yParityAndS,
      ];
      const model: SignedBetModel = { input: sent, deadline, signer };
      return { tuple, model, digest: sentDigest, signedDigest };
    }

    /** One field of a signed bet changed after signing. */
    function alter(input: BetInput): BetInput {
      switch (rng.int(6)) {
        case 0:
          return { ...input, amount: input.amount + 1n };
        case 1:
          return { ...input, clientSeed: rng.bytes32() };
        case 2:
          return { ...input, params: input.params + 1n };
        case 3:
          return { ...input, nonce: input.nonce + 1n };
        case 4:
          return { ...input, terms: input.terms ^ 1n };
        default:
          return { ...input, player: rng.pick(playerAddresses.filter((a) => a !== input.player)) };
      }
    }

    /** A stake below every bound the bet meets (the session's, the bankroll's, the lane's), mostly small. */
    function stakeWithin(token: Token, ...caps: bigint[]): bigint {
      const cap = caps.reduce((a, b) => (a < b ? a : b));
      const min = MIN_BET[token];
      return cap <= min ? min : min + rng.amount(cap - min);
    }
    const gameMax = (compute: () => bigint) => {
      try {
        return compute();
      } catch {
        return MIN_BET.DEGEN;
      }
    };
    /** What the server accepts of a one-click bet: a stake within the wallet path's maxBet with the player's room (IntakeView.roomMaxBet). */
    const roomMaxBet = (p: State["players"][number], token: Token, gameType: number, params: bigint) =>
      gameMax(() => model.maxBet(s(), token, gameType, params, p));

    /** How many bets a lane's chain settles: the harness's lane chains are short (each session's links are hashed when it opens). */
    const LANE_CHAIN_LENGTH = 128;
    let laneChainCounter = 0;
    /** A new lane's hash chain, whose root the grant commits to: its index in the model's chains. */
    function laneChain(): { index: number; commit: string } {
      const chain = new HashChain(`fuzz ${SEED} lane ${laneChainCounter++}`, LANE_CHAIN_LENGTH);
      return { index: model.chains.push(chain) - 1, commit: chain.commit };
    }

    /** openSession's step for a grant, signed by `signerKey`, sent by anyone; `sent` the grant as sent (tampered: another). */
    async function sessionStep(grant: GrantModel, chain: number, signerKey: string, note: string, sent = grant): Promise<Step> {
      const signature = await keys.get(signerKey.toLowerCase())!.signTypedData(sessionDomain, SESSION_TYPES, grant);
      const signer = recoverAddress(TypedDataEncoder.hash(sessionDomain, SESSION_TYPES, sent), signature);
      const data = sessionsIface.encodeFunctionData("openSession", [
        [sent.player, sent.key, sent.commit, sent.expiresAt, sent.tokens, sent.games, sent.maxBetDegen, sent.maxBetNative, sent.budgetDegen, sent.budgetNative],
        signature,
      ]);
      return {
        name: "sessions.openSession",
        from: submitter(),
        to: sessionsAddress,
        data,
        note,
        keys: [sessionId(sent.player, sent.key)],
        run: (st, tx) => model.openSession(st, tx, sent, signer, chain),
      };
    }

    /** A budget of the player's vault for a session: mostly a part of it, now and then all of it or more (InsufficientBalance). */
    function budgetOf(vault: bigint, unit: bigint): bigint {
      const r = rng.next();
      if (r < 0.04) return vault + 1n;
      if (r < 0.1) return vault;
      if (r < 0.15) return 0n;
      const round = rng.pick([10n, 100n, 1_000n, 100_000n]) * unit;
      return round <= vault && rng.chance(0.5) ? round : rng.amount(vault / 2n);
    }

    async function openSessionStep(i = pickPlayer()): Promise<Step> {
      const player = playerOf(i);
      const known = Object.values(s().sessions).map((v) => v.key);
      // A key "reused": the player's own (SessionExists) or another player's (a session of its own).
      const kind = rng.chance(0.8) ? "good" : rng.pick(["expired", "tooLong", "wrongSigner", "tampered", "reused", "noCommit"] as const);
      const own = sessionKeys(player.address, false);
      const key = kind === "reused" && known.length > 0 ? (own.length > 0 && rng.chance(0.5) ? rng.pick(own) : rng.pick(known)) : newKey().address;
      // The transaction's timestamp is now + 1; a session lasts at most a day from it.
      const expiresAt =
        kind === "expired"
          ? now + 1n - BigInt(rng.int(600))
          : kind === "tooLong"
            ? now + 2n + MAX_SESSION + BigInt(rng.int(3_600))
            : now + 1n + (rng.chance(0.3) ? MAX_SESSION : BigInt(rng.pick([600, 3_600, 21_600, 43_200, 86_399])));
      const chain = laneChain();
      const grant: GrantModel = {
        player: player.address,
        key,
        commit: kind === "noCommit" ? ZeroHash : chain.commit,
        expiresAt,
        tokens: rng.pick([3n, 3n, 3n, 1n, 2n, 7n]),
        games: rng.chance(0.8) ? ALL_GAMES : BigInt(1 + rng.int(255)),
        maxBetDegen: rng.pick([10n, 100n, 1_000n, 10_000n, 1_000_000n]) * MIN_BET.DEGEN + BigInt(rng.int(1_000_000_000) * rng.int(2)),
        maxBetNative: rng.pick([10n, 100n, 1_000n, 100_000n]) * MIN_BET.BNB + BigInt(rng.int(1_000_000_000) * rng.int(2)),
        budgetDegen: budgetOf(player.vault.DEGEN, MIN_BET.DEGEN),
        budgetNative: budgetOf(player.vault.BNB, MIN_BET.BNB),
      };
      const signerKey = kind === "wrongSigner" ? rng.pick(playerAddresses.filter((a) => a !== player.address)) : player.address;
      const sent = kind === "tampered" ? { ...grant, budgetDegen: grant.budgetDegen + MIN_BET.DEGEN } : grant;
      const budget = `${ethers.formatEther(grant.budgetDegen)} DEGEN ${ethers.formatEther(grant.budgetNative)} BNB`;
      return sessionStep(
        grant,
        chain.index,
        signerKey,
        `sessions.openSession ${kind} player ${i} key ${key.slice(0, 10)} until +${expiresAt - now}s budget ${budget}`,
        sent,
      );
    }

    function revokeSessionStep(i = pickPlayer(), chosenKey?: string): Step {
      const player = playerOf(i);
      // Mostly a key still in use (most keys have expired: a session lasts a day at most).
      const usable = sessionKeys(player.address, true);
      const own = usable.length > 0 && rng.chance(0.85) ? usable : sessionKeys(player.address, false);
      // Now and then the key of an open hand of its lane: its signed log is then refused (SessionRevokedError).
      const placing = player.bets.filter((b) => laneOfNonce(b.nonce) !== 0n).map((b) => model.laneOf(s(), player.address, laneOfNonce(b.nonce))!.key);
      const r = rng.next();
      const key =
        chosenKey ??
        (r < 0.25 && placing.length > 0
          ? rng.pick(placing)
          : r < 0.75 && own.length > 0
            ? rng.pick(own)
            : r < 0.87
              ? foreignKey(player.address)
              : newKey().address);
      return {
        name: "sessions.revokeSession",
        from: player.address,
        to: sessionsAddress,
        data: sessionsIface.encodeFunctionData("revokeSession", [key]),
        note: `sessions.revokeSession player ${i} key ${key.slice(0, 10)}`,
        keys: [sessionId(player.address, key)],
        run: (st, tx) => model.revokeSession(st, tx, key),
      };
    }

    /**
     * closeSession by anyone: mostly a session that has ended (one whose lane holds funds or a hand
     * first), now and then one still open (SessionNotEnded), one closed before, or a key never opened.
     */
    function closeSessionStep(chosen?: { player: string; key: string }): Step {
      const sessions = Object.values(s().sessions).filter((v) => v.lane !== 0n);
      const ended = sessions.filter((v) => v.expiresAt < now + 1n);
      const holding = ended.filter((v) => {
        const lane = model.laneOf(s(), v.player, v.lane)!;
        return lane.funds.DEGEN + lane.funds.BNB !== 0n || lane.resolved !== lane.next;
      });
      const r = rng.next();
      const target =
        chosen ??
        (r < 0.6 && holding.length > 0
          ? rng.pick(holding)
          : r < 0.75 && ended.length > 0
            ? rng.pick(ended)
            : r < 0.92 && sessions.length > 0
              ? rng.pick(sessions)
              : { player: rng.pick(playerAddresses), key: newKey().address });
      const { player, key } = target;
      return {
        name: "sessions.closeSession",
        from: rng.pick([f.settler.address, stranger, ...playerAddresses]),
        to: sessionsAddress,
        data: sessionsIface.encodeFunctionData("closeSession", [player, key]),
        note: `sessions.closeSession player ${playerAddresses.findIndex((a) => a.toLowerCase() === player.toLowerCase())} key ${key.slice(0, 10)}`,
        keys: [sessionId(player, key)],
        run: (st, tx) => model.closeSession(st, tx, player, key),
      };
    }

    /** With no session to bet from: a player who has none opens one (no step if all have one). */
    async function withoutSession(): Promise<Step | null> {
      const none = playerAddresses.map((_, k) => k).filter((k) => playableKeys(playerAddresses[k]).length === 0);
      return none.length > 0 ? openSessionStep(rng.pick(none)) : null;
    }

    /** The last bet a play transaction carried, to send again (a replay). */
    let lastPlayed: { tuple: SignedBet["tuple"]; model: SignedBetModel; seed: string } | null = null;
    /** The last bet play skipped for what the house did (its seed, the bankroll, its terms): the player may place it later, with its countersignature. */
    let lastSkipped: { signed: SignedBet; player: number; word: string } | null = null;
    /** Bets placed after play skipped them, by bet id: the word their settlement must show, the one the skipped play's seed gave. */
    const skippedWords = new Map<bigint, string>();
    let skippedThenPlaced = 0;
    /** Of them, those settled (at the same outcome). */
    let skippedSettledAlike = 0;

    /** Players with at least `keys` keys whose lane can take a bet now. */
    const readyToPlay = (keys = 1) => playerAddresses.map((_, k) => k).filter((k) => playableKeys(playerAddresses[k]).length >= keys);

    /** The windows whose edges a deadline is steered to: a revocation's end, a stricter cool-off's, new terms'. */
    type Edge = "revoke" | "limits" | "terms";
    const EDGES: Edge[] = ["revoke", "limits", "terms"];
    /** What skips a bet whose deadline is a second past each window's end. */
    const PAST_EDGE: Record<Edge, string> = { revoke: "SessionExpired", limits: "CoolingOff", terms: "TermsChanged" };
    /** What each edge's deadlines (the window's end − 1, 0 and + 1 s) came to: "landed", or the refusal that skipped the bet. */
    const edgesSeen = new Map<string, Set<string>>();
    /** Whether an edge's three deadlines have each come to what the window says: the first two land, the third is skipped. */
    const edgeSeen = (edge: Edge) => [-1n, 0n, 1n].every((delta) => edgesSeen.get(`${edge} ${delta}`)?.has(delta === 1n ? PAST_EDGE[edge] : "landed") ?? false);
    /**
     * The time a window of `edge` started for the player's key (its end is 300 s later), when the
     * window decides a bet with a deadline at its end: a revocation that brought the session's end
     * forward, a cool-off in force set since, a change of the terms; else null.
     */
    function edgeStart(edge: Edge, p: State["players"][number], key: string): bigint | null {
      const at = now + 1n;
      if (edge === "revoke") {
        const session = sessionOf(p.address, key);
        return session.revokedBlock !== 0 && session.expiresAt === session.revokedAt + ACCEPTANCE_WINDOW && session.expiresAt >= at ? session.revokedAt : null;
      }
      if (edge === "limits") {
        const { account } = p;
        const coolOffUntil = account.pendingCoolOffAt !== 0n && at >= account.pendingCoolOffAt ? account.pendingCoolOffUntil : account.coolOffUntil;
        return at < coolOffUntil && account.tightenedAt + ACCEPTANCE_WINDOW >= at ? account.tightenedAt : null;
      }
      const change = s().termsChange;
      return change.previous !== model.terms(s()) && change.changedAt + ACCEPTANCE_WINDOW >= at ? change.changedAt : null;
    }

    /** A play's bet as planned: its key, the bet, its deadline and seed, and the edge its deadline is at. */
    type Planned = { key: string; input: BetInput; deadline: bigint; seed: string; edge?: { kind: Edge; delta: bigint } };

    /**
     * The bets of one lane for a play: `count` bets of its next nonces, each a game and token the
     * session allows (mostly) at a stake the server accepts (mostly: within the room's maxBet, the
     * session's largest stake, the lane's funds and the player's own limits); with an `edge`, three
     * bets whose deadlines are that window's end − 1, 0 and + 1 s, the smallest stakes.
     */
    function planLane(k: number, key: string, count: number, edge?: Edge): Planned[] {
      const p = playerOf(k);
      const session = sessionOf(p.address, key);
      const lane = laneOfKey(p.address, key)!;
      const tokens = allowedTokens(tokensOf(session));
      const games = allowedGames(session.games, RELAYED_GAMES);
      const start = edge === undefined ? null : edgeStart(edge, p, key);
      const planned: Record<Token, bigint> = { DEGEN: 0n, BNB: 0n };
      const bets: Planned[] = [];
      for (let n = 0; n < (start === null ? count : 3); n++) {
        const nonce = laneNonce(lane.lane, lane.next + BigInt(n));
        const funded = tokens.filter((t) => lane.funds[t] - planned[t] >= MIN_BET[t]);
        const token =
          start !== null
            ? (tokens.find((t) => lane.funds[t] >= 3n * MIN_BET[t]) ?? "DEGEN")
            : funded.length > 0 && rng.chance(0.95)
              ? rng.pick(funded)
              : tokens.length > 0 && rng.chance(0.97)
                ? rng.pick(tokens)
                : rng.pick(TOKENS);
        const gameType = games.length > 0 && rng.chance(start !== null ? 1 : 0.97) ? rng.pick(games) : rng.pick(RELAYED_GAMES);
        const params =
          start !== null ? validParams(gameType) : gameType === CRASH ? 101n + BigInt(rng.int(rng.chance(0.7) ? 300 : 9_900)) : randomParams(gameType);
        const left = lane.funds[token] - planned[token];
        const amount =
          start !== null
            ? MIN_BET[token]
            : stakeWithin(
                token,
                roomMaxBet(p, token, gameType, params),
                session.maxBet[token],
                left / BigInt(count),
                rng.chance(0.9) ? limitRoom(p, token) / BigInt(count) : left,
              );
        planned[token] += amount;
        const terms = edge === "terms" && start !== null ? s().termsChange.previous : model.terms(s());
        const input: BetInput = { player: p.address, token: tokenAddress[token], amount, gameType, params, clientSeed: rng.bytes32(), nonce, terms };
        const delta = BigInt(n) - 1n;
        const deadline =
          start !== null
            ? start + ACCEPTANCE_WINDOW + delta
            : rng.chance(0.1)
              ? session.expiresAt + rng.pick([-1n, 0n, 1n])
              : now + 1n + BigInt(rng.pick([0, 1, 60, 299, 300, 3_600]));
        const seed = model.laneHasLink(lane, lane.next + BigInt(n)) ? model.laneSeed(lane, lane.next + BigInt(n)) : rng.bytes32();
        bets.push({ key, input, deadline, seed, edge: start !== null ? { kind: edge!, delta } : undefined });
      }
      return bets;
    }

    type PlayFault =
      | "none"
      | "deadline"
      | "forged"
      | "altered"
      | "wrongSeed"
      | "reorder"
      | "replay"
      | "interactive"
      | "terms"
      | "maxBet"
      | "funds"
      | "game"
      | "token"
      | "tooLarge"
      | "length"
      | "revoked"
      | "otherLane"
      | "nonce"
      | "openBet";

    /**
     * Signed bets of one to three players, each of a lane of theirs, placed and settled at once.
     * `steer`: one player's, of that key (else any), with the fault given (or none), a window's
     * edge, or a `ticket` (that DEGEN bet alone).
     */
    async function sessionsPlayStep(steer?: { player: number; key?: string; fault?: PlayFault; edge?: Edge; ticket?: SteeredTicket }): Promise<Step | null> {
      const fault: PlayFault =
        steer?.fault ??
        (steer !== undefined
          ? "none"
          : rng.chance(0.3)
            ? rng.pick([
                "deadline",
                "forged",
                "altered",
                "wrongSeed",
                "reorder",
                "replay",
                "interactive",
                "terms",
                "maxBet",
                "funds",
                "game",
                "token",
                "tooLarge",
                "length",
                "revoked",
                "otherLane",
                "nonce",
                "openBet",
              ] as const)
            : "none");
      const ready = readyToPlay();
      if (steer !== undefined && playableKeys(playerAddresses[steer.player], fault === "revoked").length === 0) return null;
      if (steer === undefined && ready.length === 0) return withoutSession();
      const chosen = steer ? [steer.player] : [...ready].sort(() => rng.next() - 0.5).slice(0, 1 + rng.int(Math.min(3, ready.length)));
      const lanes: Planned[][] = [];
      for (const [n, k] of chosen.entries()) {
        const p = playerOf(k);
        const revoked = n === 0 && fault === "revoked" ? playableKeys(p.address, true) : [];
        const key = steer?.key ?? (revoked.length > 0 ? rng.pick(revoked) : rng.pick(playableKeys(p.address)));
        const lane = laneOfKey(p.address, key)!;
        const links = model.laneHasLink(lane, lane.next + 3n) ? 4 : 1;
        // A steered bet goes alone: its lane's other bets would take the funds or the nonce it needs.
        const count = steer !== undefined && steer.edge === undefined ? 1 : Math.min(1 + rng.int(4), links);
        const edge = steer !== undefined ? steer.edge : rng.chance(0.1) ? rng.pick(["revoke", "limits", "terms"] as const) : undefined;
        const planned = planLane(k, key, count, edge);
        if (steer?.ticket !== undefined) {
          const { gameType, params, amount } = steer.ticket;
          planned[0].input = { ...planned[0].input, token: tokenAddress.DEGEN, gameType, params, amount, terms: model.terms(s()) };
          planned[0].deadline = now + 1n;
        }
        lanes.push(planned);
      }
      // A lane whose hand is open: its next nonce's bet is skipped (OpenBetExists).
      if (fault === "openBet") {
        const busy = playerAddresses.flatMap((a, k) =>
          sessionKeys(a, true)
            .filter((key) => laneOfKey(a, key)!.resolved !== laneOfKey(a, key)!.next)
            .map((key) => [k, key] as const),
        );
        if (busy.length > 0) {
          const [k, key] = rng.pick(busy);
          const lane = laneOfKey(playerAddresses[k], key)!;
          const [bet] = planLane(k, key, 1);
          lanes.push([{ ...bet, input: { ...bet.input, nonce: laneNonce(lane.lane, lane.next) }, seed: rng.bytes32() }]);
        }
      }
      // The players' bets interleaved, each lane's in nonce order.
      const bets: Planned[] = [];
      for (let n = 0; lanes.some((lane) => n < lane.length); n++) for (const lane of lanes) if (n < lane.length) bets.push(lane[n]);
      const target = rng.pick(lanes[0]);
      const targetIndex = bets.indexOf(target);
      const session = sessionOf(target.input.player, target.key);
      const lane = laneOfKey(target.input.player, target.key)!;
      const token = tokenOfAddress(target.input.token);
      if (fault === "interactive") target.input = { ...target.input, gameType: rng.pick([BLACKJACK, CRASH]), params: 0n };
      else if (fault === "terms") target.input = { ...target.input, terms: staleTerms };
      else if (fault === "maxBet") target.input = { ...target.input, amount: session.maxBet[token] + 1n };
      else if (fault === "funds") target.input = { ...target.input, amount: lane.funds[token] + 1n };
      else if (fault === "tooLarge") {
        // The largest multiplier dice takes: its maximum payout just above the free bankroll, whatever its outcome.
        const params = rng.chance(0.5) ? 1n : DICE_OVER | 9_998n;
        const free = model.free(s(), token);
        let amount = free / (token === "BNB" ? 9_800n : 10_200n);
        while (payoutBound(DICE, params, token === "BNB", amount) <= free) amount++;
        target.input = { ...target.input, gameType: DICE, params, amount };
      } else if (fault === "game")
        target.input = { ...target.input, gameType: rng.pick(RELAYED_GAMES.filter((g) => (session.games & (1 << g)) === 0).concat([GAME_COUNT + rng.int(3)])) };
      else if (fault === "token")
        target.input = {
          ...target.input,
          token: rng.pick([otherAddress, ...TOKENS.filter((t) => (tokensOf(session) & (t === "DEGEN" ? 1 : 2)) === 0).map((t) => tokenAddress[t])]),
        };
      else if (fault === "otherLane") {
        // Another lane of the player (the wallet's included), or one never opened: not the key's (NotBetSession).
        const other = rng.pick([
          0n,
          lane.lane + 1n,
          ...Object.values(s().lanes)
            .filter((l) => l.player === lane.player && l.lane !== lane.lane)
            .map((l) => l.lane),
        ]);
        target.input = { ...target.input, nonce: laneNonce(other, target.input.nonce & 0xffffffffn) };
      } else if (fault === "nonce") target.input = { ...target.input, nonce: target.input.nonce + 1n };
      else if (fault === "reorder") {
        const k = bets.findIndex((b, n) => n > targetIndex && b.key === target.key);
        if (k > 0) [bets[targetIndex], bets[k]] = [bets[k], bets[targetIndex]];
      } else if (fault === "deadline") target.deadline = now - BigInt(rng.int(600));
      // A bet skipped for its seed, to be placed later: its deadline leaves time for it.
      else if (fault === "wrongSeed" && steer !== undefined) target.deadline = now + 1n + ACCEPTANCE_WINDOW;
      const signed = await Promise.all(
        bets.map((bet) => {
          if (bet === target && fault === "forged") return signBet(foreignKey(bet.input.player), bet.input, bet.deadline);
          if (bet === target && fault === "altered") return signBet(bet.key, bet.input, bet.deadline, alter(bet.input));
          return signBet(bet.key, bet.input, bet.deadline);
        }),
      );
      const seeds = bets.map((bet) => bet.seed);
      if (fault === "wrongSeed") seeds[targetIndex] = rng.bytes32();
      if (fault === "length") seeds.pop();
      const tuples = signed.map((b) => b.tuple);
      const models = signed.map((b) => b.model);
      if (fault === "replay" && lastPlayed !== null) {
        tuples.unshift(lastPlayed.tuple);
        models.unshift(lastPlayed.model);
        seeds.unshift(lastPlayed.seed);
      }
      const words = models.map((m, n) => randomWord(seeds[n] ?? ZeroHash, m.input.clientSeed, m.input.player, m.input.nonce, f.chainId, f.casinoAddress));
      // The words with the right seeds too: a bet skipped for a wrong seed, placed later, must settle at this outcome.
      const rightWords = bets.map((bet) => randomWord(bet.seed, bet.input.clientSeed, bet.input.player, bet.input.nonce, f.chainId, f.casinoAddress));
      await oracle.ensure(
        models.map((m, n) => ({
          gameType: m.input.gameType,
          params: m.input.params,
          isNative: m.input.token === NATIVE,
          stake: m.input.amount,
          word: words[n],
          actions: "0x",
        })),
      );
      // What each key may stake (before this transaction): the chain's stakes are checked against it.
      const maxBets = bets.map((bet) => sessionOf(bet.input.player, bet.key).maxBet[tokenOfAddress(bet.input.token)]);
      const offset = tuples.length - bets.length;
      return {
        name: "sessions.play",
        from: steer !== undefined || rng.chance(0.85) ? settlerNow() : submitter(),
        to: sessionsAddress,
        data: sessionsIface.encodeFunctionData("play", [tuples, seeds]),
        note: `sessions.play of ${tuples.length} (${chosen.length} players)${fault === "none" ? "" : ` ${fault}`}${bets.some((b) => b.edge) ? " at a window's edge" : ""}`,
        keys: [...new Set(bets.map((bet) => sessionId(bet.input.player, bet.key)))],
        run: (st, tx) => model.sessionsPlay(st, tx, models, seeds),
        after: async (logs) => {
          const placed = logs.filter((log) => log.contract === "casino" && log.name === "BetPlaced");
          const skipped = logs.filter((log) => log.contract === "casino" && log.name === "BetSkipped");
          // A bet's outcome: "landed" (BetPlaced names its player and nonce), the refusal it was skipped for (BetSkipped), or null (not its nonce's bet).
          const outcome = (player: string, nonce: bigint) => {
            const of = (address: unknown, n: unknown) => (address as string).toLowerCase() === player.toLowerCase() && n === nonce;
            if (placed.some((log) => of(log.args[1], log.args[6]))) return "landed";
            const skip = skipped.find((log) => of(log.args[0], log.args[1]));
            return skip === undefined ? null : Object.keys(SKIPPED_BETS).find((name) => SKIPPED_BETS[name] === skip.args[2])!;
          };
          // Each placed bet was sent, within its key's maxBet.
          for (const log of placed) {
            const k = bets.findIndex((bet) => bet.input.player === log.args[1] && bet.input.nonce === log.args[6]);
            if (k < 0) throw new Error(`a bet placed by play that was not sent: ${log.args[0]}`);
            if ((log.args[3] as bigint) > maxBets[k]) throw new Error(`a session bet of ${log.args[3]} above its key's maxBet ${maxBets[k]}`);
          }
          // A refusal play skipped counts as seen, as a transaction's revert does.
          for (const log of skipped) {
            const reason = log.args[2] as string;
            skipsSeen.add(reason);
            const name = Object.keys(SKIPPED_BETS).find((key) => SKIPPED_BETS[key] === reason)!;
            errorsSeen.set(name, (errorsSeen.get(name) ?? 0) + 1);
          }
          bets.forEach((bet, k) => {
            const result = outcome(bet.input.player, bet.input.nonce);
            if (bet.edge !== undefined && result !== null) {
              const seen = edgesSeen.get(`${bet.edge.kind} ${bet.edge.delta}`) ?? new Set<string>();
              edgesSeen.set(`${bet.edge.kind} ${bet.edge.delta}`, seen.add(result));
            }
            // A bet skipped for the house's doing, its nonce still the lane's next: kept to place later.
            if (result !== null && ["WrongSeed", "InsufficientBankroll"].includes(result) && models[offset + k].signer.toLowerCase() === bet.key) {
              lastSkipped = { signed: signed[k], player: playerAddresses.indexOf(bet.input.player), word: rightWords[k] };
            }
            if (result === "InsufficientBankroll") {
              const payout = oracle.payout({
                gameType: bet.input.gameType,
                params: bet.input.params,
                isNative: bet.input.token === NATIVE,
                stake: bet.input.amount,
                word: words[offset + k],
                actions: "0x",
              });
              bankrollSkips[payout !== null && payout > bet.input.amount ? "winners" : "losers"]++;
            }
          });
          issueTickets(logs);
          lastPlayed = { tuple: tuples[tuples.length - 1], model: models[models.length - 1], seed: seeds[seeds.length - 1] };
        },
      };
    }
    /** Bets play skipped for the free bankroll (their maximum payout above it), by their outcome: a loser among them shows the refusal reads no payout. */
    const bankrollSkips = { winners: 0, losers: 0 };

    /**
     * An open bet of a lane from a signed bet: a blackjack hand, mines round or manual crash round,
     * or any game sent without its seed (the fallback path), or a bet play skipped (`skipped`).
     * `steered`: a blackjack hand of that player, key and token, sent by the settler without a fault.
     */
    async function sessionsPlaceStep(steered?: SteeredHand, skipped = false): Promise<Step | null> {
      if (skipped || (lastSkipped !== null && rng.chance(0.05))) {
        if (lastSkipped === null) return null;
        const { signed, player, word } = lastSkipped;
        lastSkipped = null;
        return placeStep(signed, player, "skipped by play", playerAddresses[player], word);
      }
      const ready = playerAddresses.map((_, k) => k).filter((k) => playableKeys(playerAddresses[k]).length > 0);
      if (!steered && ready.length === 0) return withoutSession();
      const k = steered?.player ?? rng.pick(ready);
      const p = playerOf(k);
      const key = steered?.key ?? rng.pick(playableKeys(p.address));
      const session = sessionOf(p.address, key);
      const lane = laneOfKey(p.address, key)!;
      const tokens = allowedTokens(tokensOf(session));
      const funded = tokens.filter((t) => lane.funds[t] >= MIN_BET[t]);
      const token = steered?.token ?? (funded.length > 0 && rng.chance(0.97) ? rng.pick(funded) : rng.pick(TOKENS));
      const r = steered ? 0 : rng.next();
      const gameType = steered?.gameType ?? (r < 0.45 ? BLACKJACK : r < 0.55 ? MINES : r < 0.8 ? CRASH : rng.pick(RELAYED_GAMES));
      const params = steered ? 0n : gameType === CRASH ? (r < 0.8 ? 0n : 101n + BigInt(rng.int(900))) : randomParams(gameType);
      let input: BetInput = {
        player: p.address,
        token: tokenAddress[token],
        amount:
          steered?.amount ??
          stakeWithin(
            token,
            roomMaxBet(p, token, gameType, params),
            session.maxBet[token],
            lane.funds[token],
            steered || rng.chance(0.9) ? limitRoom(p, token) : lane.funds[token],
          ),
        gameType,
        params,
        clientSeed: rng.bytes32(),
        nonce: laneNonce(lane.lane, lane.next),
        terms: model.terms(s()),
      };
      const fault =
        !steered && rng.chance(0.2)
          ? rng.pick(["deadline", "forged", "altered", "nonce", "otherLane", "terms", "maxBet", "funds", "tooLarge", "expiry"] as const)
          : "none";
      if (fault === "nonce") input = { ...input, nonce: rng.chance(0.5) || lane.next === 0n ? input.nonce + 1n : input.nonce - 1n };
      else if (fault === "otherLane") input = { ...input, nonce: laneNonce(rng.pick([0n, lane.lane + 1n]), lane.next) };
      else if (fault === "terms") input = { ...input, terms: staleTerms };
      else if (fault === "maxBet") input = { ...input, amount: session.maxBet[token] + 1n };
      else if (fault === "funds") input = { ...input, amount: lane.funds[token] + 1n };
      else if (fault === "tooLarge") input = { ...input, amount: roomMaxBet(p, token, gameType, params) + 1n };
      // The session's end, ±1 s: a deadline after it is refused (SessionExpired).
      let deadline = fault === "deadline" ? now - BigInt(rng.int(600)) : now + 1n + BigInt(rng.pick([0, 60, 300, 3_600]));
      if (fault === "expiry") deadline = session.expiresAt + rng.pick([-1n, 0n, 1n]);
      // Now and then a key the player revoked signs for its own lane, within its acceptance window: the bet lands.
      const revoked = steered ? [] : playableKeys(p.address, true);
      let signed: SignedBet;
      if (revoked.length > 0 && rng.chance(0.3)) {
        const revokedKey = rng.pick(revoked);
        const revokedLane = laneOfKey(p.address, revokedKey)!;
        signed = await signBet(revokedKey, { ...input, nonce: laneNonce(revokedLane.lane, revokedLane.next) }, deadline);
      } else if (fault === "forged") signed = await signBet(foreignKey(p.address), input, deadline);
      else if (fault === "altered") signed = await signBet(key, input, deadline, alter(input));
      else signed = await signBet(key, input, deadline);
      const note = `player ${k} ${token} ${input.amount} game ${gameType} params ${params}${fault === "none" ? "" : ` ${fault}`}`;
      return placeStep(signed, k, note, steered ? settlerNow() : undefined);
    }

    /**
     * CasinoSessions.place of a signed bet: by `from` (else the settler mostly, or the player or a
     * stranger with the settler's countersignature of the Bet as sent, of the Bet the key signed,
     * someone else's, or none). `word`: the outcome its settlement must show (a skipped bet's).
     */
    async function placeStep(signed: SignedBet, k: number, what: string, chosenFrom?: string, word?: string): Promise<Step> {
      const p = playerOf(k);
      const input = signed.model.input;
      const token = tokenOfAddress(input.token);
      const maxBet = sessionOf(p.address, signed.model.signer).maxBet[token];
      const from = chosenFrom ?? (rng.chance(0.6) ? settlerNow() : rng.chance(0.6) ? p.address : stranger);
      let countersignature = "0x";
      let countersigner = "empty";
      let c = "";
      if (from !== settlerNow()) {
        const q = word !== undefined ? 0 : rng.next();
        if (q < 0.97) {
          const by = q < 0.85 ? settlerNow() : rng.pick([p.address, stranger, notSettler()]);
          const message = q < 0.85 || signed.digest === signed.signedDigest ? signed.digest : signed.signedDigest;
          countersignature = Signature.from(keys.get(by.toLowerCase())!.signingKey.sign(message)).serialized;
          countersigner = recoverAddress(signed.digest, countersignature);
          c = by === settlerNow() ? " countersigned" : " countersigned by another";
        } else c = " without countersignature";
      }
      return {
        name: "sessions.place",
        from,
        to: sessionsAddress,
        data: sessionsIface.encodeFunctionData("place", [signed.tuple, countersignature]),
        note: `sessions.place ${what}${c}`,
        keys: [sessionId(p.address, signed.model.signer)],
        run: (st, tx) => model.sessionsPlace(st, tx, signed.model, countersigner),
        after: async (logs) => {
          const [placed] = logs.filter((log) => log.contract === "casino" && log.name === "BetPlaced");
          if ((placed.args[3] as bigint) > maxBet) throw new Error(`a session's open bet of ${placed.args[3]} above its key's maxBet ${maxBet}`);
          if (word !== undefined) {
            skippedWords.set(placed.args[0] as bigint, word);
            skippedThenPlaced++;
          }
        },
      };
    }

    /**
     * A blackjack split signed by a session key (mostly on a pair): of a hand of its session's lane,
     * by that key; `steered` "anotherKey": signed by another key of its player (or a forger's if it
     * has none), or faults: a wallet hand (a session key splits no wallet hand), a revoked or
     * expired key, a bet closed: NotBetSession, SessionRevokedError, SessionExpired, BetNotOpen.
     */
    async function sessionsSplitStep(steered?: "anotherKey" | "ownKey"): Promise<Step | null> {
      const hands: { bet: Bet; player: State["players"][number]; key: string }[] = [];
      for (const p of s().players) {
        const all = sessionKeys(p.address, false);
        const usable = sessionKeys(p.address, true);
        for (const bet of p.bets) {
          if (bet.gameType !== BLACKJACK || bet.split) continue;
          const lane = laneOfNonce(bet.nonce);
          const own = lane === 0n ? null : model.laneOf(s(), p.address, lane)!.key;
          if (own !== null && (steered !== "ownKey" || usable.includes(own))) hands.push({ bet, player: p, key: own });
          else if (!steered && all.length > 0 && rng.chance(0.1)) hands.push({ bet, player: p, key: rng.pick(all) });
        }
      }
      if (hands.length === 0) return null;
      // A steered split needs no pair: the contract refuses another key before it reads the cards.
      const pairs = steered ? new Set<Bet>() : new Set(await pairsAmong(hands.map((hand) => hand.bet)));
      const paired = hands.filter((hand) => pairs.has(hand.bet));
      const { bet, player, key: own } = paired.length > 0 && rng.chance(0.9) ? rng.pick(paired) : rng.pick(hands);
      const fault = steered === "ownKey" ? "none" : (steered ?? (rng.chance(0.25) ? rng.pick(["forged", "forged", "closed", "anotherKey"] as const) : "none"));
      const otherKeys = sessionKeys(player.address, false).filter((k) => k !== own);
      const key =
        fault === "forged" || (fault === "anotherKey" && otherKeys.length === 0)
          ? foreignKey(player.address)
          : fault === "anotherKey"
            ? rng.pick(otherKeys)
            : own;
      const betId = fault === "closed" && closedBets.length > 0 ? rng.pick(closedBets) : bet.betId;
      const signature = await walletOf(key).signTypedData(sessionDomain, ACTIONS_TYPES, { betId, actions: SPLIT });
      const maxBet = sessionOf(player.address, key).maxBet[bet.token];
      const whose = laneOfNonce(bet.nonce) === 0n ? "wallet hand" : "lane hand";
      return {
        name: "sessions.split",
        from: rng.chance(0.8) ? settlerNow() : submitter(),
        to: sessionsAddress,
        data: sessionsIface.encodeFunctionData("split", [betId, signature]),
        note: `sessions.split ${whose} player ${playerAddresses.indexOf(player.address)} nonce ${norm(betId & 0xffffffffffffffffn)}${fault === "none" ? "" : ` ${fault}`}`,
        keys: [sessionId(player.address, key)],
        run: (st, tx) => model.sessionsSplit(st, tx, betId, key),
        after: async (logs) => {
          const [added] = logs.filter((log) => log.contract === "casino" && log.name === "StakeAdded");
          if ((added.args[2] as bigint) > maxBet) throw new Error(`a session's split stake of ${added.args[2]} above its key's maxBet ${maxBet}`);
        },
      };
    }

    /**
     * A blackjack hand (or a manual crash round) a session can place now, if any: a key whose lane
     * is free, holds `funds` smallest stakes and allows the game, a token each limit leaves room in.
     */
    function steerableHand(gameType = BLACKJACK, funds = 1n): SteeredHand | null {
      if (s().paused) return null;
      const hands: SteeredHand[] = [];
      for (const k of readyToPlay(1)) {
        const p = playerOf(k);
        for (const key of playableKeys(p.address)) {
          const session = sessionOf(p.address, key);
          if ((session.games & (1 << gameType)) === 0) continue;
          const lane = laneOfKey(p.address, key)!;
          for (const token of allowedTokens(tokensOf(session))) {
            const room = [session.maxBet[token], lane.funds[token] / funds, limitRoom(p, token), roomMaxBet(p, token, gameType, 0n)];
            if (room.every((cap) => cap >= MIN_BET[token])) hands.push({ player: k, key, token, gameType });
          }
        }
      }
      return hands.length > 0 ? rng.pick(hands) : null;
    }

    /** A player whose wallet bet reaches the Casino's limits check (a commitment, nonces left), if any. */
    function readyForWalletBet(): number | null {
      if (s().paused) return null;
      const ready = playerAddresses.map((_, k) => k).filter((k) => playerOf(k).commit !== ZeroHash && playerOf(k).chainEnd > playerOf(k).nextNonce);
      return ready.length > 0 ? rng.pick(ready) : null;
    }

    /**
     * The steps that make a ticket's hit certain, from now on (none if no player can stake it): under
     * the jackpot's highest edge and smallest share a ticket hits for sure at a stake of prize ×
     * 10000 ÷ edge; a player whose vault and own limits hold that stake opens a session of a new key
     * allowing it (its lane's funds that stake), after the Casino's max bet is raised to it if
     * below, the jackpot terms are set, the player plays it (a 1.01x auto cash-out, the bet the
     * room lets stake most, no more than it lets), and its ticket is drawn.
     */
    function sureTicketPlan(): SteerPlan | null {
      if (s().paused) return null;
      const prize = jackpotPrizeOf(s().jackpot, MIN_JACKPOT_SHARE);
      const certain = (prize * 10_000n + MAX_JACKPOT_EDGE - 1n) / MAX_JACKPOT_EDGE;
      const stake = certain > MIN_BET.DEGEN ? certain : MIN_BET.DEGEN;
      const ready = playerAddresses
        .map((_, k) => k)
        .filter((k) => {
          const p = playerOf(k);
          return p.vault.DEGEN >= stake && limitRoom(p, "DEGEN") >= stake;
        });
      if (prize === 0n || ready.length === 0) return null;
      const k = rng.pick(ready);
      const key = newKey().address.toLowerCase();
      const degen = tokenAddress.DEGEN;
      const largest = MIN_BET.DEGEN * MAX_BET_UNITS;
      const [edge, share] = [MAX_JACKPOT_EDGE, MIN_JACKPOT_SHARE];
      const plan: SteerPlan = [];
      if (s().maxBetUnits.DEGEN * MIN_BET.DEGEN < stake) {
        plan.push(() => casinoStep("setMaxBetLimit", ownerNow(), "setMaxBetLimit", [degen, largest], (st, tx) => model.setMaxBetLimit(st, tx, degen, largest)));
      }
      plan.push(() => grantSessionStep(k, key, { DEGEN: stake, BNB: 0n }));
      plan.push(() => casinoStep("setJackpotTerms", ownerNow(), "setJackpotTerms", [edge, share], (st, tx) => model.setJackpotTerms(st, tx, edge, share)));
      plan.push(() => {
        const amount = [stake, roomMaxBet(playerOf(k), "DEGEN", CRASH, 101n)].reduce((x, y) => (x < y ? x : y));
        return sessionsPlayStep({ player: k, key, ticket: { gameType: CRASH, params: 101n, amount } });
      });
      plan.push(() => drawStep(true));
      return plan;
    }

    /**
     * A session the player's wallet grants `key`, every game, the tokens of `funds` (its lane's
     * funds and largest stakes), for a day or until `expiresAt`.
     */
    async function grantSessionStep(i: number, key: string, funds: Record<Token, bigint>, expiresAt = now + 1n + MAX_SESSION): Promise<Step> {
      const player = playerOf(i);
      const chain = laneChain();
      const grant: GrantModel = {
        player: player.address,
        key,
        commit: chain.commit,
        expiresAt,
        tokens: (funds.DEGEN === 0n ? 0n : 1n) | (funds.BNB === 0n ? 0n : 2n),
        games: ALL_GAMES,
        maxBetDegen: funds.DEGEN,
        maxBetNative: funds.BNB,
        budgetDegen: funds.DEGEN,
        budgetNative: funds.BNB,
      };
      const step = await sessionStep(
        grant,
        chain.index,
        player.address,
        `sessions.openSession granted player ${i} key ${key.slice(0, 10)} until +${expiresAt - now}s for ${funds.DEGEN} DEGEN, ${funds.BNB} BNB`,
      );
      return { ...step, from: settlerNow() };
    }

    /**
     * A window's edges: a change at t (the player's key revoked; a cool-off of an hour; new jackpot
     * terms), then a play of three bets of that key's lane with deadlines t + 300 − 1, t + 300 and
     * t + 300 + 1 (under the replaced terms, for new terms): the first two land, the last is skipped.
     */
    function edgePlan(edge: Edge): SteerPlan | null {
      if (s().paused) return null;
      const candidates: [number, string][] = [];
      for (const k of readyToPlay(1)) {
        const p = playerOf(k);
        for (const key of playableKeys(p.address)) {
          const lane = laneOfKey(p.address, key)!;
          const session = sessionOf(p.address, key);
          // The player's own limits let the three bets through (the cool-off's edge: it waives them itself).
          const token = allowedTokens(tokensOf(session)).find(
            (t) => lane.funds[t] >= 3n * MIN_BET[t] && session.maxBet[t] >= MIN_BET[t] && (edge === "limits" || limitRoom(p, t) >= 3n * MIN_BET[t]),
          );
          // A revocation ends the session at t + 300 only if it would end later by itself.
          const lasts = session.expiresAt > now + 2n + ACCEPTANCE_WINDOW;
          if (token !== undefined && laneFree(lane, 3) && allowedGames(session.games, RELAYED_GAMES).length > 0 && (edge !== "revoke" || lasts))
            candidates.push([k, key]);
        }
      }
      // New terms only once the last change's window has passed (one change per window: NotReady).
      const termsReady = now + 1n >= s().termsChange.changedAt + ACCEPTANCE_WINDOW;
      if (candidates.length === 0 || (edge === "terms" && !termsReady)) return null;
      const [k, key] = rng.pick(candidates);
      // A cool-off later than the one in force: stricter, so the window starts now.
      const coolOff = () => {
        const until = playerOf(k).account.coolOffUntil;
        return (until > now ? until : now) + 3_600n;
      };
      const change: SteerPlan[number] =
        edge === "revoke"
          ? () => revokeSessionStep(k, key)
          : edge === "limits"
            ? () => coolOffStep(k, coolOff())
            : () => {
                const [edgeBps, shareBps] = s().edgeBps === 200n ? [100n, s().shareBps] : [200n, s().shareBps];
                return casinoStep("setJackpotTerms", ownerNow(), "setJackpotTerms", [edgeBps, shareBps], (st, tx) =>
                  model.setJackpotTerms(st, tx, edgeBps, shareBps),
                );
              };
      return [change, () => sessionsPlayStep({ player: k, key, edge })];
    }

    /**
     * A lane closed around a hand's payout: a session of two seconds opens, places a manual crash
     * round, is closed once it ended (the close at its end itself refused: SessionNotEnded), the
     * round is settled with a cash-out that pays (into the lane), and a second close returns that.
     */
    function closeAroundPayoutPlan(): SteerPlan | null {
      if (s().paused) return null;
      const ready = playerAddresses
        .map((_, k) => k)
        .filter((k) => {
          const p = playerOf(k);
          return p.vault.DEGEN >= MIN_BET.DEGEN && limitRoom(p, "DEGEN") >= MIN_BET.DEGEN && roomMaxBet(p, "DEGEN", CRASH, 0n) >= MIN_BET.DEGEN;
        });
      if (ready.length === 0) return null;
      const k = rng.pick(ready);
      const p = playerOf(k);
      const key = newKey().address.toLowerCase();
      const opensAt = now + 1n;
      const plan: SteerPlan = [
        () => grantSessionStep(k, key, { DEGEN: MIN_BET.DEGEN, BNB: 0n }, opensAt + 2n),
        async () => {
          const lane = laneOfKey(p.address, key);
          if (lane === undefined) return null;
          const input: BetInput = {
            player: p.address,
            token: tokenAddress.DEGEN,
            amount: MIN_BET.DEGEN,
            gameType: CRASH,
            params: 0n,
            clientSeed: rng.bytes32(),
            nonce: laneNonce(lane.lane, 0n),
            terms: model.terms(s()),
          };
          return placeStep(await signBet(key, input, opensAt + 2n), k, `player ${k} a manual crash round of a two-second session`, settlerNow());
        },
        () => closeSessionStep({ player: p.address, key }),
        () => closeSessionStep({ player: p.address, key }),
        async () => {
          const lane = laneOfKey(p.address, key);
          const bet = lane && playerOf(k).bets.find((b) => laneOfNonce(b.nonce) === lane.lane);
          return bet === undefined ? null : sessionsSettleStep(bet, "paying");
        },
        () => closeSessionStep({ player: p.address, key }),
      ];
      return plan;
    }

    /**
     * A bet play skips for its seed (the house's fault, its nonce left as it was), then placed by its
     * player with the settler's countersignature, then settled: at the outcome the play showed.
     */
    function skipThenPlacePlan(): SteerPlan | null {
      if (s().paused) return null;
      const ready = readyToPlay(1);
      if (ready.length === 0) return null;
      const k = rng.pick(ready);
      const key = rng.pick(playableKeys(playerAddresses[k]));
      const lane = laneOfKey(playerAddresses[k], key)!.lane;
      return [
        () => sessionsPlayStep({ player: k, key, fault: "wrongSeed" }),
        () => sessionsPlaceStep(undefined, true),
        async () => {
          const bet = playerOf(k).bets.find((b) => laneOfNonce(b.nonce) === lane);
          return bet === undefined ? null : sessionsSettleStep(bet);
        },
      ];
    }

    /**
     * A bet whose maximum payout passes the free bankroll by a wei, whatever its outcome (almost
     * surely a loss: dice at 1 in 10,000): a new session of one player holds its stake, and play
     * skips it (InsufficientBankroll) rather than take a loser it could not have paid as a winner.
     */
    function bankrollLoserPlan(): SteerPlan | null {
      if (s().paused) return null;
      const free = model.free(s(), "DEGEN");
      const stake = free / 10_200n + MIN_BET.DEGEN;
      const ready = playerAddresses.map((_, k) => k).filter((k) => playerOf(k).vault.DEGEN >= stake);
      if (ready.length === 0) return null;
      const k = rng.pick(ready);
      const key = newKey().address.toLowerCase();
      return [() => grantSessionStep(k, key, { DEGEN: stake, BNB: 0n }), () => sessionsPlayStep({ player: k, key, fault: "tooLarge" })];
    }

    /**
     * The floor at work: the owner sets the largest share one bet may take (riskBps 20 %) and
     * withdraws the free bankroll of a token but an eighth of what open bets reserve, half what the
     * floor (riskBps of the bankroll) needs; once the announcement's delay passed, a player's
     * smallest kickboxing bet from the wallet is refused (BetTooLarge) although riskBps of the free
     * bankroll would cover it.
     */
    function floorPlan(): SteerPlan | null {
      const k = readyForWalletBet();
      // Enough reserved that an eighth of it, at riskBps, covers the smallest bet's maximum payout (×2) five times.
      const token = TOKENS.find((t) => s().reserved[t] >= 80n * MIN_BET[t]);
      if (k === null || token === undefined) return null;
      const risk = BOUNDS.riskBps[1];
      const amount = model.free(s(), token) - s().reserved[token] / 8n;
      if (amount <= 0n) return null;
      const address = tokenAddress[token];
      return [
        () => casinoStep("setRiskBps", ownerNow(), "setRiskBps", [risk], (st, tx) => model.setRiskBps(st, tx, risk)),
        () =>
          casinoStep("announceBankrollWithdrawal", ownerNow(), "announceBankrollWithdrawal", [address, amount], (st, tx) =>
            model.announceBankrollWithdrawal(st, tx, address, amount),
          ),
        () => ({ wait: s().announcementDelay }),
        () =>
          casinoStep("executeBankrollWithdrawal", ownerNow(), "executeBankrollWithdrawal", [address], (st, tx) =>
            model.executeBankrollWithdrawal(st, tx, address),
          ),
        () => {
          const p = playerOf(k);
          const [stake, clientSeed, terms, value] = [MIN_BET[token], rng.bytes32(), model.terms(s()), token === "BNB" ? MIN_BET.BNB : 0n];
          return casinoStep(
            "playGame",
            p.address,
            "playGame",
            [address, stake, 3, 0n, clientSeed, p.commit, terms],
            (st, tx) => model.playGame(st, tx, address, stake, 3, 0n, clientSeed, p.commit, terms),
            value,
            `playGame player ${k} ${token} ${stake} kickboxing, the free bankroll below the floor`,
          );
        },
      ];
    }

    /** Two smallest wallet bets of one player (kickboxing, DEGEN), then the settler settles the second first: OutOfOrder. */
    function outOfOrderPlan(): SteerPlan | null {
      const k = readyForWalletBet();
      if (k === null) return null;
      const p = playerOf(k);
      if (p.chainEnd < p.nextNonce + 2n || limitRoom(p, "DEGEN") < 2n * MIN_BET.DEGEN || roomMaxBet(p, "DEGEN", 3, 0n) < MIN_BET.DEGEN) return null;
      const bet = () => {
        const [clientSeed, terms, root] = [rng.bytes32(), model.terms(s()), playerOf(k).root];
        const args = [f.tokenAddress, MIN_BET.DEGEN, 3, 0n, clientSeed, root, terms];
        return casinoStep("playGame", p.address, "playGame", args, (st, tx) =>
          model.playGame(st, tx, f.tokenAddress, MIN_BET.DEGEN, 3, 0n, clientSeed, root, terms),
        );
      };
      return [
        bet,
        bet,
        async () => {
          const wallet = playerOf(k).bets.filter((b) => laneOfNonce(b.nonce) === 0n);
          if (wallet.length < 2) return null;
          const later = wallet[wallet.length - 1];
          const [seed, payout] = [seedOf(later), await payoutFor(later, seedOf(later), 0)];
          return casinoStep("settle", settlerNow(), "settle", [later.betId, seed, payout], (st, tx) => model.settle(st, tx, later.betId, seed, payout));
        },
      ];
    }

    /** The ASCII bytes of a blackjack log. */
    const asciiLog = (log: string) => (log === "" ? "0x" : `0x${Buffer.from(log, "latin1").toString("hex")}`);

    /** A log the player signs for an open bet: a legal blackjack or mines log or cash-out mostly (`paying`: one that pays, if any), else any. */
    async function actionsFor(bet: Bet, seed: string, paying = false): Promise<string> {
      if (bet.gameType === BLACKJACK) {
        const logs = ["", "S", "H", "HS", "HH", "HHS", "HHH", "HHHS", "SH", "Q"];
        const candidates = (bet.split ? [...logs, ...logs.map((log) => `P${log}`), "PSS", "PHS", "PSH", "PHHSS"] : logs).map(asciiLog);
        const answers = await answersFor(candidates.map((actions) => ({ bet, seed, actions })));
        const legal = candidates.filter((_, k) => typeof answers[k] === "bigint");
        return legal.length > 0 && rng.chance(0.85) ? rng.pick(legal) : rng.pick(candidates);
      }
      if (bet.gameType === MINES) {
        // Tiles in order, cashed out or left idle (the idle rule pays them), and logs the rules refuse.
        const logs = ["", "a", "aC", "ab", "abC", "abcdeC", "abcdefghij", "C", "aa", "aCb", "z"];
        const candidates = logs.map(asciiLog);
        const answers = await answersFor(candidates.map((actions) => ({ bet, seed, actions })));
        const legal = candidates.filter((_, k) => typeof answers[k] === "bigint");
        return legal.length > 0 && rng.chance(0.85) ? rng.pick(legal) : rng.pick(candidates);
      }
      if (bet.gameType === CRASH && bet.params === 0n) {
        if (paying) {
          const candidates = [101, 110, 150].map((hundredths) => toBeHex(hundredths, 2));
          const answers = await answersFor(candidates.map((actions) => ({ bet, seed, actions })));
          const pays = candidates.filter((_, k) => typeof answers[k] === "bigint" && (answers[k] as bigint) > 0n);
          if (pays.length > 0) return pays[0];
        }
        const r = rng.next();
        if (r < 0.2) return "0x";
        const hundredths = r < 0.75 ? 100 + rng.int(rng.chance(0.7) ? 200 : 9_901) : rng.pick([0, 99, 10_001, 65_535]);
        return r < 0.98 ? toBeHex(hundredths, 2) : toBeHex(hundredths, 3);
      }
      return rng.chance(0.9) ? "0x" : asciiLog("S");
    }

    /**
     * The settlement of a lane's next bet with the actions the player signed: by the key of the
     * session whose lane it is, or another of the player's keys (NotBetSession for a lane's bet; any
     * key of theirs for a wallet bet), or a key the wallet named for it (ActionKey), or a forger's;
     * sent by the settler (anyone else: NotRelayer). `chosen`, steered: that bet, by its own key, at
     * its seed, with a log that pays.
     */
    async function sessionsSettleStep(chosen?: Bet, log?: "paying" | string): Promise<Step | null> {
      const candidates = chosen
        ? [chosen]
        : (await settleable()).filter((b) => isInteractive(b.gameType, b.params) || laneOfNonce(b.nonce) !== 0n || rng.chance(0.2));
      if (candidates.length === 0) return null;
      const bet = rng.pick(candidates);
      const player = s().players[bet.player];
      const i = bet.player;
      const r0 = chosen ? 1 : rng.next();
      const seed = r0 < 0.03 ? rng.bytes32() : r0 < 0.05 ? otherLaneSeed(bet) : seedOf(bet);
      const actions = log === undefined || log === "paying" ? await actionsFor(bet, seed, log === "paying") : log;
      await answerFor(bet, seed, actions);
      const lane = laneOfNonce(bet.nonce);
      const placedBy = lane === 0n ? null : model.laneOf(s(), player.address, lane)!.key;
      const own = sessionKeys(player.address, false);
      const r = chosen ? 0.5 : rng.next();
      const viaGrant = placedBy === null ? r < 0.7 : r < 0.05;
      const key = viaGrant
        ? newKey().address
        : placedBy !== null && r < 0.85
          ? placedBy
          : own.length > 0 && r < 0.93
            ? rng.pick(own)
            : r < 0.97
              ? foreignKey(player.address)
              : newKey().address;
      const signature = await walletOf(key).signTypedData(sessionDomain, ACTIONS_TYPES, { betId: bet.betId, actions });
      let keyGrant = "0x";
      let grantSigner: string | undefined;
      if (viaGrant) {
        const grantor = rng.chance(0.92) ? player.address : rng.pick(playerAddresses.filter((a) => a !== player.address));
        keyGrant = await keys.get(grantor.toLowerCase())!.signTypedData(sessionDomain, ACTION_KEY_TYPES, { player: player.address, betId: bet.betId, key });
        grantSigner = grantor;
      }
      const touched = [...(viaGrant ? [] : [sessionId(player.address, key)]), ...(placedBy === null ? [] : [sessionId(player.address, placedBy)])];
      return {
        name: "sessions.settle",
        from: chosen || rng.chance(0.85) ? settlerNow() : submitter(),
        to: sessionsAddress,
        data: sessionsIface.encodeFunctionData("settle", [bet.betId, seed, actions, signature, keyGrant]),
        note: `sessions.settle player ${i} nonce ${norm(bet.nonce)} game ${bet.gameType}${bet.split ? " split" : ""} actions ${actions}${viaGrant ? " with a key grant" : ""}${placedBy === null ? " (wallet bet)" : " (lane bet)"}`,
        keys: touched,
        run: (st, tx) => model.sessionsSettle(st, tx, bet.betId, seed, actions, key, grantSigner),
      };
    }

    // ─────────────────────────── jackpot tickets (Casino.drawJackpots) ───────────────────────────

    /** Batches of tickets issued and not yet drawn, as their play transaction's BetPlaced logs gave them; and those drawn. */
    const pendingBatches: { hash: string; tickets: Ticket[] }[] = [];
    const drawnBatches: { hash: string; tickets: Ticket[] }[] = [];
    const batchTickets = new Map<string, Ticket[]>();
    /** The batch of each ticket's bet, and each batch's published draw (JackpotTicketsDrawn, by a play or by drawJackpots). */
    const ticketBatchOf = new Map<bigint, string>();
    const drawOf = new Map<string, string>();

    /** A play transaction's tickets: its DEGEN bets with odds, in log order, which JackpotTicketsIssued must name. */
    function issueTickets(logs: ChainLog[]): void {
      const tickets = logs
        .filter(
          (log) =>
            log.contract === "casino" &&
            log.name === "BetPlaced" &&
            (log.args[2] as string).toLowerCase() === f.tokenAddress.toLowerCase() &&
            (log.args[9] as bigint) !== 0n,
        )
        .map((log) => ({ betId: log.args[0] as bigint, odds: log.args[9] as bigint, prize: log.args[10] as bigint }));
      const issued = logs.filter((log) => log.contract === "casino" && log.name === "JackpotTicketsIssued");
      if (tickets.length === 0) {
        if (issued.length !== 0) throw new Error("tickets issued for a play without a DEGEN bet with odds");
        return;
      }
      const hash = ticketsHash(tickets);
      same(
        issued.map((log) => [log.args[0], log.args[1]]),
        [[hash, tickets.length]],
        "JackpotTicketsIssued of the play's BetPlaced logs",
      );
      pendingBatches.push({ hash, tickets });
      batchTickets.set(hash, tickets);
      for (const ticket of tickets) ticketBatchOf.set(ticket.betId, hash);
    }

    /** drawJackpots of a batch of tickets, mostly one issued; `newest`: the batch issued last. */
    function drawStep(newest = false): Step | null {
      if (newest && pendingBatches.length === 0) return null;
      if (pendingBatches.length === 0 && (drawnBatches.length === 0 || rng.chance(0.9))) return null;
      const r = newest ? 0 : rng.next();
      let tickets: Ticket[];
      let note: string;
      if (newest) {
        tickets = pendingBatches[pendingBatches.length - 1].tickets;
        note = "issued last";
      } else if (pendingBatches.length > 0 && r < 0.82) {
        tickets = rng.pick(pendingBatches).tickets;
        note = "issued";
      } else if (pendingBatches.length > 0 && r < 0.9) {
        const batch = rng.pick(pendingBatches).tickets;
        const k = rng.int(batch.length);
        tickets = batch.map((t, n) => (n === k ? { ...t, odds: t.odds + 1n } : t));
        if (batch.length > 1 && rng.chance(0.5)) tickets = rng.chance(0.5) ? batch.slice(0, -1) : [...batch].reverse();
        note = "tampered";
      } else if (drawnBatches.length > 0 && r < 0.97) {
        tickets = rng.pick(drawnBatches).tickets;
        note = "drawn before";
      } else {
        tickets = [];
        note = "none";
      }
      return {
        name: "drawJackpots",
        from: rng.pick([f.settler.address, stranger, ...playerAddresses]),
        to: f.casinoAddress,
        data: call("drawJackpots", [tickets.map((t) => [t.betId, t.odds, t.prize])]),
        note: `drawJackpots of ${tickets.length} (${note})`,
        run: (st, tx) => model.drawJackpots(st, tx, tickets),
        after: async (logs) => {
          const hash = ticketsHash(tickets);
          // A void draw (the hash gone before a play or this draw published it) is a hit for every ticket.
          const hits = logs.filter((log) => log.contract === "casino" && log.name === "JackpotDrawn").length;
          if (drawOf.get(hash) === ZeroHash && hits !== tickets.length) throw new Error(`a void draw of ${tickets.length} tickets hit ${hits}`);
          pendingBatches.splice(
            pendingBatches.findIndex((b) => b.hash === hash),
            1,
          );
          drawnBatches.push({ hash, tickets });
          if (drawnBatches.length > 32) drawnBatches.shift();
        },
      };
    }

    // ─────────────────────────── self-set limits (CasinoLimits) ───────────────────────────

    function limitsStep(): Step {
      const i = pickPlayer();
      const player = playerOf(i);
      if (rng.chance(0.55)) {
        const token = rng.pick(TOKENS);
        const address = rng.chance(0.02) ? otherAddress : tokenAddress[token];
        const unit = MIN_BET[token];
        const next = (current: bigint) => {
          const r = rng.next();
          if (r < 0.35) return 0n;
          if (r < 0.55) return current;
          if (r < 0.65) return current / 2n;
          if (r < 0.8) return 2n * current + unit;
          if (r < 0.98) return unit * rng.pick([1_000n, 100_000n, 10_000_000n, 1_000_000_000n]);
          return 1n << 96n;
        };
        const current = player.limits[token];
        const lossLimit = current.windows.map((w) => next(w.limit));
        const betCap = next(current.betCap);
        return {
          name: "limits.setLimits",
          from: player.address,
          keys: [`limits|${player.address.toLowerCase()}`],
          to: limitsAddress,
          data: limitsIface.encodeFunctionData("setLimits", [address, lossLimit, betCap]),
          note: `limits.setLimits player ${i} ${norm(address)} [${lossLimit.join(", ")}] cap ${betCap}`,
          run: (st, tx) => model.setLimits(st, tx, address, lossLimit, betCap),
        };
      }
      const current = player.account.coolOffUntil;
      const r = rng.next();
      const until =
        r < 0.4
          ? now + 1n + BigInt(rng.pick([60, 600, 3_600, 21_600]))
          : r < 0.6
            ? 0n
            : r < 0.8
              ? current - rng.amount(current - now > 0n ? current - now : 1n)
              : r < 0.97
                ? current
                : 1n << 40n;
      return coolOffStep(i, until);
    }

    /** CasinoLimits.setCoolOff by player i. */
    function coolOffStep(i: number, until: bigint): Step {
      const player = playerOf(i);
      return {
        name: "limits.setCoolOff",
        from: player.address,
        keys: [`limits|${player.address.toLowerCase()}`],
        to: limitsAddress,
        data: limitsIface.encodeFunctionData("setCoolOff", [until]),
        note: `limits.setCoolOff player ${i} until ${until}`,
        run: (st, tx) => model.setCoolOff(st, tx, until),
      };
    }

    // ─────────────────────────── house ───────────────────────────

    function fundStep(): Step {
      const token = rng.pick(TOKENS);
      const funder = rng.chance(0.7) ? treasury : rng.pick([...playerAddresses, stranger]);
      if (token === "DEGEN" && rng.chance(0.3)) {
        const amount = rng.chance(0.02) ? 0n : 1n + rng.amount(parseEther("50000"));
        return casinoStep("fundJackpot", funder, "fundJackpot", [amount], (st, tx) => model.fundJackpot(st, tx, amount));
      }
      const amount = rng.chance(0.02) ? 0n : 1n + (token === "DEGEN" ? rng.amount(parseEther("800000")) : rng.amount(parseEther("80")));
      const value = token === "BNB" ? (rng.chance(0.03) ? amount + 1n : amount) : 0n;
      return casinoStep(
        "fundBankroll",
        funder,
        "fundBankroll",
        [tokenAddress[token], amount],
        (st, tx) => model.fundBankroll(st, tx, tokenAddress[token], amount),
        value,
      );
    }

    function bankrollWithdrawalStep(): Step {
      const token = rng.pick(TOKENS);
      const address = tokenAddress[token];
      const pending = s().pending[token];
      const from = rng.chance(0.03) ? notOwner() : ownerNow();
      const roll = rng.next();
      if (roll < 0.35 || (pending === null && roll < 0.7)) {
        const free = model.free(s(), token);
        const r = rng.next();
        const amount = r < 0.02 ? 0n : r < 0.03 ? 1n << 128n : r < 0.25 ? free : r < 0.35 ? free + 1n : 1n + rng.amount(free / 3n);
        const target = rng.chance(0.01) ? otherAddress : address;
        return casinoStep("announceBankrollWithdrawal", from, "announceBankrollWithdrawal", [target, amount], (st, tx) =>
          model.announceBankrollWithdrawal(st, tx, target, amount),
        );
      }
      if (roll < 0.45) {
        return casinoStep("cancelBankrollWithdrawal", from, "cancelBankrollWithdrawal", [address], (st, tx) => model.cancelBankrollWithdrawal(st, tx, address));
      }
      return casinoStep("executeBankrollWithdrawal", from, "executeBankrollWithdrawal", [address], (st, tx) =>
        model.executeBankrollWithdrawal(st, tx, address),
      );
    }

    /** An announced settler change; in between, the retired settler's countersignatures still place bets (sessionsPlaceStep). */
    function settlerChangeStep(): Step {
      const from = rng.chance(0.03) ? notOwner() : ownerNow();
      const roll = rng.next();
      if (roll < 0.35 || (s().pendingSettler === null && roll < 0.7)) {
        const next = rng.chance(0.03) ? ZeroAddress : settlers.find((a) => a.toLowerCase() !== s().settler.toLowerCase())!;
        return casinoStep("announceSettlerChange", from, "announceSettlerChange", [next], (st, tx) => model.announceSettlerChange(st, tx, next));
      }
      if (roll < 0.5) return casinoStep("cancelSettlerChange", from, "cancelSettlerChange", [], (st, tx) => model.cancelSettlerChange(st, tx));
      return casinoStep("executeSettlerChange", from, "executeSettlerChange", [], (st, tx) => model.executeSettlerChange(st, tx));
    }

    function strayOrSweepStep(): Step | "strayNative" {
      const r = rng.next();
      if (r < 0.25) {
        const i = pickPlayer();
        const wallet = s().wallets[playerAddresses[i].toLowerCase()];
        const amount = rng.chance(0.03) ? wallet + 1n : 1n + rng.amount(wallet / 100n);
        return {
          name: "strayDegen",
          from: playerAddresses[i],
          to: f.tokenAddress,
          data: tokenIface.encodeFunctionData("transfer", [f.casinoAddress, amount]),
          note: `DEGEN transfer of ${amount} to the Casino by player ${i}`,
          run: (st, tx) => model.strayDegen(st, tx, amount),
        };
      }
      if (r < 0.35) return "strayNative";
      if (r < 0.45) {
        const amount = 1n + rng.amount(parseEther("1000"));
        return {
          name: "strayOther",
          from: treasury,
          to: otherAddress,
          data: tokenIface.encodeFunctionData("transfer", [f.casinoAddress, amount]),
          note: `other ERC-20 transfer of ${amount} to the Casino`,
          run: (st) => void (st.otherHeld += amount),
        };
      }
      const token = rng.pick([f.tokenAddress, NATIVE, otherAddress]);
      const to = rng.chance(0.03) ? ZeroAddress : stranger;
      const from = rng.chance(0.03) ? notOwner() : ownerNow();
      return casinoStep("sweep", from, "sweep", [token, to], (st, tx) => model.sweep(st, tx, token, to, otherAddress));
    }

    function taxedTradeStep(): Step {
      const i = pickPlayer();
      const wallet = s().wallets[playerAddresses[i].toLowerCase()];
      const amount = rng.chance(0.03) ? wallet + 1n : 1n + rng.amount(wallet / 20n);
      return {
        name: "taxedTrade",
        from: playerAddresses[i],
        to: f.tokenAddress,
        data: tokenIface.encodeFunctionData("transfer", [pairAddress, amount]),
        note: `DEGEN sale of ${amount} to the pair by player ${i}`,
        run: (st, tx) => model.taxedTrade(st, tx, amount),
      };
    }

    // ─────────────────────────── owner ───────────────────────────

    function ownerStep(): Step {
      const from = rng.chance(0.04) ? notOwner() : ownerNow();
      const oob = rng.chance(0.08);
      const r = rng.next();
      const setting = (fn: string, args: unknown[], run: Step["run"]) => casinoStep(fn, from, fn, args, run);
      if (r < 0.14) {
        const bps = oob ? rng.pick([0n, 2_001n, 1n << 255n]) : rng.pick([1n, 10n, 100n, 300n, 500n, 500n, 1_000n, 2_000n, rng.between(1n, 2_000n)]);
        return setting("setRiskBps", [bps], (st, tx) => model.setRiskBps(st, tx, bps));
      }
      if (r < 0.24) {
        const bps = oob ? rng.pick([0n, 5_001n]) : rng.pick([1n, 5n, 50n, 200n, 500n, 1_000n, 1_000n, 2_500n, 5_000n, rng.between(1n, 5_000n)]);
        return setting("setPlayerRiskBps", [bps], (st, tx) => model.setPlayerRiskBps(st, tx, bps));
      }
      if (r < 0.28) {
        const bps = oob ? rng.pick([0n, 9_001n]) : rng.pick([1n, 100n, 500n, 2_000n, 5_000n, 5_000n, 9_000n, rng.between(1n, 9_000n)]);
        return setting("setInteractiveRiskBps", [bps], (st, tx) => model.setInteractiveRiskBps(st, tx, bps));
      }
      if (r < 0.42) {
        const seconds = oob ? rng.pick([599n, DAY + 1n]) : rng.pick([600n, 900n, 3_600n, 3_600n, 7_200n, DAY, rng.between(600n, DAY)]);
        return setting("setSettleWindow", [seconds], (st, tx) => model.setSettleWindow(st, tx, seconds));
      }
      if (r < 0.52) {
        const seconds = oob ? rng.pick([3_599n, 30n * DAY + 1n]) : rng.pick([3_600n, 3_600n, 7_200n, DAY, 3n * DAY, 30n * DAY, rng.between(3_600n, 2n * DAY)]);
        return setting("setAnnouncementDelay", [seconds], (st, tx) => model.setAnnouncementDelay(st, tx, seconds));
      }
      if (r < 0.7) {
        // Small shares with large edges bring the odds' cap (stake × edge ≥ prize × 10000) within maxBet.
        const edge = oob && rng.chance(0.5) ? 201n : rng.pick([0n, 1n, 50n, 50n, 100n, 200n, 200n, rng.between(0n, 200n)]);
        const share = oob ? rng.pick([0n, 5_001n]) : rng.pick([1n, 1n, 2n, 3n, 20n, 100n, 500n, 500n, 5_000n, rng.between(1n, 5_000n)]);
        return setting("setJackpotTerms", [edge, share], (st, tx) => model.setJackpotTerms(st, tx, edge, share));
      }
      if (r < 0.82) {
        const token = rng.pick(TOKENS);
        const unit = MIN_BET[token];
        const amount = oob
          ? rng.pick([unit - 1n, unit * (MAX_BET_UNITS + 1n)])
          : rng.pick([1n, 10n, 1_000n, 100_000n, 1_000_000n, 1_000_000n, 1_000_000n, 1_000_000n, MAX_BET_UNITS]) * unit + rng.amount(unit);
        const address = rng.chance(0.02) ? otherAddress : tokenAddress[token];
        const clamped = amount > unit * MAX_BET_UNITS && !oob ? unit * MAX_BET_UNITS : amount;
        return setting("setMaxBetLimit", [address, clamped], (st, tx) => model.setMaxBetLimit(st, tx, address, clamped));
      }
      const pendingOwner = s().pendingOwner;
      if (pendingOwner !== ZeroAddress && rng.chance(0.7)) {
        const acceptor = rng.chance(0.9) ? pendingOwner : rng.pick([stranger, ownerNow()]);
        return casinoStep("acceptOwnership", acceptor, "acceptOwnership", [], (st, tx) => model.acceptOwnership(st, tx));
      }
      const target = rng.chance(0.1) ? ZeroAddress : owners.find((o) => o.toLowerCase() !== ownerNow().toLowerCase())!;
      return setting("transferOwnership", [target], (st, tx) => model.transferOwnership(st, tx, target));
    }

    function pauseStep(): Step {
      const wrong = rng.chance(0.05);
      const fn = s().paused !== wrong ? "unpause" : "pause";
      const from = rng.chance(0.03) ? notOwner() : ownerNow();
      return casinoStep(fn, from, fn, [], (st, tx) => (fn === "pause" ? model.pause(st, tx) : model.unpause(st, tx)));
    }

    /** Functions only one contract may call, called by someone else. */
    function intruderStep(): Step {
      const from = rng.pick([stranger, ...playerAddresses]);
      const i = pickPlayer();
      const r = rng.next();
      if (r < 0.3) {
        return casinoStep("intruder", from, "withdrawFor", [playerAddresses[i], f.tokenAddress, 1n], () => model.withdrawForDirect());
      }
      if (r < 0.55) {
        return casinoStep("intruder", from, "exchange", [playerAddresses[i], NATIVE, 1n, 1n], () => model.exchangeDirect());
      }
      if (r < 0.75) {
        return {
          name: "intruder",
          from,
          to: deskAddress,
          data: deskIface.encodeFunctionData("swapFor", [playerAddresses[i], NATIVE, 1n, 0n]),
          note: "desk.swapFor by an intruder",
          run: () => model.swapForDirect(),
        };
      }
      if (r < 0.93) return casinoStep("intruder", from, "creditJackpotFromTax", [1n], () => model.creditJackpotDirect());
      return casinoStep("intruder", from, "renounceOwnership", [], (st, tx) => model.renounceOwnershipByIntruder(st, tx));
    }

    // ─────────────────────────── sending and checking ───────────────────────────

    /**
     * The fees Hardhat's AutomaticGasPriceProvider (hardhat/internal/core/providers/gas-providers.js)
     * gives a transaction sent without them, which it does whenever a plugin extends the provider, as
     * the gas reporter does: the next block's base fee × (9/8)², and the median priority fee of the
     * latest block (else eth_maxPriorityFeePerGas, at least 1 wei). A transaction's fees are in its
     * block's hash, hence in the jackpot draws: named here, they are the same whichever way the
     * transaction reaches EDR.
     */
    async function fees(): Promise<{ maxFeePerGas: string; maxPriorityFeePerGas: string }> {
      const history = (await provider.send("eth_feeHistory", ["0x1", "latest", [50]])) as { baseFeePerGas: string[]; reward: string[][] };
      let priority = BigInt(history.reward[0][0]);
      if (priority === 0n) priority = BigInt(await provider.send("eth_maxPriorityFeePerGas", []));
      if (priority === 0n) priority = 1n;
      let maxFee = (BigInt(history.baseFeePerGas[1]) * 81n) / 64n;
      if (maxFee < priority) maxFee += priority;
      return { maxFeePerGas: toBeHex(maxFee), maxPriorityFeePerGas: toBeHex(priority) };
    }

    async function send(step: Step): Promise<{ hash: string | null; failure: string | null }> {
      // Independent of each other (the fees are the latest block's), so sent together.
      const [, fee] = await Promise.all([provider.send("evm_setNextBlockTimestamp", [toBeHex(now)]), fees()]);
      try {
        const hash: string = await provider.send("eth_sendTransaction", [
          { from: step.from, to: step.to, data: step.data, value: toBeHex(step.value ?? 0n), gas: toBeHex(GAS), ...fee },
        ]);
        return { hash, failure: null };
      } catch (error) {
        return { hash: null, failure: describeError(error) };
      }
    }

    /** The custom error of a failed transaction, decoded from its revert data, as `Name(args)`. */
    function describeError(error: unknown): string {
      const e = error as { data?: unknown; message?: string };
      const data = typeof e.data === "string" ? e.data : (e.data as { data?: string } | undefined)?.data;
      if (typeof data === "string" && data.length >= 10) {
        try {
          const parsed = errors.parseError(data);
          if (parsed !== null) return `${parsed.name}(${[...parsed.args].map(norm).join(", ")})`;
        } catch {
          // fall through
        }
        return `undecoded revert ${data}: ${e.message}`;
      }
      return `no revert data: ${e.message ?? String(error)}`;
    }

    function formatEvents(events: ModelEvent[]): string[] {
      return events.map((e) => `${e.contract}.${e.name}(${e.args.map(norm).join(", ")})`);
    }

    const emitters = new Map<string, [ModelEvent["contract"], CachedEvents]>([
      [f.casinoAddress.toLowerCase(), ["casino", new CachedEvents(casinoIface)]],
      [deskAddress.toLowerCase(), ["desk", new CachedEvents(deskIface)]],
      [sessionsAddress.toLowerCase(), ["sessions", new CachedEvents(sessionsIface)]],
      [limitsAddress.toLowerCase(), ["limits", new CachedEvents(limitsIface)]],
    ]);

    /** The events of a mined transaction that the model predicts (the Casino's, the desk's, the sessions' and the limits'), decoded. */
    async function chainEvents(hash: string): Promise<ChainLog[]> {
      const receipt = await provider.send("eth_getTransactionReceipt", [hash]);
      receiptBlock = { number: Number(receipt.blockNumber), hash: receipt.blockHash };
      const events: ChainLog[] = [];
      for (const log of receipt.logs as { address: string; topics: string[]; data: string }[]) {
        const emitter = emitters.get(log.address.toLowerCase());
        if (emitter === undefined) continue;
        const [contract, decoder] = emitter;
        const parsed = decoder.parseLog(log);
        if (parsed === null) throw new Error(`unknown ${contract} log ${log.topics[0]}`);
        events.push({ contract, name: parsed.name, args: [...parsed.args] });
      }
      return events;
    }

    function same(actual: unknown, expected: unknown, what: string): void {
      if (norm(actual) !== norm(expected)) throw new Error(`${what}: chain ${norm(actual)} != model ${norm(expected)}`);
    }

    type Extras = Awaited<ReturnType<InvariantReader["extras"]>>;
    interface BetView {
      player: string;
      nonce: bigint;
      token: string;
      stake: bigint;
      totalStake: bigint;
      maxPayout: bigint;
      gameType: bigint;
      params: bigint;
      clientSeed: string;
      split: boolean;
      placedBlock: bigint;
      claimableAt: bigint;
      jackpotOdds: bigint;
      jackpotPrize: bigint;
      jackpotEdgeBps: bigint;
      open: boolean;
    }
    interface TokenState {
      holding: bigint;
      accounted: bigint;
      bankroll: bigint;
      reserved: bigint;
      interactiveReserved: bigint;
      longShotReserved: bigint;
      vaults: bigint[];
      reservedBy: bigint[];
    }
    let blockOffset: number | null = null; // eth_call's block.number − the latest block's

    /** InvariantReader.core's words (see its layout). */
    function parseCore(raw: string, players: number, bets: number, lanes: number) {
      const count = Number(BigInt("0x" + raw.slice(66, 130)));
      const words: bigint[] = new Array(count);
      for (let k = 0; k < count; k++) words[k] = BigInt("0x" + raw.slice(130 + 64 * k, 194 + 64 * k));
      let at = 2;
      const address = (word: bigint) => "0x" + word.toString(16).padStart(40, "0");
      const token = (): TokenState => {
        const state = {
          holding: words[at],
          accounted: words[at + 1],
          bankroll: words[at + 2],
          reserved: words[at + 3],
          interactiveReserved: words[at + 4],
          longShotReserved: words[at + 5],
        };
        at += 6;
        const vaults = words.slice(at, at + players);
        const reservedBy = words.slice(at + players, at + 2 * players);
        at += 2 * players;
        return { ...state, vaults, reservedBy };
      };
      const degen = token();
      const native = token();
      const betReads: { bet: BetView; lockedEntropy: string }[] = [];
      const bytes32 = (word: bigint) => "0x" + word.toString(16).padStart(64, "0");
      for (let k = 0; k < bets; k++, at += 17) {
        const w = words.slice(at, at + 17);
        betReads.push({
          bet: {
            player: address(w[0]),
            nonce: w[1],
            token: address(w[2]),
            stake: w[3],
            totalStake: w[4],
            maxPayout: w[5],
            gameType: w[6],
            params: w[7],
            clientSeed: bytes32(w[8]),
            split: w[9] === 1n,
            placedBlock: w[10],
            claimableAt: w[11],
            jackpotOdds: w[12],
            jackpotPrize: w[13],
            jackpotEdgeBps: w[14],
            open: w[15] === 1n,
          },
          lockedEntropy: bytes32(w[16]),
        });
      }
      const laneFunds: Record<Token, bigint>[] = [];
      for (let k = 0; k < lanes; k++, at += 2) laneFunds.push({ DEGEN: words[at], BNB: words[at + 1] });
      if (at !== count) throw new Error(`reader returned ${count} words, parsed ${at}`);
      return { blockNumber: words[0], jackpot: words[1], degen, native, bets: betReads, laneFunds };
    }

    let laneCursor = 0;
    /**
     * After every successful operation: the accounting invariant, and the model's balances, lanes'
     * funds, reservations and bets. `touched`: the bets, players and lanes the operation's logs name
     * (and its sender), read back with a probe; "all": every player, every open bet and the last
     * closed ones, every lane holding funds or of a session not yet closed and a few others in turn
     * (every BETS_ALL_EVERY operations and after mining). A bet's record, a player's vault and
     * reservation, or a lane's funds change only in a transaction that names them, so the
     * identity's sums come from the chain's own numbers when all are read, else from the model's
     * for what was not read (each checked against the chain whenever touched).
     */
    async function checkCore(where: string, touched: { bets: bigint[]; players: number[]; lanes: string[] } | "all"): Promise<void> {
      const st = s();
      const open = model.openBets();
      const full = touched === "all";
      const readPlayers = full ? playerAddresses.map((_, k) => k) : [...new Set(touched.players)].sort((a, b) => a - b);
      const allLanes = Object.keys(st.lanes);
      const readLanes = full
        ? allLanes.filter((id) => {
            const lane = st.lanes[id];
            return lane.funds.DEGEN + lane.funds.BNB !== 0n || !lane.closed || lane.resolved !== lane.next;
          })
        : [...new Set(touched.lanes)];
      for (let k = 0; k < 4 && allLanes.length > 0; k++) readLanes.push(allLanes[laneCursor++ % allLanes.length]);
      const laneWord = (id: string) => (BigInt(st.lanes[id].player) << 32n) | st.lanes[id].lane;
      const openById = new Map(open.map((b) => [b.betId, b]));
      const betIds = full ? [...open.map((b) => b.betId), ...closedBets.slice(-4)] : [...new Set(touched.bets)];
      // An id never used: the next nonce of a player.
      const probePlayer = playerOf(rng.int(PLAYER_COUNT));
      betIds.push(betIdOf(probePlayer.address, probePlayer.nextNonce));
      const data = readerIface.encodeFunctionData("core", [f.casinoAddress, readPlayers.map((k) => playerAddresses[k]), betIds, readLanes.map(laneWord)]);
      const raw: string = await provider.send("eth_call", [{ to: readerAddress, data }, "latest"]);
      const snap = parseCore(raw, readPlayers.length, betIds.length, readLanes.length);

      const offset = Number(snap.blockNumber) - block;
      if (blockOffset === null) blockOffset = offset;
      same(offset, blockOffset, `${where}: block number (eth_call's ${snap.blockNumber}, model's latest ${block})`);

      // Per token: the accounting identity on the chain's own numbers, then against the model.
      const chainBets: Pick<BetView, "open" | "token" | "totalStake" | "maxPayout" | "gameType" | "params" | "player">[] = full
        ? snap.bets.slice(0, open.length).map((r) => r.bet)
        : open.map((b) => ({
            open: true,
            token: tokenAddress[b.token],
            totalStake: totalStake(b),
            maxPayout: betMaxPayout(b),
            gameType: BigInt(b.gameType),
            params: b.params,
            player: playerAddresses[b.player],
          }));
      for (const [token, state] of [
        ["DEGEN", snap.degen],
        ["BNB", snap.native],
      ] as const) {
        const w = `${where}: ${token}`;
        const tokenAddr = tokenAddress[token].toLowerCase();
        const ofToken = chainBets.filter((b) => b.open && b.token.toLowerCase() === tokenAddr);
        const openStakes = ofToken.reduce((sum, b) => sum + b.totalStake, 0n);
        const openMaxPayouts = ofToken.reduce((sum, b) => sum + b.maxPayout, 0n);
        // The vaults and lanes read, and the model's of those not read.
        const vaultSum =
          state.vaults.reduce((sum, v) => sum + v, 0n) + st.players.filter((_, k) => !readPlayers.includes(k)).reduce((sum, p) => sum + p.vault[token], 0n);
        const read = new Set(readLanes);
        const laneSum =
          snap.laneFunds.reduce((sum, funds, k) => (readLanes.indexOf(readLanes[k]) === k ? sum + funds[token] : sum), 0n) +
          allLanes.filter((id) => !read.has(id)).reduce((sum, id) => sum + st.lanes[id].funds[token], 0n);
        const owed = vaultSum + laneSum + openStakes + state.bankroll + (token === "DEGEN" ? snap.jackpot : 0n);
        same(state.accounted, owed, `${w} accounted vs Σ vaults + Σ lanes' funds + open stakes + bankroll${token === "DEGEN" ? " + jackpot" : ""}`);
        if (state.holding < state.accounted) throw new Error(`${w} holding ${state.holding} < accounted ${state.accounted}`);
        if (state.bankroll < state.reserved) throw new Error(`${w} bankroll ${state.bankroll} < reserved ${state.reserved}`);
        same(state.reserved, openMaxPayouts, `${w} reserved vs Σ open maxPayouts`);
        // Each room's reservation: the hands' (blackjack), the long shots' (mines, manual crash).
        const ofRoom = (room: Room) => ofToken.filter((b) => roomOf(Number(b.gameType), b.params) === room).reduce((sum, b) => sum + b.maxPayout, 0n);
        same(state.interactiveReserved, ofRoom("hands"), `${w} hands' reserved vs Σ open hands' maxPayouts`);
        same(state.longShotReserved, ofRoom("longShots"), `${w} long shots' reserved vs Σ open long shots' maxPayouts`);
        same(state.interactiveReserved, st.interactiveReserved[token], `${w} hands' reserved`);
        same(state.longShotReserved, st.longShotReserved[token], `${w} long shots' reserved`);
        // Not checked: a room's reserved within its cap (contracts/README.md "The invariant"). The
        // Casino admits a hand or a long shot only within its room's share of the bankroll (the
        // model's maxBet, equal to the chain's, checks that), but the owner's bankroll withdrawal
        // may leave the open bets above it: test/findings/interactive-cap.test.ts.
        same(state.accounted, st.accounted[token], `${w} accounted`);
        same(state.holding, st.accounted[token] + st.stray[token], `${w} holding`);
        same(state.bankroll, st.bankroll[token], `${w} bankroll`);
        same(state.reserved, st.reserved[token], `${w} reserved`);
        same(
          openStakes,
          open.filter((b) => b.token === token).reduce((sum, b) => sum + totalStake(b), 0n),
          `${w} open stakes`,
        );
        readPlayers.forEach((k, n) => {
          const p = st.players[k];
          same(state.vaults[n], p.vault[token], `${w} vault of player ${k}`);
          same(state.reservedBy[n], p.reserved[token], `${w} reservedBy player ${k}`);
          const byBets = ofToken.filter((b) => b.player.toLowerCase() === p.address.toLowerCase()).reduce((sum, b) => sum + b.maxPayout, 0n);
          same(state.reservedBy[n], byBets, `${w} reservedBy player ${k} vs Σ their open maxPayouts`);
        });
      }
      same(snap.jackpot, st.jackpot, `${where}: jackpot`);

      // Every open bet with its terms; closed and unused ids read as closed.
      snap.bets.forEach((read, k) => {
        const id = betIds[k];
        const bet = openById.get(id);
        const v = read.bet;
        const w = `${where}: bet ${(id >> 64n).toString(16).slice(0, 8)}…#${id & 0xffffffffn}`;
        same(v.player, `0x${(id >> 64n).toString(16).padStart(40, "0")}`, `${w} player`);
        same(v.nonce, id & 0xffffffffffffffffn, `${w} nonce`);
        same(v.open, bet !== undefined, `${w} open`);
        same(read.lockedEntropy, st.locked[id.toString()] ?? ZeroHash, `${w} locked entropy`);
        if (bet === undefined) return;
        same(v.token, tokenAddress[bet.token], `${w} token`);
        same(v.stake, bet.stake, `${w} stake`);
        same(v.totalStake, totalStake(bet), `${w} totalStake`);
        same(v.maxPayout, betMaxPayout(bet), `${w} maxPayout`);
        same(v.gameType, bet.gameType, `${w} gameType`);
        same(v.params, bet.params, `${w} params`);
        same(v.clientSeed, bet.clientSeed, `${w} clientSeed`);
        same(v.split, bet.split, `${w} split`);
        same(v.placedBlock, bet.placedBlock, `${w} placedBlock`);
        same(v.claimableAt, bet.claimableAt, `${w} claimableAt`);
        same(v.jackpotOdds, bet.odds, `${w} jackpotOdds`);
        same(v.jackpotPrize, bet.prize, `${w} jackpotPrize`);
        same(v.jackpotEdgeBps, bet.edgeBps, `${w} jackpotEdgeBps`);
      });
      readLanes.forEach((id, k) => {
        const lane = st.lanes[id];
        same(
          [snap.laneFunds[k].DEGEN, snap.laneFunds[k].BNB],
          [lane.funds.DEGEN, lane.funds.BNB],
          `${where}: funds of lane ${lane.lane} of ${lane.player.slice(0, 8)}`,
        );
      });
    }

    /** Flat uint256 words of an eth_call's return (a uint256[]). */
    function words(raw: string): bigint[] {
      const count = Number(BigInt("0x" + raw.slice(66, 130)));
      return Array.from({ length: count }, (_, k) => BigInt("0x" + raw.slice(130 + 64 * k, 194 + 64 * k)));
    }

    let keyCursor = 0;
    /**
     * Sessions with their lanes, and self-set limits, chain against model (InvariantReader.oneClick):
     * the sessions an operation touched and a few others in turn, the limits of both tokens of the
     * players who bet or set some (all sessions and players every ONE_CLICK_ALL_EVERY operations).
     * On the chain's own numbers: a lane's funds are what its own events put in and took out (the
     * logs' ledger); a player whose wallet bet passed in the operation, and who placed no one-click
     * bet of that token in it, has used no loss window of that token beyond its limit (a one-click
     * bet is counted, never refused, by them).
     */
    async function checkOneClick(where: string, touched: string[], all: boolean, bettors: Map<string, boolean>): Promise<void> {
      // `bettors`: "player|token" of the bets the operation placed, true when all of them were held to the loss limits (checkLogs).
      const st = s();
      const known = Object.keys(st.sessions);
      const idList = new Set(all ? known : touched.filter((id) => !id.startsWith("limits|")));
      if (!all && idList.size > 0 && known.length > 0) idList.add(known[keyCursor++ % known.length]);
      const idsRead = [...idList].map((id) => id.split("|") as [string, string]);
      // The limits of the players who bet or set limits in the operation (all of them now and then: windows roll with time).
      const involved = (p: State["players"][number]) => {
        const address = p.address.toLowerCase();
        return touched.includes(`limits|${address}`) || TOKENS.some((token) => bettors.has(`${address}|${token}`));
      };
      const limited = all ? st.players : st.players.filter((p) => p.account.marked && involved(p));
      if (idsRead.length === 0 && limited.length === 0) return;
      const data = readerIface.encodeFunctionData("oneClick", [
        f.casinoAddress,
        idsRead.map(([p]) => p),
        idsRead.map(([, k]) => k),
        limited.map((p) => p.address),
      ]);
      const w = words(await provider.send("eth_call", [{ to: readerAddress, data }, "latest"]));
      const timestamp = w[0];
      let at = 1;
      for (const [player, key] of idsRead) {
        const session = model.sessionView(st, player, key);
        const lane = model.laneView(st, player, session.lane);
        const v = w.slice(at, at + 12);
        at += 12;
        const k = `${where}: session ${player.slice(0, 8)}/${key.slice(0, 10)}`;
        same(
          [v[0], v[1], v[2], v[3], v[4] === 1n, v[5], v[6]],
          [session.lane, session.expiresAt, session.tokens, session.games, session.revoked, ...session.maxBet],
          `${k} lane, expiry, tokens, games, revoked, maxBet`,
        );
        same(
          [`0x${v[7].toString(16).padStart(64, "0")}`, v[8], v[9], v[10], v[11]],
          [lane.commit, lane.nextNonce, lane.nextToResolve, ...lane.funds],
          `${k} lane's commit, nonces, funds`,
        );
        if (session.lane === 0n) continue;
        const entry = laneLedger.get(laneId(player, session.lane)) ?? { DEGEN: 0n, BNB: 0n };
        same([v[10], v[11]], [entry.DEGEN, entry.BNB], `${k} lane's funds vs its own events' (LaneOpened, stakes, payouts, LaneClosed)`);
      }
      for (const p of limited) {
        for (const token of TOKENS) {
          const view = model.limitsView(st, p, token, timestamp);
          const v = w.slice(at, at + 19);
          at += 19;
          const k = `${where}: ${token} limits of ${p.address.slice(0, 8)}`;
          same(
            v,
            [
              ...view.lossLimit,
              ...view.lossUsed,
              ...view.windowEnds,
              view.betCap,
              ...view.pendingLossLimit,
              view.pendingBetCap,
              view.pendingAt,
              view.pendingMask,
              view.coolOffUntil,
              view.pendingCoolOffUntil,
              view.pendingCoolOffAt,
            ],
            `${k} (limitsOf at ${timestamp})`,
          );
          // A wallet bet passed only within its token's loss limits (a limit lowered below the loss so far keeps that loss).
          if (bettors.get(`${p.address.toLowerCase()}|${token}`) !== true) continue;
          for (let i = 0; i < 3; i++) {
            if (v[i] !== 0n && v[6 + i] !== 0n && v[3 + i] > v[i]) throw new Error(`${k}: window ${i} used ${v[3 + i]} above its limit ${v[i]} after a bet`);
          }
        }
      }
      if (at !== w.length) throw new Error(`oneClick returned ${w.length} words, parsed ${at}`);
    }

    /** Every few operations, and after those that change them: settings, commitments, nonces, wallets, views. */
    async function checkExtras(where: string): Promise<void> {
      const st = s();
      const probes: { token: string; gameType: number; params: bigint; player: string }[] = [];
      for (let k = 0; k < 3; k++) {
        const gameType = rng.int(GAME_COUNT);
        let params = 0n;
        while (!paramsValid(gameType, params)) params = randomParams(gameType);
        probes.push({ token: tokenAddress[rng.pick(TOKENS)], gameType, params, player: rng.chance(0.2) ? ZeroAddress : rng.pick(playerAddresses) });
      }
      const quoteDegen = rng.amount(parseEther("200000"));
      const quoteNative = rng.amount(parseEther("20"));
      const [seed, clientSeed, player, nonce] = [rng.bytes32(), rng.bytes32(), rng.pick([...playerAddresses, stranger]), BigInt(rng.int(1_000_000))];
      const query = {
        casino: f.casinoAddress,
        players: playerAddresses,
        wallets: walletAddresses,
        other: otherAddress,
        probes,
        quoteDegen,
        quoteNative,
        seed,
        clientSeed,
        player,
        nonce,
      };
      const data = readerIface.encodeFunctionData("extras", [query]);
      const raw: string = await provider.send("eth_call", [{ to: readerAddress, data }, "latest"]);
      const snap = readerIface.decodeFunctionResult("extras", raw)[0] as Extras;

      // Commitments and relay nonces.
      st.players.forEach((p, k) => {
        const v = snap.players[k];
        const w = `${where}: player ${k}`;
        same(v.commit, p.commit, `${w} commit`);
        same(v.root, p.root, `${w} root`);
        same(v.nextNonce, p.nextNonce, `${w} nextNonce`);
        same(v.remaining, p.chainEnd > p.nextNonce ? p.chainEnd - p.nextNonce : 0n, `${w} remaining`);
        same(v.nextToResolve, p.resolved, `${w} nextToResolve`);
        same(v.chainLength, p.chainLength, `${w} chainLength`);
        same(v.relayNonce, p.relayNonce, `${w} relay nonce`);
        same(v.lanes, st.laneCounts[p.address.toLowerCase()] ?? 0n, `${w} lanes opened`);
      });

      // Settings of the Casino and the desk.
      const set = snap.settings;
      same(set.terms, model.terms(st), `${where}: terms`);
      same(set.riskBps, st.riskBps, `${where}: riskBps`);
      same(set.playerRiskBps, st.playerRiskBps, `${where}: playerRiskBps`);
      same(set.interactiveRiskBps, st.interactiveRiskBps, `${where}: interactiveRiskBps`);
      same(set.settleWindow, st.settleWindow, `${where}: settleWindow`);
      same(set.announcementDelay, st.announcementDelay, `${where}: announcementDelay`);
      same(set.jackpotEdgeBps, st.edgeBps, `${where}: jackpot edge`);
      same(set.jackpotShareBps, st.shareBps, `${where}: jackpot share`);
      same(set.paused, st.paused, `${where}: paused`);
      same(set.settler, st.settler, `${where}: settler`);
      same(set.owner, st.owner, `${where}: owner`);
      same(set.pendingOwner, st.pendingOwner, `${where}: pendingOwner`);
      same(set.rate, st.swap.rate, `${where}: swap rate`);
      same(set.perSwapCapBps, st.swap.perSwapCapBps, `${where}: perSwapCapBps`);
      same(set.dailyCapBps, st.swap.dailyCapBps, `${where}: dailyCapBps`);
      same(set.pendingRate, st.swap.pendingRate, `${where}: pending rate`);
      same(set.pendingRateAt, st.swap.pendingRateAt, `${where}: pending rate time`);
      TOKENS.forEach((token, k) => {
        const pending = st.pending[token];
        same(set.pendingAmount[k], pending?.amount ?? 0n, `${where}: ${token} pending withdrawal amount`);
        same(set.pendingAt[k], pending?.executableAt ?? 0n, `${where}: ${token} pending withdrawal time`);
        same(set.maxBetLimit[k], st.maxBetUnits[token] * MIN_BET[token], `${where}: ${token} maxBetLimit`);
      });

      same(set.pendingSettler, st.pendingSettler?.settler ?? ZeroAddress, `${where}: pending settler`);
      same(set.pendingSettlerAt, st.pendingSettler?.executableAt ?? 0n, `${where}: pending settler time`);
      walletAddresses.forEach((address, k) => {
        same(snap.wallets[k], st.wallets[address.toLowerCase()], `${where}: DEGEN wallet ${address}`);
        same(snap.settlerRetiredAt[k], st.settlerRetiredAt[address.toLowerCase()] ?? 0n, `${where}: settlerRetiredAt(${address})`);
      });
      same(snap.otherHeld, st.otherHeld, `${where}: other ERC-20 held`);

      probes.forEach((probe, k) => {
        const token = probe.token === NATIVE ? "BNB" : "DEGEN";
        const player = probe.player === ZeroAddress ? null : st.players[playerAddresses.indexOf(probe.player)];
        same(
          snap.maxBets[k],
          model.maxBet(st, token, probe.gameType, probe.params, player),
          `${where}: maxBet(${token}, ${probe.gameType}, ${probe.params}, ${probe.player})`,
        );
      });
      // The quotes at the timestamp the eth_call ran with.
      const [degenOut, degenMax] = model.quote(st, "DEGEN", quoteDegen, snap.timestamp);
      const [nativeOut, nativeMax] = model.quote(st, "BNB", quoteNative, snap.timestamp);
      same(snap.degenQuote[0], degenOut, `${where}: quote(DEGEN, ${quoteDegen}) out`);
      same(snap.degenQuote[1], degenMax, `${where}: quote(DEGEN) max out at ${snap.timestamp}`);
      same(snap.nativeQuote[0], nativeOut, `${where}: quote(BNB, ${quoteNative}) out`);
      same(snap.nativeQuote[1], nativeMax, `${where}: quote(BNB) max out at ${snap.timestamp}`);
      same(snap.random, randomWord(seed, clientSeed, player, nonce, f.chainId, f.casinoAddress), `${where}: computeRandom`);
      same(snap.betId, betIdOf(player, nonce), `${where}: betIdOf`);
    }

    /** Every read-back: core and one-click reads of what was named; every BETS_ALL_EVERY, all players and bets; the extras every EXTRAS_EVERY (and after settings change), all sessions and limits every ONE_CLICK_ALL_EVERY. */
    const EXTRAS_EVERY = 32;
    const ONE_CLICK_ALL_EVERY = 128;
    const BETS_ALL_EVERY = 8;
    let checks = 0;
    /** Successful operations whose reads are gathered into one read-back (a divergence shows at most this many operations late). */
    const CHECK_EVERY = 2;
    const settingsChanged = (name: string) => /^(set|desk\.|pause|unpause|transferOwnership|acceptOwnership|announce|cancel|execute)/.test(name);
    async function checkInvariant(
      where: string,
      op: number,
      name: string,
      touched: string[] = [],
      bettors = new Map<string, boolean>(),
      touchedCore: { bets: bigint[]; players: number[]; lanes: string[] } | "all" = "all",
    ): Promise<void> {
      checks++;
      const last = op === OPS - 1;
      const all = touchedCore === "all" || checks % BETS_ALL_EVERY === 0 || last;
      // The two reads are independent: sent together.
      await Promise.all([
        timed("checkCore", () => checkCore(where, all ? "all" : touchedCore)),
        timed("checkOneClick", () => checkOneClick(where, touched, checks % ONE_CLICK_ALL_EVERY === 0 || last, bettors)),
      ]);
      if (checks % EXTRAS_EVERY === 0 || settingsChanged(name) || last) await timed("checkExtras", () => checkExtras(where));
    }

    // The reservation table's view, for a few stakes of every game (the model's `ratio` against the contract's).
    for (const gameType of [0, 1, 2, 3, 4]) {
      for (const params of gameType === 0 ? [1n, 3n, 511n] : gameType === 3 ? [0n, 2n] : gameType === 4 ? [0n, 101n, 10_000n] : [0n]) {
        for (const token of TOKENS) {
          for (const split of gameType === BLACKJACK ? [false, true] : [false]) {
            const stake = 123_456_789_012_345_678n;
            same(
              await f.casino.maxPayout(tokenAddress[token], gameType, params, stake, split),
              payoutBound(gameType, params, token === "BNB", stake, split),
              `maxPayout view ${token} game ${gameType} params ${params} split ${split}`,
            );
          }
        }
      }
    }

    // ─────────────────────────── the run ───────────────────────────

    const generators: [number | (() => number), () => Step | null | "strayNative" | Promise<Step | null>][] = [
      [8, depositStep],
      [4, withdrawStep],
      [4, relayWithdrawStep],
      [4, deskSwapStep],
      [3, relaySwapStep],
      [0.4, useNonceStep],
      [4, commitStep],
      [0.3, abandonStep],
      [24, playStep],
      [12, settleStep],
      [4, settleBatchStep],
      [4, claimStep],
      [4, splitStep],
      [2, () => lockStep()],
      [2, fundStep],
      [3, bankrollWithdrawalStep],
      [1.5, settlerChangeStep],
      [1.5, strayOrSweepStep],
      [0.5, taxedTradeStep],
      [2.5, ownerStep],
      [1.5, swapSettingsStep],
      [() => (s().paused ? 12 : 0.8), pauseStep],
      [1, intruderStep],
      [3, openSessionStep],
      [0.6, revokeSessionStep],
      [2, closeSessionStep],
      [14, sessionsPlayStep],
      [5, sessionsPlaceStep],
      [1.5, sessionsSplitStep],
      [6, sessionsSettleStep],
      [5, drawStep],
      [0.8, limitsStep],
    ];
    const TIME_TRAVEL_WEIGHT = 4;
    const SHORT_MINE_WEIGHT = 0.25;
    const LONG_MINE_WEIGHT = 0.08;
    const STEER_EVERY = 150;
    /** The jackpot terms that give a ticket its best odds: the highest edge, the smallest share of the pool. */
    const [MAX_JACKPOT_EDGE, MIN_JACKPOT_SHARE] = [BOUNDS.jackpotEdgeBps[1], BOUNDS.jackpotShareBps[0]];
    const weightOf = (weight: number | (() => number)) => (typeof weight === "number" ? weight : weight());

    async function mine(blocks: number): Promise<void> {
      await provider.send("hardhat_mine", [toBeHex(blocks)]);
      latest = (await ethers.provider.getBlock("latest"))!;
      if (latest.number !== block + blocks) throw new Error(`mined to ${latest.number}, expected ${block + blocks}`);
      block = latest.number;
      if (BigInt(latest.timestamp) > now) now = BigInt(latest.timestamp);
    }

    /** The bets and tickets whose jackpot has been drawn. */
    const drawnBets = new Set<bigint>();
    const paidTickets = new Set<bigint>();
    /**
     * What a successful transaction's logs must show, whatever the model says: no stake of a player
     * past the cool-off and bet cap they set (as in force at the transaction, from the state before
     * it; a one-click bet landing within the window of the latest stricter setting excepted), a
     * skipped bet placed later settled at the outcome its skip showed, every jackpot draw a bet's
     * or ticket batch's first, only hits published, and a ticket's hit paid once on its batch's
     * published draw (every ticket of a void draw: drawStep). Returns "player|token" of the bets
     * it placed, true when none of them was a one-click bet (which the loss limits never refuse).
     */
    function checkLogs(where: string, logs: ChainLog[], before: State, tx: Tx): Map<string, boolean> {
      const bettors = new Map<string, boolean>();
      const drawOnce = (betId: bigint) => {
        if (drawnBets.has(betId)) throw new Error(`${where}: the jackpot of bet ${betId} drawn a second time`);
        drawnBets.add(betId);
      };
      for (const log of logs) {
        if (log.contract !== "casino") continue;
        if (log.name === "BetPlaced" || log.name === "StakeAdded") {
          const betId = log.args[0] as bigint;
          const player = (log.args[1] as string).toLowerCase();
          const stake = log.args[log.name === "BetPlaced" ? 3 : 2] as bigint;
          const token = log.name === "BetPlaced" ? tokenOfAddress(log.args[2] as string) : model.findBet(before, betId)!.token;
          const p = before.players.find((q) => q.address.toLowerCase() === player)!;
          const { account } = p;
          // A one-click bet (of a session's lane) is counted by the loss limits, never refused; one
          // the server accepted before a stricter setting lands (docs/decisions.md §4, "lanes"): its
          // deadline, and so its block, is at most the acceptance window after that setting.
          const oneClick = log.name === "BetPlaced" && laneOfNonce(log.args[6] as bigint) !== 0n;
          const held = bettors.get(`${player}|${token}`) ?? true;
          bettors.set(`${player}|${token}`, held && !oneClick);
          if (oneClick && tx.now <= account.tightenedAt + ACCEPTANCE_WINDOW) continue;
          const coolOffUntil = account.pendingCoolOffAt !== 0n && tx.now >= account.pendingCoolOffAt ? account.pendingCoolOffUntil : account.coolOffUntil;
          if (tx.now < coolOffUntil) throw new Error(`${where}: a bet of ${player} in their cool-off until ${coolOffUntil}`);
          if ((account.limitedTokens & (token === "DEGEN" ? 1 : 2)) === 0) continue;
          const limits = p.limits[token];
          const due = limits.pendingAt !== 0n && tx.now >= limits.pendingAt;
          const cap = due && (limits.pendingMask & 8) !== 0 ? limits.pendingBetCap : limits.betCap;
          if (cap !== 0n && stake > cap) throw new Error(`${where}: a stake of ${stake} ${token} by ${player} above their cap ${cap}`);
        } else if (log.name === "BetSettled" && skippedWords.has(log.args[0] as bigint)) {
          // A bet play skipped, placed later: settled at the outcome the play's transaction showed.
          const word = skippedWords.get(log.args[0] as bigint);
          skippedWords.delete(log.args[0] as bigint);
          if (log.args[2] !== word) throw new Error(`${where}: a skipped bet placed later settled with word ${log.args[2]}, not ${word}`);
          skippedSettledAlike++;
        } else if (log.name === "JackpotTicketsDrawn") {
          const hash = log.args[0] as string;
          if (drawOf.has(hash)) throw new Error(`${where}: the draw of the tickets ${hash} published twice`);
          drawOf.set(hash, log.args[1] as string);
          batchTickets.get(hash)!.forEach((ticket) => drawOnce(ticket.betId));
        } else if (log.name === "JackpotDrawn") {
          const betId = log.args[0] as bigint;
          // Published: a hit, or a void draw (entropy 0), which wins nothing.
          const voided = BigInt(log.args[1] as string) === 0n;
          if (voided ? log.args[3] !== false || log.args[2] !== 0n : log.args[3] !== true) {
            throw new Error(`${where}: JackpotDrawn of bet ${betId} is neither a hit nor a void draw that wins nothing`);
          }
          const hash = ticketBatchOf.get(betId);
          if (hash === undefined) drawOnce(betId);
          else {
            // A ticket's hit: on its batch's published draw, paid once.
            if (drawOf.get(hash) !== log.args[1]) throw new Error(`${where}: ticket ${betId} hit on ${log.args[1]}, not its batch's draw ${drawOf.get(hash)}`);
            if (paidTickets.has(betId)) throw new Error(`${where}: ticket ${betId} paid twice`);
            paidTickets.add(betId);
          }
        }
      }
      return bettors;
    }

    /**
     * After a reservation (a bet placed to be settled later, a split) or a swap, on the chain's own
     * numbers read at once (contracts/README.md "The invariant"): the free bankroll of the token paid
     * out or reserved is at least the floor, riskBps of the bankroll; and after a reservation, the
     * player's reserved is within playerRiskBps of the bankroll and the bet's room within its share
     * (the hands' interactiveRiskBps, the long shots' half of it, the two at most 90 %).
     */
    async function checkCaps(where: string, logs: ChainLog[], before: State): Promise<void> {
      const casinoLogs = logs.filter((log) => log.contract === "casino");
      const settledHere = new Set(casinoLogs.filter((log) => log.name === "BetSettled").map((log) => log.args[0] as bigint));
      const reserved = casinoLogs.filter((log) => (log.name === "BetPlaced" && !settledHere.has(log.args[0] as bigint)) || log.name === "StakeAdded");
      const swapped = casinoLogs.filter((log) => log.name === "Swapped");
      if (reserved.length + swapped.length === 0) return;
      const players = [...new Set([...reserved, ...swapped].map((log) => (log.args[log.name === "Swapped" ? 0 : 1] as string).toLowerCase()))];
      const data = readerIface.encodeFunctionData("core", [f.casinoAddress, players, [], []]);
      const snap = parseCore(await provider.send("eth_call", [{ to: readerAddress, data }, "latest"]), players.length, 0, 0);
      const st = s();
      const check = (token: Token, what: string, player?: string, room?: Room) => {
        const state = token === "DEGEN" ? snap.degen : snap.native;
        const w = `${where}: after ${what}, ${token}`;
        const floor = (state.bankroll * st.riskBps) / BPS;
        if (state.bankroll - state.reserved < floor) throw new Error(`${w} free bankroll ${state.bankroll - state.reserved} below the floor ${floor}`);
        if (player === undefined) return;
        const cap = (state.bankroll * st.playerRiskBps) / BPS;
        const byPlayer = state.reservedBy[players.indexOf(player)];
        if (byPlayer > cap) throw new Error(`${w} the player reserves ${byPlayer}, above playerRiskBps of the bankroll ${cap}`);
        if (room === null || room === undefined) return;
        const [half, rest] = [st.interactiveRiskBps / 2n, BOUNDS.interactiveRiskBps[1] - st.interactiveRiskBps];
        const share = room === "hands" ? st.interactiveRiskBps : half < rest ? half : rest;
        const used = room === "hands" ? state.interactiveReserved : state.longShotReserved;
        if (used > (state.bankroll * share) / BPS) throw new Error(`${w} the ${room} reserve ${used}, above their share of the bankroll`);
      };
      for (const log of reserved) {
        const player = (log.args[1] as string).toLowerCase();
        if (log.name === "BetPlaced") check(tokenOfAddress(log.args[2] as string), "a bet", player, roomOf(Number(log.args[4]), log.args[5] as bigint));
        else check(model.findBet(before, log.args[0] as bigint)!.token, "a split", player, "hands");
      }
      for (const log of swapped) check(tokenOfAddress(log.args[1] as string) === "DEGEN" ? "BNB" : "DEGEN", "a swap");
      capChecks++;
    }
    let capChecks = 0;

    /** Milliseconds spent per part of the run, printed at the end (FUZZ_TIMINGS=1). */
    const timings = new Map<string, number>();
    async function timed<T>(part: string, run: () => Promise<T>): Promise<T> {
      const started = Date.now();
      try {
        return await run();
      } finally {
        timings.set(part, (timings.get(part) ?? 0) + Date.now() - started);
      }
    }

    /** The players a transaction's sender and logs name: by address, or by a bet id (player << 64 | nonce). */
    const playerIndexOf = new Map(playerAddresses.map((a, k) => [a.toLowerCase(), k]));
    function playersNamed(from: string, logs: ChainLog[]): number[] {
      const named = new Set<number>();
      const add = (address: string) => {
        const k = playerIndexOf.get(address.toLowerCase());
        if (k !== undefined) named.add(k);
      };
      add(from);
      for (const log of logs) {
        for (const arg of log.args) {
          if (typeof arg === "string" && arg.length === 42) add(arg);
          else if (typeof arg === "bigint" && arg >= 1n << 64n && arg < 1n << 224n) add(`0x${(arg >> 64n).toString(16).padStart(40, "0")}`);
        }
      }
      return [...named];
    }

    /** The Casino's events whose first argument is a bet id: the bets a transaction changed. */
    const BET_EVENTS = new Set(["BetPlaced", "StakeAdded", "BetSettled", "ExpiredBetClaimed", "JackpotEntropyLocked", "JackpotDrawn"]);

    /** The lanes (laneId) a transaction's logs name: opened or closed, or of a bet of a session's lane it changed. */
    function lanesNamed(logs: ChainLog[]): string[] {
      const named = new Set<string>();
      for (const log of logs) {
        if (log.contract !== "casino") continue;
        if (log.name === "LaneOpened" || log.name === "LaneClosed") named.add(laneId(log.args[0] as string, log.args[1] as bigint));
        else if (BET_EVENTS.has(log.name)) {
          const betId = log.args[0] as bigint;
          const lane = laneOfNonce(betId & 0xffffffffffffffffn);
          if (lane !== 0n) named.add(laneId(`0x${(betId >> 64n).toString(16).padStart(40, "0")}`, lane));
        }
      }
      return [...named].filter((id) => s().lanes[id] !== undefined);
    }

    const tally = (name: string): Tally => {
      let t = counts.get(name);
      if (t === undefined) counts.set(name, (t = { ok: 0, reverted: 0 }));
      return t;
    };

    const newGathered = () => ({
      count: 0,
      names: [] as string[],
      keys: new Set<string>(),
      bettors: new Map<string, boolean>(),
      bets: new Set<bigint>(),
      players: new Set<number>(),
      lanes: new Set<string>(),
    });
    let gathered = newGathered();
    try {
      for (let op = 0; op < OPS; op++) {
        let produced: Step | null | "strayNative" = null;
        let blocksToMine: number | null = null;
        // Late in a run that has not yet seen a draw on locked entropy, or a void draw, steer towards
        // one every STEER_EVERY operations: hashes expire, after the keeper's lock or without it.
        const stats = model.s.stats;
        const lateWithout = (count: number) => !underCoverage && count === 0 && op >= OPS * 0.8 && op % STEER_EVERY === 0;
        const openDegen = model.openBets().filter((b) => b.token === "DEGEN");
        const expiry = HISTORY === "eip2935" ? 0x2200 : 300;
        const steerLocked = mineAfter === null && openDegen.length > 0 && lateWithout(stats.lockedDraws);
        const steerVoid =
          mineAfter === null && !steerLocked && lateWithout(stats.voidDraws) && openDegen.some((b) => s().locked[b.betId.toString()] === undefined);
        // Steps planned ahead (steerPlan), from three fifths of a run on, every STEER_EVERY operations, when nothing else is steered.
        const planSlot = (offset: number) => mineAfter === null && steerPlan.length === 0 && !underCoverage && op >= OPS * 0.6 && op % STEER_EVERY === offset;
        const plans: [number, boolean, () => SteerPlan | null][] = [
          // Revoked keys are rare while unexpired (a session lasts a day; the run jumps in time): in a
          // run that has not yet seen one's bet land, a key is revoked, then signs: its bet lands
          // within the acceptance window after, placed alone (a hand every other check lets
          // through) or, with no such hand, in a play.
          [
            STEER_EVERY / 2,
            stats.revokedLanded === 0,
            () => {
              const hand = steerableHand();
              if (hand !== null) return [() => revokeSessionStep(hand.player, hand.key), () => sessionsPlaceStep(hand)];
              const ready = readyToPlay(1);
              if (ready.length === 0) return null;
              const k = rng.pick(ready);
              const key = rng.pick(playableKeys(playerAddresses[k]));
              return [() => revokeSessionStep(k, key), () => sessionsPlayStep({ player: k, key, fault: "revoked" })];
            },
          ],
          // A split of a session's hand by another key needs that hand open when a split is drawn:
          // about 20 splits reach the chain in a run, a quarter with a fault, so whether one run sees
          // NotBetSession turns on its whole random sequence (a change of any payout moves it). In a
          // run that has not, a session places a hand and the next operation splits it so.
          [
            STEER_EVERY / 3,
            !errorsSeen.has("NotBetSession"),
            () => {
              const hand = steerableHand();
              return hand === null ? null : [() => sessionsPlaceStep(hand), () => sessionsSplitStep("anotherKey")];
            },
          ],
          // A ticket's hit: a session's DEGEN ticket hits with chance stake × edge ÷ prize, and the
          // prize is a share of a pool that some runs fill to millions of DEGEN early while sessions
          // stake a few (a run draws about 200 tickets; one seed's hit none). In a run without one,
          // the steps of a sure hit.
          [(2 * STEER_EVERY) / 3, stats.ticketHits === 0, sureTicketPlan],
          // A wallet bet in a cool-off: since play skips a session's bet in one (counted as its own
          // skip), a run can end without a wallet bet refused CoolingOff. In a run that has not seen
          // one, a player who can bet sets an hour's cool-off and bets from the wallet.
          [
            STEER_EVERY / 6,
            !errorsSeen.has("CoolingOff"),
            () => {
              const k = readyForWalletBet();
              return k === null ? null : [() => coolOffStep(k, now + 3_600n), () => playStep(k)];
            },
          ],
          // A window's edges (a revocation's, a stricter cool-off's, new terms'), each of its three
          // deadlines with the outcome the window gives it: the first edge still missing one.
          [
            STEER_EVERY / 10,
            EDGES.some((edge) => !edgeSeen(edge)),
            () => {
              const edge = EDGES.find((e) => !edgeSeen(e))!;
              return edgePlan(edge);
            },
          ],
          // A lane closed, a hand's payout landing in it after, and the lane closed again.
          [STEER_EVERY / 5, stats.closes.afterPayout === 0, closeAroundPayoutPlan],
          // A bet skipped for its seed, placed later by its player and settled at the outcome the skip showed.
          [40, skippedSettledAlike === 0, skipThenPlacePlan],
          // A loser skipped because its maximum payout passed the free bankroll: play reads no payout.
          [(5 * STEER_EVERY) / 6, bankrollSkips.losers === 0, bankrollLoserPlan],
          // A reservation refused by the floor alone.
          [(11 * STEER_EVERY) / 15, model.floorRefusals === 0, floorPlan],
          // A lane's hand split by its own key: about 20 splits reach the chain in a run, most on wallet hands or with a fault.
          [
            55,
            (counts.get("sessions.split")?.ok ?? 0) === 0,
            () => {
              const hand = steerableHand(BLACKJACK, 2n);
              return hand === null ? null : [() => sessionsPlaceStep({ ...hand, amount: MIN_BET[hand.token] }), () => sessionsSplitStep("ownKey")];
            },
          ],
          // A manual crash round of a lane cashed out above the cap (InvalidCashOut), its log signed by the lane's key.
          [
            140,
            !errorsSeen.has("InvalidCashOut"),
            () => {
              const round = steerableHand(CRASH);
              if (round === null) return null;
              const lane = laneOfKey(playerAddresses[round.player], round.key)!.lane;
              return [
                () => sessionsPlaceStep(round),
                async () => {
                  const bet = playerOf(round.player).bets.find((b) => laneOfNonce(b.nonce) === lane);
                  return bet === undefined ? null : sessionsSettleStep(bet, toBeHex(10_001, 2));
                },
              ];
            },
          ],
          // A wallet bet settled before the player's older one (OutOfOrder): two wallet bets, the later settled first.
          [65, !errorsSeen.has("OutOfOrder"), outOfOrderPlan],
        ];
        for (const [offset, missing, plan] of plans) {
          if (!missing || !planSlot(offset)) continue;
          const steps = plan();
          if (steps !== null) steerPlan = steps;
        }
        if (mineAfter !== null) {
          // the keeper's lock went first: now the blocks
          [blocksToMine, mineAfter] = [mineAfter, null];
        } else if (steerPlan.length > 0) {
          const next = await steerPlan.shift()!();
          if (next !== null && "wait" in next) {
            now += next.wait;
            timeJumps++;
            trace.push(`op ${op}: (steered) time +${next.wait}s`);
            continue;
          }
          produced = next;
          if (produced) produced.note = `(steered) ${produced.note}`;
        } else if (steerLocked) {
          mineAfter = expiry;
          produced = lockStep(1);
          produced.note = `keeper's (steered) ${produced.note}`;
        } else if (steerVoid) {
          blocksToMine = expiry;
        } else if (!underCoverage && (stats.hits === 0 || stats.ticketHits === 0) && op >= OPS * 0.6 && op % (2 * STEER_EVERY) === 0) {
          // No jackpot hit yet (of a bet, or of a session bet's ticket): a small share of the pool makes the odds of the next bets large.
          const [edge, share] = [200n, rng.pick([2n, 5n, 10n])];
          produced = casinoStep("setJackpotTerms", ownerNow(), "setJackpotTerms", [edge, share], (st, tx) => model.setJackpotTerms(st, tx, edge, share));
          produced.note = `(steered) ${produced.note}`;
        } else {
          const weights = generators.map(([weight]) => weightOf(weight));
          const total = weights.reduce((sum, w) => sum + w, 0) + TIME_TRAVEL_WEIGHT + SHORT_MINE_WEIGHT + LONG_MINE_WEIGHT;
          let pick = rng.next() * total;
          let chosen = false;
          for (const [index, [, generate]] of generators.entries()) {
            if (pick < weights[index]) {
              try {
                produced = await timed("generate", async () => generate());
              } catch (error) {
                throw new Error(`op ${op}: generating ${generate.name || `generator ${index}`} failed: ${(error as Error).stack}`);
              }
              chosen = true;
              break;
            }
            pick -= weights[index];
          }
          if (!chosen && pick >= TIME_TRAVEL_WEIGHT) {
            const blocks = pick - TIME_TRAVEL_WEIGHT < SHORT_MINE_WEIGHT ? 300 : 0x2200;
            // Most of the time a keeper first locks the entropy of most open DEGEN bets.
            if (rng.chance(0.6) && model.openBets().some((b) => b.token === "DEGEN")) {
              mineAfter = blocks;
              produced = lockStep(0.75);
              produced.note = `keeper's ${produced.note}`;
            } else blocksToMine = blocks;
          }
        }
        if (blocksToMine !== null) {
          await mine(blocksToMine);
          if (blocksToMine === 300) mines.short++;
          else mines.long++;
          trace.push(`op ${op}: mined ${blocksToMine} blocks`);
          await checkInvariant(`op ${op} (mine ${blocksToMine}), seed ${SEED}`, op, "mine", [...gathered.keys], gathered.bettors);
          gathered = newGathered();
          continue;
        }
        if (produced === null) {
          // time travel (also when the drawn operation had nothing to act on)
          const jump = rng.chance(0.02) ? rng.pick([3n * DAY, 7n * DAY + 1n, 8n * DAY]) : BigInt(rng.pick([1, 30, 300, 900, 1_800, 3_600, 7_200, 86_400]));
          now += jump;
          timeJumps++;
          trace.push(`op ${op}: time +${jump}s`);
          continue;
        }
        if (produced === "strayNative") {
          const amount = 1n + rng.amount(parseEther("5"));
          const held = s().accounted.BNB + s().stray.BNB;
          await provider.send("hardhat_setBalance", [f.casinoAddress, toBeHex(held + amount)]);
          model.strayNative(amount);
          tally("strayNative").ok++;
          trace.push(`op ${op}: ${amount} BNB forced into the Casino`);
          await checkInvariant(`op ${op} (strayNative), seed ${SEED}`, op, "strayNative", [...gathered.keys], gathered.bettors);
          gathered = newGathered();
          continue;
        }
        const step = produced;
        now += 1n;
        block += 1;
        const tx: Tx = { from: step.from, value: step.value ?? 0n, now, block, events: [] };
        const before = model.s;
        const modelStarted = Date.now();
        const expected = model.run(tx, step.run);
        timings.set("model", (timings.get("model") ?? 0) + Date.now() - modelStarted);
        trace.push(`op ${op}: ${step.note} from ${step.from.slice(0, 8)} → ${expected === null ? "ok" : expected.message}`);
        if (process.env.FUZZ_DEBUG && step.note.startsWith("(steered)")) console.log(trace[trace.length - 1]);
        if (trace.length > 40) trace.shift();
        const { hash, failure } = await timed("send", () => timed(`send ${step.name}${expected === null ? "" : " (revert)"}`, () => send(step)));
        const t = tally(step.name);
        const where = `op ${op} ${step.name} (seed ${SEED})`;
        let bettors = new Map<string, boolean>();
        let touchedBets: bigint[] = [];
        let touchedPlayers: number[] = [];
        let touchedLanes: string[] = [];
        if (expected === null) {
          if (failure !== null) throw new Error(`${where} reverted unexpectedly: ${failure}`);
          const logs = await timed("receipt", () => chainEvents(hash!));
          const actual = formatEvents(logs);
          const predicted = formatEvents(tx.events);
          if (actual.join("\n") !== predicted.join("\n")) {
            throw new Error(`${where}: events differ\n  chain: ${actual.join("\n         ")}\n  model: ${predicted.join("\n         ")}`);
          }
          for (const event of tx.events) {
            if (event.name === "BetSettled" || event.name === "ExpiredBetClaimed") closedBets.push(event.args[0] as bigint);
          }
          if (closedBets.length > 64) closedBets.splice(0, closedBets.length - 64);
          bettors = checkLogs(where, logs, before, tx);
          ledgerFromLogs(logs);
          for (const log of logs) eventsSeen.set(log.name, (eventsSeen.get(log.name) ?? 0) + 1);
          touchedBets = logs.filter((log) => log.contract === "casino" && BET_EVENTS.has(log.name)).map((log) => log.args[0] as bigint);
          touchedPlayers = playersNamed(step.from, logs);
          touchedLanes = lanesNamed(logs);
          const degenBet = (log: ChainLog) => log.name === "BetPlaced" && (log.args[2] as string).toLowerCase() === f.tokenAddress.toLowerCase();
          if (logs.some((log) => log.contract === "casino" && degenBet(log))) await learnBlockHash(block);
          await timed("checkCaps", () => checkCaps(where, logs, before));
          if (step.after) await timed("after", () => step.after!(logs));
          t.ok++;
        } else {
          if (failure === null) throw new Error(`${where} should revert with ${expected.message}`);
          if (failure !== expected.message) throw new Error(`${where}: expected ${expected.message}, got ${failure}`);
          t.reverted++;
          errorsSeen.set(expected.errorName, (errorsSeen.get(expected.errorName) ?? 0) + 1);
        }
        const terms = model.terms(s());
        if (terms !== lastTerms) [staleTerms, lastTerms] = [lastTerms, terms];
        // A reverted transaction changes nothing the model follows (its sender's gas is not
        // modelled): the chain is read back after the operations that succeeded, CHECK_EVERY at a
        // time (at once after a change of settings), with everything those operations named.
        if (expected === null) {
          gathered.count++;
          gathered.names.push(step.name);
          for (const key of step.keys ?? []) gathered.keys.add(key);
          // New limits may lie below a loss an earlier bet made: that bet's window is not checked against them.
          if (step.name.startsWith("limits.")) for (const token of TOKENS) gathered.bettors.delete(`${step.from.toLowerCase()}|${token}`);
          for (const [bettor, held] of bettors) gathered.bettors.set(bettor, (gathered.bettors.get(bettor) ?? true) && held);
          for (const betId of touchedBets) gathered.bets.add(betId);
          for (const k of touchedPlayers) gathered.players.add(k);
          for (const lane of touchedLanes) gathered.lanes.add(lane);
        }
        const changedSettings = expected === null && settingsChanged(step.name);
        if (gathered.count >= CHECK_EVERY || changedSettings || op === OPS - 1) {
          await checkInvariant(
            `${where}${gathered.count > 1 ? ` (read back after ${gathered.names.join(", ")})` : ""}`,
            op,
            changedSettings ? step.name : "",
            [...gathered.keys],
            gathered.bettors,
            {
              bets: [...gathered.bets],
              players: [...gathered.players],
              lanes: [...gathered.lanes],
            },
          );
          gathered = newGathered();
        }
      }
    } catch (error) {
      console.log(`      last operations:\n        ${trace.join("\n        ")}`);
      throw error;
    } finally {
      await provider.send("hardhat_setCode", [HISTORY_ADDRESS, originalHistoryCode]);
    }

    const summary = [...counts.entries()].map(([name, c]) => `${name} ${c.ok}/${c.reverted}`).join(", ");
    const transactions = [...counts.values()].reduce((sum, c) => sum + c.ok + c.reverted, 0);
    const st = s().stats;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `      ${transactions} transactions + ${timeJumps} time jumps + ${mines.short}×300 and ${mines.long}×8704 blocks mined in ${seconds} s; ok/reverted: ${summary}`,
    );
    console.log(
      `      jackpot: ${st.draws} draws of open bets, ${st.hits} hits (${ethers.formatEther(st.won)} DEGEN won, tickets included), ${st.historyDraws} on hashes older than 256 blocks (EIP-2935), ${st.lockedDraws} from locked entropy, ${st.recordedDraws} from hashes a later transaction recorded (${st.recordedBlocks} blocks recorded), ${st.voidDraws} void (the bankroll paid ${ethers.formatEther(st.voidFunded)} DEGEN of fair value into the pool, void batches of tickets included); ${st.locks} entropies locked`,
    );
    const edges = EDGES.map((edge) => `${edge} ${[-1n, 0n, 1n].map((delta) => [...(edgesSeen.get(`${edge} ${delta}`) ?? [])].join("/")).join(", ")}`).join(
      "; ",
    );
    console.log(
      `      one-click: ${Object.keys(s().sessions).length} session keys, ${Object.keys(s().lanes).length} lanes, ${st.closes.all} closes (${st.closes.returned} returned funds, ${st.closes.afterPayout} a payout landed after an earlier close); ${st.skippedBets} bets skipped (${bankrollSkips.losers} losers and ${bankrollSkips.winners} winners for the free bankroll), ${skippedThenPlaced} placed later (${skippedSettledAlike} settled at the same outcome); landed: ${st.revokedLanded} of revoked keys, ${st.replacedTermsLanded} under replaced terms, ${st.waivedLanded} past a stricter limit within its window, ${st.pastLossLimit} past a loss limit (counted); window edges (−1, 0, +1 s): ${edges}; ${model.floorRefusals} refusals by the floor alone, ${capChecks} reservations and swaps checked against it and the caps; ${st.ticketBatches} ticket batches issued, ${st.ticketsDrawn} tickets drawn, ${st.ticketHits} hits, ${st.voidTicketBatches} void batches; GameRules asked ${oracle.asked.words} words in ${oracle.asked.calls} eth_calls (${oracle.asked.refused} refusals asked directly)`,
    );
    console.log(
      `      events: ${[...eventsSeen.entries()]
        .sort()
        .map(([name, n]) => `${name} ${n}`)
        .join(", ")}`,
    );
    console.log(
      `      errors: ${[...errorsSeen.entries()]
        .sort()
        .map(([name, n]) => `${name} ${n}`)
        .join(", ")}`,
    );
    if (process.env.FUZZ_TIMINGS)
      console.log(
        `      timings (ms): ${[...timings.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([part, ms]) => `${part} ${ms}`)
          .join(", ")}`,
      );
    // Under coverage the run is too short for every operation to have succeeded.
    if (underCoverage) return;
    for (const name of [
      "deposit",
      "withdraw",
      "relay.withdraw",
      "relay.swap",
      "relay.useNonce",
      "desk.swap",
      "setCommitment",
      "playGame",
      "settle",
      "settleBatch",
      "claimExpired",
      "addStake",
      "lockJackpotEntropy",
      "fundBankroll",
      "fundJackpot",
      "announceBankrollWithdrawal",
      "cancelBankrollWithdrawal",
      "executeBankrollWithdrawal",
      "sweep",
      "strayDegen",
      "strayOther",
      "strayNative",
      "taxedTrade",
      "setRiskBps",
      "setPlayerRiskBps",
      "setInteractiveRiskBps",
      "abandonCommitment",
      "setSettleWindow",
      "setAnnouncementDelay",
      "setJackpotTerms",
      "setMaxBetLimit",
      "announceSettlerChange",
      "cancelSettlerChange",
      "executeSettlerChange",
      "transferOwnership",
      "acceptOwnership",
      "pause",
      "unpause",
      "desk.setCaps",
      "desk.announceRate",
      "desk.cancelRate",
      "desk.executeRate",
      "sessions.openSession",
      "sessions.revokeSession",
      "sessions.closeSession",
      "sessions.play",
      "sessions.place",
      "sessions.split",
      "sessions.settle",
      "drawJackpots",
      "limits.setLimits",
      "limits.setCoolOff",
    ]) {
      expect(counts.get(name)?.ok ?? 0, `${name} succeeded at least once`).to.be.greaterThan(0);
    }
    for (const name of [
      "TermsChanged",
      "ChainNotExhausted",
      "OpenBetExists",
      "BetTooLarge",
      "ExposureTooHigh",
      "InvalidSignature",
      "SignatureExpired",
      "NotRelay",
      "NotSwapDesk",
      "NotDegen",
      "SwapAboveCap",
      "SwapAboveDailyCap",
      "SwapBelowMinimum",
      "NotReady",
      "AnnouncementLapsed",
      "NothingPending",
      "NothingToSweep",
      "OutOfBounds",
      "NotExpired",
      "BetExpired",
      "WrongSeed",
      "OutOfOrder",
      // PayoutAboveReservation cannot happen: GameRules never pays above a bet's reservation
      // (the model stops the run if it did), and any other payout is refused first.
      "PayoutMismatch",
      "InsufficientBankroll",
      "InvalidSignature",
      "SessionExists",
      "SessionTooLong",
      "SessionExpired",
      "NotSessionPlayer",
      "NotBetSession",
      "NotRelayer",
      "SessionNotEnded",
      "SessionRevokedError",
      "InvalidCommitment",
      "NotBetPlayer",
      "InsufficientBalance",
      "GameNotAllowed",
      "TokenNotAllowed",
      "AboveSessionMaxBet",
      "BetExpiredDeadline",
      "WrongNonce",
      "InteractiveBet",
      "LengthMismatch",
      "UnknownTickets",
      "CoolingOff",
      "AboveBetCap",
      "LossLimitReached",
      "IllegalBlackjackAction",
      "InvalidCashOut",
    ]) {
      expect(errorsSeen.get(name) ?? 0, `${name} seen at least once`).to.be.greaterThan(0);
    }
    // The lanes' events, each seen.
    for (const name of [
      "LaneOpened",
      "LaneClosed",
      "SessionOpened",
      "SessionRevoked",
      "SessionClosed",
      "BetSkipped",
      "StakeAdded",
      "JackpotTicketsIssued",
      "JackpotTicketsDrawn",
    ]) {
      expect(eventsSeen.get(name) ?? 0, `${name} emitted at least once`).to.be.greaterThan(0);
    }
    // Play skips a bet that cannot land and settles the others, its nonce as it was, for none of
    // these is its player's doing (docs/decisions.md §4, "lanes"); the player places it later.
    expect(st.skippedBets, "a bet play skipped").to.be.greaterThan(0);
    for (const name of [
      "NotSessionPlayer",
      "NotBetSession",
      "SessionExpired",
      "WrongNonce",
      "OpenBetExists",
      "InsufficientBalance",
      "InsufficientBankroll",
      "WrongSeed",
      "TermsChanged",
      "CoolingOff",
    ]) {
      expect(skipsSeen.has(SKIPPED_BETS[name]), `play skipped a bet for ${name}`).to.equal(true);
    }
    expect(skippedSettledAlike, "a skipped bet placed later, settled at the outcome its skip showed").to.be.greaterThan(0);
    // The bankroll's refusal reads the maximum payout, never the payout: a loser is skipped too.
    expect(bankrollSkips.losers, "a losing bet skipped for the free bankroll").to.be.greaterThan(0);
    expect(model.floorRefusals, "a reservation, split or swap refused by the floor alone").to.be.greaterThan(0);
    expect(capChecks, "reservations and swaps checked against the floor and the caps").to.be.greaterThan(0);
    // Nothing a player does after the server took a bet refuses it: a revoked key's bets land in the
    // window, under replaced terms within theirs, past a stricter limit within its, and past a loss limit (counted).
    expect(st.revokedLanded, "a revoked key's bet landed within its window").to.be.greaterThan(0);
    expect(st.replacedTermsLanded, "a bet landed under the terms a change replaced").to.be.greaterThan(0);
    expect(st.waivedLanded, "a bet landed past a stricter limit set within its window").to.be.greaterThan(0);
    expect(st.pastLossLimit, "a one-click bet past a loss limit, counted").to.be.greaterThan(0);
    // Every window at its edges: a deadline at its end − 1 s and at its end lands, a second later is skipped.
    for (const edge of EDGES) expect(edgeSeen(edge), `the ${edge} window's edges (−1, 0: landed; +1: ${PAST_EDGE[edge]})`).to.equal(true);
    // A lane's funds go back to the vault once its session ended, and a hand's payout landing after that with a second close.
    expect(st.closes.returned, "a close that returned a lane's funds").to.be.greaterThan(0);
    expect(st.closes.afterPayout, "a close that returned a payout landed after an earlier close").to.be.greaterThan(0);
    expect(st.hits, "a jackpot hit").to.be.greaterThan(0);
    expect(st.ticketHits, "a ticket's hit").to.be.greaterThan(0);
    expect(st.locks, "an entropy locked").to.be.greaterThan(0);
    // Hashes run out after 8191 blocks with EIP-2935, after 256 without it (Hardhat's stub included).
    if (mines.long > 0 || (HISTORY !== "eip2935" && mines.short > 0)) {
      expect(st.voidDraws, "a void draw").to.be.greaterThan(0);
      expect(st.lockedDraws, "a draw on locked entropy").to.be.greaterThan(0);
      expect(st.recordedDraws, "a draw on a hash a later transaction recorded").to.be.greaterThan(0);
      expect(st.voidTicketBatches, "a void draw of tickets").to.be.greaterThan(0);
    }
    if (HISTORY === "eip2935" && mines.short > 0) expect(st.historyDraws, "a draw on an EIP-2935 hash").to.be.greaterThan(0);
  });
});
