import { AbiCoder, keccak256, parseEther, toUtf8Bytes, ZeroAddress } from "ethers";
import { ethers } from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Casino, CasinoRelay, CasinoSwap, DegenToken } from "../typechain-types";
import { deployCasinoContracts } from "../scripts/casino-contracts";

export const NATIVE = ZeroAddress;
export const GAME = { WHEEL: 0, SLOTS: 1, BLACKJACK: 2, KICKBOXING: 3, CRASH: 4 } as const;
export const JACKPOT_DOMAIN = keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT"));
export const ODDS_ONE = 1n << 47n;
export const RTP_BPS = { DEGEN: 10_200n, BNB: 9_800n } as const;
export const BANKROLL_DEGEN = parseEther("5000000");
export const BANKROLL_NATIVE = parseEther("1000");
export const JACKPOT_SEED = parseEther("1200000");
export const PLAYER_DEGEN = parseEther("1000000");

const abi = AbiCoder.defaultAbiCoder();

/** random = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)), as in notes/interop.md. */
export function randomWord(seed: string, clientSeed: string, player: string, nonce: bigint, chainId: bigint, casino: string): string {
  return keccak256(abi.encode(["bytes32", "bytes32", "address", "uint256", "uint256", "address"], [seed, clientSeed, player, nonce, chainId, casino]));
}

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
          ? split
            ? [2n, 1n]
            : [5n, 2n]
          : gameType === GAME.KICKBOXING
            ? [params === 2n ? 4n : 2n, 1n]
            : [params === 0n ? 10_000n : params, 100n];
  return (totalStake * num) / den;
}

/** playGame's expectedTerms: settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48. */
export function packTerms(settleWindow: bigint, edgeBps: bigint, shareBps: bigint): bigint {
  return settleWindow | (edgeBps << 32n) | (shareBps << 48n);
}

export function betIdOf(player: string, nonce: bigint): bigint {
  return (BigInt(player) << 64n) | nonce;
}

/** A settler hash chain: links[0] = s_0 is committed, links[k] settles the k-th bet after it. */
/** A hash chain for `length` bets: two links per bet, bet k settled with link 2k − 1 when relayed, 2k from the wallet (engine/src/hashChain.ts). */
export class HashChain {
  readonly links: string[];

  constructor(
    secret: string,
    readonly length: number,
  ) {
    const links = new Array<string>(2 * length + 1);
    links[2 * length] = keccak256(toUtf8Bytes(secret));
    for (let i = 2 * length; i > 0; i--) links[i - 1] = keccak256(links[i]);
    this.links = links;
  }

  get commit(): string {
    return this.links[0];
  }

  /** The seed of the k-th bet after the commitment. */
  seed(k: number, relayed = false): string {
    if (k < 1 || k > this.length) throw new Error(`bet ${k} outside chain of ${this.length}`);
    return this.links[relayed ? 2 * k - 1 : 2 * k];
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
