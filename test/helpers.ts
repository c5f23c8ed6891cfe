import { AbiCoder, getCreateAddress, keccak256, parseEther, toUtf8Bytes, ZeroAddress } from "ethers";
import { ethers } from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Casino, DegenToken } from "../typechain-types";

export const NATIVE = ZeroAddress;
export const GAME = { WHEEL: 0, SLOTS: 1, BLACKJACK: 2, KICKBOXING: 3, CRASH: 4 } as const;
export const MAX_MULTIPLIER_BPS = [102_000n, 7_650_000n, 25_000n, 40_000n, 1_000_000n];
export const JACKPOT_DOMAIN = keccak256(toUtf8Bytes("DEGEN_CASINO_JACKPOT"));
export const BANKROLL_DEGEN = parseEther("5000000");
export const BANKROLL_NATIVE = parseEther("1000");
export const JACKPOT_SEED = parseEther("1200000");
export const PLAYER_DEGEN = parseEther("1000000");

const abi = AbiCoder.defaultAbiCoder();

/** random = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)), as in notes/interop.md. */
export function randomWord(seed: string, clientSeed: string, player: string, nonce: bigint, chainId: bigint, casino: string): string {
  return keccak256(
    abi.encode(["bytes32", "bytes32", "address", "uint256", "uint256", "address"], [seed, clientSeed, player, nonce, chainId, casino]),
  );
}

export function jackpotRoll(random: string): number {
  return Number(BigInt(keccak256(abi.encode(["bytes32", "bytes32"], [JACKPOT_DOMAIN, random]))) % 10_000n);
}

export function betIdOf(player: string, nonce: bigint): bigint {
  return (BigInt(player) << 64n) | nonce;
}

/** A settler hash chain: links[0] = s_0 is committed, links[k] settles the k-th bet after it. */
export class HashChain {
  readonly links: string[];

  constructor(secret: string, readonly length: number) {
    const links = new Array<string>(length + 1);
    links[length] = keccak256(toUtf8Bytes(secret));
    for (let i = length; i > 0; i--) links[i - 1] = keccak256(links[i]);
    this.links = links;
  }

  get commit(): string {
    return this.links[0];
  }

  seed(link: number): string {
    if (link < 1 || link > this.length) throw new Error(`link ${link} outside chain of ${this.length}`);
    return this.links[link];
  }
}

/**
 * Deploys DegenToken then Casino from `deployer`. The token is built with the Casino's address,
 * predicted from the deployer's nonce; the Casino's constructor checks it.
 */
export async function deployPair(
  deployer: HardhatEthersSigner,
  devWallet: string,
  settler: string,
): Promise<{ token: DegenToken; casino: Casino }> {
  const nonce = await deployer.getNonce();
  const predictedCasino = getCreateAddress({ from: deployer.address, nonce: nonce + 1 });
  const token = await (await ethers.getContractFactory("DegenToken", deployer)).deploy(devWallet, predictedCasino);
  const casino = await (await ethers.getContractFactory("Casino", deployer)).deploy(await token.getAddress(), settler);
  return { token, casino };
}

export interface CasinoFixture {
  token: DegenToken;
  casino: Casino;
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
  return { token, casino, casinoAddress, tokenAddress, owner, settler, devWallet, stranger, players, chainId };
}
