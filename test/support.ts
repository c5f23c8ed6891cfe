// Helpers shared by the contract tests and bench/gas.ts: EIP-712 signatures for CasinoRelay and
// CasinoSessions, and the expected jackpot draw of an open bet, computed with the mirrors of
// test/helpers.ts.
import { expect } from "chai";
import { ethers } from "hardhat";
import { keccak256, Signature, Wallet, type Signer, type TypedDataDomain } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Casino, CasinoRelay } from "../typechain-types";
import type { ISessionCasino } from "../typechain-types/contracts/CasinoSessions";
import { jackpotRoll } from "./helpers";
// A type only: these CommonJS tests cannot load the ESM engine at run time.
import type { SessionGrant } from "../engine/src/session";

export const WITHDRAW_TYPES = {
  Withdraw: [
    { name: "player", type: "address" },
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

export const SWAP_TYPES = {
  Swap: [
    { name: "player", type: "address" },
    { name: "fromToken", type: "address" },
    { name: "toToken", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "minAmountOut", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

// One-click play (contracts/CasinoSessions.sol; engine/src/session.ts declares the same types).
export const SESSION_TYPES = {
  Session: [
    { name: "player", type: "address" },
    { name: "key", type: "address" },
    { name: "commit", type: "bytes32" },
    { name: "expiresAt", type: "uint256" },
    { name: "tokens", type: "uint256" },
    { name: "games", type: "uint256" },
    { name: "maxBetDegen", type: "uint256" },
    { name: "maxBetNative", type: "uint256" },
    { name: "budgetDegen", type: "uint256" },
    { name: "budgetNative", type: "uint256" },
  ],
};

export const BET_TYPES = {
  Bet: [
    { name: "player", type: "address" },
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "game", type: "uint256" },
    { name: "params", type: "uint256" },
    { name: "clientSeedHash", type: "bytes32" },
    { name: "nonce", type: "uint256" },
    { name: "terms", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

/** What the key signs in place of a bet's client seed: keccak256 of its 32 bytes (engine clientSeedHash). */
export const clientSeedHash = (clientSeed: string): string => keccak256(clientSeed);

export const ACTIONS_TYPES = {
  Actions: [
    { name: "betId", type: "uint256" },
    { name: "actions", type: "bytes" },
  ],
};

export const ACTION_KEY_TYPES = {
  ActionKey: [
    { name: "player", type: "address" },
    { name: "betId", type: "uint256" },
    { name: "key", type: "address" },
  ],
};

/** What a player's wallet signs once to open a session (CasinoSessions.Grant): engine/src/session.ts's. */
export type { SessionGrant };

/** A bet as CasinoSessions takes it: the Casino's BetInput and a deadline; the key signs it with the client seed's hash in the seed's place (the EIP-712 `Bet`). Its nonce is its lane's, `lane << 32 | n`. */
export interface SessionBet {
  player: string;
  token: string;
  amount: bigint;
  gameType: number;
  params: bigint;
  clientSeed: string;
  nonce: bigint;
  terms: bigint;
  deadline: bigint;
}

/** The sessions' EIP-712 domain: {name "DEGEN Casino Sessions", version "1", chainId, verifyingContract: the sessions}. */
export function sessionsDomain(chainId: bigint, sessions: string): TypedDataDomain {
  return { name: "DEGEN Casino Sessions", version: "1", chainId, verifyingContract: sessions };
}

/** A signed bet as CasinoSessions.play and place take it: the BetInput, its deadline and the key's EIP-2098 compact signature. */
export async function signSessionBet(key: Signer, domain: TypedDataDomain, bet: SessionBet): Promise<ISessionCasino.SignedBetStruct> {
  const { gameType, deadline, clientSeed, ...signed } = bet;
  const signature = Signature.from(
    await key.signTypedData(domain, BET_TYPES, { ...signed, clientSeedHash: clientSeedHash(clientSeed), game: gameType, deadline }),
  );
  const input = { ...signed, clientSeed };
  return { bet: { ...input, gameType }, deadline, r: signature.r, vs: signature.yParityAndS };
}

/**
 * A wallet bet's settlement with the player's own action log (a blackjack split that counts, a
 * manual cash-out): CasinoSessions.settle from the settler, the log signed by a key the player's
 * wallet named for this bet alone (EIP-712 ActionKey). Without such a log (Casino.settle) a split is
 * void and a manual crash round rides to the crash.
 */
export async function settleWithWalletLog(casino: Casino, settler: Signer, player: Signer, betId: bigint, seed: string, actions: string) {
  const sessions = await ethers.getContractAt("CasinoSessions", await casino.sessions());
  const domain = sessionsDomain((await ethers.provider.getNetwork()).chainId, await sessions.getAddress());
  const key = new Wallet(ethers.id(`action key ${betId}`));
  const signature = await key.signTypedData(domain, ACTIONS_TYPES, { betId, actions });
  const keyGrant = await player.signTypedData(domain, ACTION_KEY_TYPES, { player: await player.getAddress(), betId, key: key.address });
  return sessions.connect(settler).settle(betId, seed, actions, signature, keyGrant);
}

export interface WithdrawRequest {
  player: string;
  token: string;
  amount: bigint;
  deadline: bigint;
}

export interface SwapRequest {
  player: string;
  fromToken: string;
  toToken: string;
  amount: bigint;
  minAmountOut: bigint;
  deadline: bigint;
}

/** The relay's EIP-712 domain: {name "DEGEN Casino", version "1", chainId, verifyingContract: relay}. */
export async function relayDomain(relay: CasinoRelay) {
  const { chainId } = await ethers.provider.getNetwork();
  return { name: "DEGEN Casino", version: "1", chainId, verifyingContract: await relay.getAddress() };
}

/** `signer`'s signature of a withdrawal with its next relay nonce (or `nonce`). */
export async function signWithdraw(relay: CasinoRelay, signer: HardhatEthersSigner, request: WithdrawRequest, nonce?: bigint) {
  const value = { ...request, nonce: nonce ?? (await relay.nonces(request.player)) };
  return signer.signTypedData(await relayDomain(relay), WITHDRAW_TYPES, value);
}

/** `signer`'s signature of a swap with its next relay nonce (or `nonce`). */
export async function signSwap(relay: CasinoRelay, signer: HardhatEthersSigner, request: SwapRequest, nonce?: bigint) {
  const value = { ...request, nonce: nonce ?? (await relay.nonces(request.player)) };
  return signer.signTypedData(await relayDomain(relay), SWAP_TYPES, value);
}

/** The hash of block `blockNumber`, as the EVM's BLOCKHASH gives it. */
export async function blockHashOf(blockNumber: bigint | number): Promise<string> {
  const block = await ethers.provider.getBlock(Number(blockNumber));
  if (!block?.hash) throw new Error(`no block ${blockNumber}`);
  return block.hash;
}

/**
 * The draw a settlement or claim of an open DEGEN bet makes now, with the pool as it is now
 * (or `pool`): entropy = hash of the bet's block, roll against the odds fixed at placement,
 * prize = min(the prize fixed at placement, pool), win = prize on a hit.
 */
export async function expectedDraw(casino: Casino, betId: bigint, pool?: bigint) {
  const bet = await casino.getBet(betId);
  if (!bet.open) throw new Error(`bet ${betId} is not open`);
  const entropy = await blockHashOf(bet.placedBlock);
  const left = pool ?? (await casino.jackpotPool());
  const prize = bet.jackpotPrize < left ? bet.jackpotPrize : left;
  const roll = jackpotRoll(await casino.getAddress(), betId, entropy);
  const hit = roll < bet.jackpotOdds;
  return { entropy, roll, odds: bet.jackpotOdds, prize, hit, win: hit ? prize : 0n };
}

/**
 * What a settlement or claim publishes of a DEGEN bet's jackpot draw: a hit, JackpotDrawn(betId,
 * entropy, win, true); a miss, nothing (anyone recomputes it from the bet's block hash).
 */
export async function expectJackpotDraw(tx: Promise<unknown>, casino: Casino, betId: bigint, draw: { entropy: string; prize: bigint; hit: boolean }) {
  if (draw.hit) await expect(tx).to.emit(casino, "JackpotDrawn").withArgs(betId, draw.entropy, draw.prize, true);
  else await expect(tx).not.to.emit(casino, "JackpotDrawn");
}

/** A getBet answer as a plain object of its named fields, to compare with deep equality. */
export function betFields(view: Awaited<ReturnType<Casino["getBet"]>>) {
  const {
    player,
    nonce,
    token,
    stake,
    totalStake,
    maxPayout,
    gameType,
    params,
    clientSeed,
    split,
    placedBlock,
    claimableAt,
    jackpotOdds,
    jackpotPrize,
    jackpotEdgeBps,
    open,
  } = view;
  return {
    player,
    nonce,
    token,
    stake,
    totalStake,
    maxPayout,
    gameType,
    params,
    clientSeed,
    split,
    placedBlock,
    claimableAt,
    jackpotOdds,
    jackpotPrize,
    jackpotEdgeBps,
    open,
  };
}
