import { AbiCoder, concat, getAddress, getBytes, keccak256, parseEther, solidityPacked, toUtf8Bytes, ZeroAddress, type Signer } from "ethers";
import hre, { ethers } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import {
  GameRules__factory,
  GameRulesHarness__factory,
  type Casino,
  type CasinoRelay,
  type CasinoSwap,
  type DegenToken,
  type GameRulesHarness,
} from "../typechain-types";
import { deployCasinoContracts } from "../scripts/casino-contracts";

export const NATIVE = ZeroAddress;
export const GAME = { WHEEL: 0, SLOTS: 1, BLACKJACK: 2, KICKBOXING: 3, CRASH: 4, DICE: 5, PLINKO: 6, MINES: 7 } as const;
export const JACKPOT_DOMAIN = keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT"));
export const ODDS_ONE = 1n << 47n;
export const RTP_BPS = { DEGEN: 10_200n, BNB: 9_800n } as const;
/**
 * Each plinko table's edge slot in hundredths, per risk (low, medium, high) and rows 8 to 16: the
 * engine's PLINKO_TABLES[risk][rows − 8][0], copied because these CommonJS tests cannot import the
 * engine; test/Payouts.table.test.ts checks the Casino's bounds against the engine itself.
 */
export const PLINKO_EDGES = [
  [568, 550, 700, 870, 930, 1179, 1267, 1350, 1526],
  [1302, 1690, 2210, 2850, 3778, 4910, 6443, 8695, 11014],
  [2900, 4546, 7070, 10990, 17155, 25996, 42586, 59265, 103804],
];
/**
 * A mines round's best payout per stake in bps: every safe tile revealed pays RTP × C(25, mines),
 * capped at 1,000x (the engine's minesBestRatio).
 */
export function minesBestBps(mines: bigint, rtp: bigint): bigint {
  let ways = 1n;
  for (let i = 1n; i <= mines; i++) ways = (ways * (25n - mines + i)) / i;
  const best = rtp * ways;
  return best < 10_000_000n ? best : 10_000_000n;
}
export const BANKROLL_DEGEN = parseEther("5000000");
export const BANKROLL_NATIVE = parseEther("1000");
export const JACKPOT_SEED = parseEther("1200000");
export const PLAYER_DEGEN = parseEther("1000000");

const abi = AbiCoder.defaultAbiCoder();

/** random = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)), as in docs/decisions.md §9. */
export function randomWord(seed: string, clientSeed: string, player: string, nonce: bigint, chainId: bigint, casino: string): string {
  // The six static words written out: ethers' encoder, which checksums each address (a keccak256
  // in JavaScript), cost the invariant fuzz more than the hash itself. What it would refuse, or
  // reads differently, goes to it.
  const words = [bytes32Word(seed), bytes32Word(clientSeed), addressWord(player), uintWord(nonce), uintWord(chainId), addressWord(casino)];
  if (words.every((word) => word !== null)) return keccak256(`0x${words.join("")}`);
  return keccak256(abi.encode(["bytes32", "bytes32", "address", "uint256", "uint256", "address"], [seed, clientSeed, player, nonce, chainId, casino]));
}

/** Addresses abi.encode has accepted (getAddress: well-formed, and rightly checksummed if in mixed case). */
const acceptedAddresses = new Set<string>();
function addressWord(address: string): string | null {
  if (!acceptedAddresses.has(address)) {
    if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
    try {
      getAddress(address);
    } catch {
      return null;
    }
    acceptedAddresses.add(address);
  }
  return address.slice(2).toLowerCase().padStart(64, "0");
}
const bytes32Word = (value: string) => (typeof value === "string" && /^0x[0-9a-fA-F]{64}$/.test(value) ? value.slice(2).toLowerCase() : null);
const uintWord = (value: bigint) => (typeof value === "bigint" && value >= 0n && value < 1n << 256n ? value.toString(16).padStart(64, "0") : null);

/** roll = uint256(keccak256(abi.encode(JACKPOT_DOMAIN, casino, betId, blockHash))) >> 209. */
export function jackpotRoll(casino: string, betId: bigint, entropy: string): bigint {
  return BigInt(keccak256(abi.encode(["bytes32", "address", "uint256", "bytes32"], [JACKPOT_DOMAIN, casino, betId, entropy]))) >> 209n;
}

/** P(hit) × 2^47 = min(2^47, stake × edge × 2^47 / (10000 × prize)). */
export function jackpotOdds(stake: bigint, edgeBps: bigint, prize: bigint): bigint {
  if (prize === 0n) return 0n;
  const odds = (stake * edgeBps * ODDS_ONE) / (prize * 10_000n);
  return odds < ODDS_ONE ? odds : ODDS_ONE;
}

export const JACKPOT_PRIZE_UNIT = 10n ** 9n;
const MAX_JACKPOT_PRIZE = ((1n << 56n) - 1n) * JACKPOT_PRIZE_UNIT;

/** The prize fixed at placement: pool × share / 10000, rounded down to a whole 10^9 base units, capped at 2^56 − 1 units. */
export function jackpotPrizeOf(pool: bigint, shareBps: bigint): bigint {
  const share = (pool * shareBps) / 10_000n;
  const prize = share < MAX_JACKPOT_PRIZE ? share : MAX_JACKPOT_PRIZE;
  return prize - (prize % JACKPOT_PRIZE_UNIT);
}

/** The prize a DEGEN bet records when placed: jackpotPrizeOf(pool, share), or 0 when that gives it no odds. */
export function betJackpotPrize(stake: bigint, edgeBps: bigint, pool: bigint, shareBps: bigint): bigint {
  const prize = jackpotPrizeOf(pool, shareBps);
  return jackpotOdds(stake, edgeBps, prize) === 0n ? 0n : prize;
}

/**
 * The largest payout of a bet, written out from the rules (contracts/Payouts.sol mirrors it;
 * test/Payouts.table.test.ts compares the contract with the engine for every game and params).
 */
export function maxPayout(gameType: number, params: bigint, isNative: boolean, totalStake: bigint, split = false): bigint {
  const rtp = isNative ? RTP_BPS.BNB : RTP_BPS.DEGEN;
  const popCount = (bits: bigint) =>
    bits
      .toString(2)
      .split("")
      .filter((bit) => bit === "1").length;
  const [num, den] =
    gameType === GAME.WHEEL
      ? [10n * rtp, BigInt(popCount(params)) * 10_000n]
      : gameType === GAME.SLOTS
        ? [750n * rtp, 10_000n]
        : gameType === GAME.BLACKJACK
          ? // A natural (2.5x, BNB 2.47x); after a split two wins (2x, BNB 1.98x).
            [split ? (isNative ? 19_800n : 20_000n) : isNative ? 24_700n : 25_000n, 10_000n]
          : gameType === GAME.KICKBOXING
            ? [params === 2n ? 4n : 2n, 1n]
            : gameType === GAME.DICE
              ? // RTP ÷ winning rolls: the target under, 9,999 − the target over (bit 14).
                [rtp, params & (1n << 14n) ? 9_999n - (params & ((1n << 14n) - 1n)) : params]
              : gameType === GAME.PLINKO
                ? // The table's edge slot, in hundredths, × RTP (the engine's PLINKO_TABLES).
                  [BigInt(PLINKO_EDGES[Number(params >> 8n)][Number(params & 0xffn) - 8]) * rtp, 1_000_000n]
                : gameType === GAME.MINES
                  ? [minesBestBps(params, rtp), 10_000n]
                  : [params === 0n ? 10_000n : params, 100n];
  return (totalStake * num) / den;
}

/** playGame's expectedTerms: settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48. */
export function packTerms(settleWindow: bigint, edgeBps: bigint, shareBps: bigint): bigint {
  return settleWindow | (edgeBps << 32n) | (shareBps << 48n);
}

/** A settler hash chain: links[0] = s_0 is committed, links[k] settles the k-th bet after it. */
/** A bet's id, `player << 64 | nonce`: written here again, not imported, because Hardhat's tests load as CommonJS and engine/ is an ES module. */
export function betIdOf(player: string, nonce: bigint): bigint {
  return (BigInt(player) << 64n) | nonce;
}

/** A lane's n-th nonce, `lane << 32 | n`: lane 0 is the wallet, each one-click session has its own (engine laneNonce). */
export function laneNonce(lane: bigint, n: bigint): bigint {
  return (lane << 32n) | n;
}

/** A hash chain for `length` bets, one link per bet: the k-th bet after the commitment settled with link k (engine/src/hashChain.ts). */
export class HashChain {
  readonly links: string[];

  constructor(
    secret: string,
    readonly length: number,
  ) {
    const links = new Array<string>(length + 1);
    links[length] = keccak256(toUtf8Bytes(secret));
    for (let i = length; i > 0; i--) links[i - 1] = keccak256(links[i]);
    this.links = links;
  }

  get commit(): string {
    return this.links[0];
  }

  /** The seed of the k-th bet after the commitment: link k (one link a bet, engine/src/hashChain.ts). */
  seed(k: number): string {
    if (k < 1 || k > this.length) throw new Error(`bet ${k} outside chain of ${this.length}`);
    return this.links[k];
  }
}

/** Deploys the rules, the Casino's libraries, DegenToken and the Casino from `deployer` (scripts/casino-contracts.ts). */
export async function deployPair(deployer: HardhatEthersSigner, devWallet: string, settler: string): Promise<{ token: DegenToken; casino: Casino }> {
  const { token, casino } = await deployCasinoContracts(deployer, devWallet, settler);
  return { token, casino };
}

export interface CasinoFixture {
  token: DegenToken;
  casino: Casino;
  relay: CasinoRelay;
  swapDesk: CasinoSwap;
  casinoAddress: string;
  tokenAddress: string;
  owner: HardhatEthersSigner;
  settler: HardhatEthersSigner;
  devWallet: HardhatEthersSigner;
  stranger: HardhatEthersSigner;
  players: HardhatEthersSigner[];
  chainId: bigint;
}

/**
 * Both contracts deployed and wired, bankroll 5M DEGEN + 1000 BNB, jackpot 1.2M DEGEN, trading
 * open, and each player holding 1M DEGEN with an unlimited allowance to the Casino. Deployed by
 * signer `ownerIndex` (#0 by default).
 */
export async function deployCasino(ownerIndex = 0): Promise<CasinoFixture> {
  const signers = await ethers.getSigners();
  const [, settler, devWallet, stranger] = signers;
  const owner = signers[ownerIndex];
  const players = signers.slice(4, 12);
  // Every fixture funds the BNB bankroll from the owner: top its balance up so that a whole test
  // run, which builds many fixtures on one chain, never runs the dev account dry.
  await ethers.provider.send("hardhat_setBalance", [owner.address, "0x" + (10n ** 24n).toString(16)]);
  const { token, casino } = await deployPair(owner, devWallet.address, settler.address);
  const [tokenAddress, casinoAddress] = await Promise.all([token.getAddress(), casino.getAddress()]);
  await token.approve(casinoAddress, ethers.MaxUint256);
  await casino.fundBankroll(tokenAddress, BANKROLL_DEGEN);
  await casino.fundBankroll(NATIVE, BANKROLL_NATIVE, { value: BANKROLL_NATIVE });
  await casino.fundJackpot(JACKPOT_SEED);
  await token.openTrading();
  for (const player of players) {
    await token.transfer(player.address, PLAYER_DEGEN);
    await token.connect(player).approve(casinoAddress, ethers.MaxUint256);
  }
  const { chainId } = await ethers.provider.getNetwork();
  const relay = await ethers.getContractAt("CasinoRelay", await casino.relay());
  const swapDesk = await ethers.getContractAt("CasinoSwap", await casino.swapDesk());
  return { token, casino, relay, swapDesk, casinoAddress, tokenAddress, owner, settler, devWallet, stranger, players, chainId };
}

/** Replaces the settler the only way the owner can: announces `next`, waits the announcement delay, executes. */
export async function changeSettler(casino: Casino, owner: Signer, next: string) {
  await casino.connect(owner).announceSettlerChange(next);
  await time.increase(await casino.announcementDelay());
  return casino.connect(owner).executeSettlerChange();
}

// ───────────────────────────── the rules' payouts ─────────────────────────────

/** blackjack's SPLIT in an action log (contracts/rules/BlackjackRules.sol). */
export const SPLIT = "0x50";

/**
 * What GameRules pays an open bet for `seed` and the player's `actions` (none: the auto-stand of a
 * hand, no cash-out of a manual crash round): the one payout settle and settleBatch accept. The
 * word is the Casino's own (computeRandom of the bet's client seed, player and nonce).
 */
export async function rulesPayout(casino: Casino, betId: bigint, seed: string, actions = "0x"): Promise<bigint> {
  const [bet, rules] = await Promise.all([casino.getBet(betId), casino.rules()]);
  if (!bet.open) throw new Error(`bet ${betId} is not open`);
  const word = await casino.computeRandom(seed, bet.clientSeed, bet.player, bet.nonce);
  const gameRules = GameRules__factory.connect(rules, ethers.provider);
  // A staked split is played only when the settled log starts with its "P" (Casino.settle's log is
  // empty: the split is then void, its second stake paid back), as BetSettlement._payoutOf asks.
  if (bet.split) return gameRules.splitStakedPayout(bet.token === NATIVE, bet.stake, word, actions);
  return gameRules.payout(bet.gameType, bet.params, bet.token === NATIVE, bet.stake, word, actions);
}

/** The settler's settlement of an open bet at the rules' payout for `seed`. */
export async function settleAt(f: { casino: Casino; settler: Signer }, betId: bigint, seed: string) {
  return f.casino.connect(f.settler).settle(betId, seed, await rulesPayout(f.casino, betId, seed));
}

/** A bet as GameRules.payout takes it. */
export interface RulesBet {
  gameType: number;
  params: bigint;
  isNative: boolean;
  stake: bigint;
  word: string;
  actions?: string;
}

const harnesses = new Map<string, GameRulesHarness>();

/**
 * contracts/test/GameRulesHarness.sol over the Casino's rules, deployed on first use (again after a
 * snapshot dropped it) by the last dev account, which no test uses: no other account's nonce moves.
 */
async function rulesHarness(casino: Casino): Promise<GameRulesHarness> {
  const rules = await casino.rules();
  const known = harnesses.get(rules);
  if (known !== undefined && (await ethers.provider.getCode(known.target)) !== "0x") return known;
  const signers = await ethers.getSigners();
  const harness = await (await new GameRulesHarness__factory(signers[signers.length - 1]).deploy(rules)).waitForDeployment();
  harnesses.set(rules, harness);
  return harness;
}

/** What GameRules pays each bet, in one eth_call (GameRulesHarness.run): the payout, or null where the rules refuse the bet. */
export async function rulesPayouts(casino: Casino, bets: RulesBet[]): Promise<(bigint | null)[]> {
  if (bets.length === 0) return [];
  const packed = concat(
    bets.map((bet) => {
      const actions = bet.actions ?? "0x";
      return solidityPacked(
        ["uint8", "bool", "uint16", "uint256", "uint256", "bytes32", "bytes"],
        [bet.gameType, bet.isNative, getBytes(actions).length, bet.params, bet.stake, bet.word, actions],
      );
    }),
  );
  const results = getBytes(await (await rulesHarness(casino)).run(packed));
  const word = (at: number) => BigInt(`0x${Buffer.from(results.subarray(at, at + 32)).toString("hex")}`);
  // Per bet four words: 0 and the payout, or the revert's selector (marked non-zero) and its first arguments.
  return bets.map((_, k) => (word(128 * k) === 0n ? word(128 * k + 32) : null));
}

/** A bet to come, before its client seed is chosen: its player's nonce and the seed that will settle it. */
export interface PlannedBet {
  player: string;
  nonce: bigint;
  seed: string;
  gameType: number;
  params: bigint;
  isNative: boolean;
  stake: bigint;
  /** The player's actions the outcome is judged with (a split hand's log starts with "P"). */
  actions?: string;
}

/**
 * The first client seed among id("`label` 0"), id("`label` 1"), … whose word the rules settle to a
 * payout `wanted` accepts (null: the rules refuse the bet's actions for that word), so that a test
 * that needs a win, a loss or a splittable hand chooses it from the rules rather than assumes it.
 * Judges up to 256 words per eth_call.
 */
export async function clientSeedWhere(
  casino: Casino,
  bet: PlannedBet,
  wanted: (payout: bigint | null) => boolean,
  label = "client seed",
): Promise<{ clientSeed: string; payout: bigint | null }> {
  const [{ chainId }, casinoAddress] = await Promise.all([ethers.provider.getNetwork(), casino.getAddress()]);
  // Batches of 16, 64, then 256 words: a common outcome is found in the first, a rare one in a few calls.
  for (let first = 0, size = 16; first < 8_192; first += size, size = Math.min(4 * size, 256)) {
    const clientSeeds = Array.from({ length: size }, (_, k) => ethers.id(`${label} ${first + k}`));
    const payouts = await rulesPayouts(
      casino,
      clientSeeds.map((clientSeed) => ({ ...bet, word: randomWord(bet.seed, clientSeed, bet.player, bet.nonce, chainId, casinoAddress) })),
    );
    const found = payouts.findIndex(wanted);
    if (found >= 0) return { clientSeed: clientSeeds[found], payout: payouts[found] };
  }
  throw new Error(`no client seed among 8,192 gives the wanted outcome of game ${bet.gameType} params ${bet.params}`);
}

/**
 * A long test's (or suite's) hang detector: `ms`, or none under solidity-coverage (`npm run coverage`), whose
 * instrumented calls run several times slower, so that a limit there measures the machine's load
 * (two jackpot findings timed out at 300 s and 120 s on a busy 2-core machine, issue #36).
 */
export function hangDetector(test: Mocha.Context | Mocha.Suite, ms: number): void {
  test.timeout((hre as { __SOLIDITY_COVERAGE_RUNNING?: boolean }).__SOLIDITY_COVERAGE_RUNNING ? 0 : ms);
}
