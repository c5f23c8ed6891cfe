// Shared fixture for the bet tests: three players with posted hash chains and funded vaults.
import { ethers } from "hardhat";
import { parseEther, type BigNumberish } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { deployCasino, HashChain, betIdOf, clientSeedWhere, NATIVE, GAME } from "./helpers";

export const CHAIN_LENGTH = 16;

export interface BetOptions {
  token?: string;
  amount?: bigint;
  game?: number;
  params?: BigNumberish;
  value?: bigint;
  clientSeed?: string;
}

export async function bettingFixture() {
  const f = await deployCasino();
  const chains = new Map<string, HashChain>();
  for (const [i, player] of f.players.slice(0, 3).entries()) {
    const chain = new HashChain(`player ${i}`, CHAIN_LENGTH);
    chains.set(player.address, chain);
    await f.casino.connect(f.settler).setCommitment(player.address, chain.commit, CHAIN_LENGTH);
    await f.casino.connect(player).deposit(f.tokenAddress, parseEther("10000"));
    await f.casino.connect(player).deposit(NATIVE, parseEther("10"), { value: parseEther("10") });
  }

  const tokenOf = (options: BetOptions) => options.token ?? f.tokenAddress;
  const amountOf = (options: BetOptions) => options.amount ?? (tokenOf(options) === NATIVE ? parseEther("0.01") : parseEther("10"));

  /** Places a bet with the player's current commitment; returns its id and nonce. */
  async function place(player: HardhatEthersSigner, options: BetOptions = {}) {
    const token = tokenOf(options);
    const amount = amountOf(options);
    const [[commit, nonce], terms] = await Promise.all([f.casino.commitmentOf(player.address), f.casino.terms()]);
    const clientSeed = options.clientSeed ?? ethers.id(`client ${player.address} ${nonce}`);
    await f.casino
      .connect(player)
      .playGame(token, amount, options.game ?? GAME.WHEEL, options.params ?? 1, clientSeed, commit, terms, { value: options.value ?? 0n });
    return { betId: betIdOf(player.address, nonce), nonce, clientSeed, amount, token };
  }

  /** The seed settling the player's wallet bet (playGame) of `nonce` under the fixture's first chain: link nonce + 1. */
  const seedOf = (player: HardhatEthersSigner, nonce: bigint) => chains.get(player.address)!.seed(Number(nonce) + 1);

  /**
   * Places a bet whose client seed makes the rules settle it (with the player's `actions`) to a
   * payout `wanted` accepts; returns it with that payout.
   */
  async function placeWhere(player: HardhatEthersSigner, options: BetOptions, wanted: (payout: bigint | null) => boolean, actions?: string) {
    const [, nonce] = await f.casino.commitmentOf(player.address);
    const planned = {
      player: player.address,
      nonce,
      seed: seedOf(player, nonce),
      gameType: options.game ?? GAME.WHEEL,
      params: BigInt(options.params ?? 1),
      isNative: tokenOf(options) === NATIVE,
      stake: amountOf(options),
      actions,
    };
    const { clientSeed, payout } = await clientSeedWhere(f.casino, planned, wanted, `client ${player.address} ${nonce}`);
    return { ...(await place(player, { ...options, clientSeed })), payout };
  }

  return { ...f, chains, place, placeWhere, seedOf };
}
