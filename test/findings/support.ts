// Shared support of the regression tests of the review's findings (docs/findings.md,
// test/findings/): posting hash chains, placing bets with the current terms, reading events and
// revert data, mining several transactions in one block, and emulating EIP-2935 where Hardhat
// does not implement it.
import { ethers, network } from "hardhat";
import { parseEther, toBeHex, zeroPadValue, type BaseContract, type LogDescription, type TransactionReceipt } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { betIdOf, clientSeedWhere, GAME, HashChain, jackpotRoll, NATIVE, rulesPayout, settleAt, type CasinoFixture } from "../helpers";

/** EIP-2935's history contract address (OZ Blockhash reads block hashes 257..8191 blocks back there). */
export const HISTORY_STORAGE_ADDRESS = "0x0000F90827F1C53a10cb7A02335B175320002935";
/** EIP-2935's runtime bytecode (ring buffer of 8191 hashes, slot = number % 8191; reverts with no data out of range). */
export const HISTORY_STORAGE_CODE =
  "0x3373fffffffffffffffffffffffffffffffffffffffe14604657602036036042575f35600143038111604257611fff81430311604257611fff9006545f5260205ff35b5f5ffd5b5f35611fff60014303065500";
export const HISTORY_SERVE_WINDOW = 8191;

/** Posts a fresh hash chain of `length` links for `player` (settler) and returns it. */
export async function postChain(f: CasinoFixture, player: string, secret: string, length: number): Promise<HashChain> {
  const chain = new HashChain(secret, length);
  await f.casino.connect(f.settler).setCommitment(player, chain.commit, length);
  return chain;
}

export interface PlaceOptions {
  token?: string;
  amount?: bigint;
  game?: number;
  params?: bigint;
  value?: bigint;
  clientSeed?: string;
  terms?: bigint;
}

export interface PlacedBet {
  betId: bigint;
  nonce: bigint;
  amount: bigint;
  token: string;
  clientSeed: string;
  terms: bigint;
  odds: bigint;
  prize: bigint;
  block: number;
  timestamp: number;
  receipt: TransactionReceipt;
}

/** Places a bet with the player's current commitment and the current terms; returns what BetPlaced said. */
export async function placeBet(f: CasinoFixture, player: HardhatEthersSigner, options: PlaceOptions = {}): Promise<PlacedBet> {
  const token = options.token ?? f.tokenAddress;
  const amount = options.amount ?? (token === NATIVE ? parseEther("0.01") : parseEther("10"));
  const [[commit, nonce], currentTerms] = await Promise.all([f.casino.commitmentOf(player.address), f.casino.terms()]);
  const clientSeed = options.clientSeed ?? ethers.id(`client ${player.address} ${nonce}`);
  const tx = await f.casino
    .connect(player)
    .playGame(token, amount, options.game ?? GAME.WHEEL, options.params ?? 1n, clientSeed, commit, options.terms ?? currentTerms, {
      value: options.value ?? 0n,
    });
  const receipt = (await tx.wait())!;
  const [placed] = eventsOf(receipt, f.casino, "BetPlaced");
  const block = (await ethers.provider.getBlock(receipt.blockNumber))!;
  return {
    betId: betIdOf(player.address, nonce),
    nonce,
    amount,
    token,
    clientSeed,
    terms: placed.args.terms as bigint,
    odds: placed.args.jackpotOdds as bigint,
    prize: placed.args.jackpotPrize as bigint,
    block: receipt.blockNumber,
    timestamp: block.timestamp,
    receipt,
  };
}

/** The events `name` that `contract` emitted in a receipt, decoded, in log order. */
export function eventsOf(receipt: TransactionReceipt, contract: BaseContract, name: string): LogDescription[] {
  const address = (contract.target as string).toLowerCase();
  const found: LogDescription[] = [];
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== address) continue;
    const parsed = contract.interface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === name) found.push(parsed);
  }
  return found;
}

/** What a mined transaction cost its sender in gas, in wei. */
export function gasCost(receipt: TransactionReceipt): bigint {
  return receipt.gasUsed * receipt.gasPrice;
}

/** The hash of block `number` as the chain reports it. */
export async function blockHashOf(number: number): Promise<string> {
  return (await ethers.provider.getBlock(number))!.hash!;
}

/**
 * Sends several transactions into one block: automine off, each `send` in order (each must pass
 * an explicit gasLimit, since estimating against the pending block could fail), mine once,
 * automine back on. Returns the receipts, reverted ones included (status 0).
 */
export async function mineTogether(sends: (() => Promise<{ hash: string }>)[]): Promise<TransactionReceipt[]> {
  await network.provider.send("evm_setAutomine", [false]);
  const hashes: string[] = [];
  try {
    for (const send of sends) hashes.push((await send()).hash);
    await network.provider.send("evm_mine", []);
  } finally {
    await network.provider.send("evm_setAutomine", [true]);
  }
  return Promise.all(hashes.map(async (hash) => (await ethers.provider.getTransactionReceipt(hash))!));
}

/** The revert data of a mined, reverted transaction (replayed by debug_traceTransaction). */
export async function revertDataOf(hash: string): Promise<string> {
  const trace = (await network.provider.send("debug_traceTransaction", [hash, { disableStorage: true, disableMemory: true, disableStack: true }])) as {
    failed: boolean;
    returnValue: string;
  };
  if (!trace.failed) throw new Error(`transaction ${hash} did not revert`);
  return trace.returnValue.startsWith("0x") ? trace.returnValue : `0x${trace.returnValue}`;
}

/** Mines `blocks` empty blocks at once. */
export async function mineBlocks(blocks: number): Promise<void> {
  await network.provider.send("hardhat_mine", [toBeHex(blocks)]);
}

/**
 * Makes the chain answer EIP-2935 history queries as BSC (Pascal) and Ethereum (Prague) do:
 * installs the EIP's own bytecode at its address and writes the hashes of `blocks` into its ring
 * buffer, where the chain's system call would have put them. (Hardhat 2.29 does not implement
 * EIP-2935: it puts a contract there that reverts with an Error(string), NomicFoundation/edr#809.)
 */
export async function emulateHistoryContract(blocks: number[]): Promise<void> {
  await network.provider.send("hardhat_setCode", [HISTORY_STORAGE_ADDRESS, HISTORY_STORAGE_CODE]);
  for (const block of blocks) {
    await network.provider.send("hardhat_setStorageAt", [
      HISTORY_STORAGE_ADDRESS,
      toBeHex(block % HISTORY_SERVE_WINDOW),
      zeroPadValue(await blockHashOf(block), 32),
    ]);
  }
}

/** Makes the chain one without EIP-2935 (no code at its address): BLOCKHASH's 256 blocks only. */
export async function removeHistoryContract(): Promise<void> {
  await network.provider.send("hardhat_setCode", [HISTORY_STORAGE_ADDRESS, "0x"]);
}

/** Formats base units with 18 decimals for the reports the tests print. */
export function fmt(amount: bigint, decimals = 4): string {
  const negative = amount < 0n;
  const magnitude = negative ? -amount : amount;
  const whole = magnitude / 10n ** 18n;
  const fraction = ((magnitude % 10n ** 18n) * 10n ** BigInt(decimals)) / 10n ** 18n;
  return `${negative ? "-" : ""}${whole.toLocaleString("en-US")}.${fraction.toString().padStart(decimals, "0")}`;
}

/**
 * What the settler sees once a bet's block is mined: whether its settlement would hit the
 * jackpot. Places bets of `amount` (DEGEN, crash `params`) for `player`, settling every bet that
 * would miss at once at the rules' payout, until one would hit; returns that one, open, with its
 * seed and the rules' payout for it. Each bet must have odds well above 0 (e.g.
 * setJackpotTerms(200, 1) and 600 DEGEN: p = 10 %).
 */
export async function placeHittingBet(
  f: CasinoFixture,
  player: HardhatEthersSigner,
  chain: HashChain,
  options: PlaceOptions,
): Promise<PlacedBet & { seed: string; entropy: string; payout: bigint }> {
  return placeBetWhoseRoll(f, player, chain, options, (roll, odds) => roll < odds);
}

/** As placeHittingBet, for a bet whose draw would miss. */
export async function placeMissingBet(
  f: CasinoFixture,
  player: HardhatEthersSigner,
  chain: HashChain,
  options: PlaceOptions,
): Promise<PlacedBet & { seed: string; entropy: string; payout: bigint }> {
  return placeBetWhoseRoll(f, player, chain, options, (roll, odds) => roll >= odds);
}

/** What a bet's game must give (GameRules): a payout `wanted` accepts for the player's `actions`. */
export interface Outcome {
  wanted: (payout: bigint | null) => boolean;
  actions?: string;
}

/**
 * Places bets until the roll of one (public from its block on) satisfies `wanted`; settles the
 * others at once at the rules' payout and returns that one, open, with its seed, entropy and the
 * rules' payout for it (no actions). With an `outcome`, each bet's client seed is chosen so that
 * its game gives it.
 */
export async function placeBetWhoseRoll(
  f: CasinoFixture,
  player: HardhatEthersSigner,
  chain: HashChain,
  options: PlaceOptions,
  wanted: (roll: bigint, odds: bigint) => boolean,
  outcome?: Outcome,
): Promise<PlacedBet & { seed: string; entropy: string; roll: bigint; payout: bigint }> {
  const token = options.token ?? f.tokenAddress;
  for (let tries = 0; tries < 200; tries++) {
    let clientSeed = options.clientSeed;
    if (outcome !== undefined) {
      const [, nonce] = await f.casino.commitmentOf(player.address);
      const planned = {
        player: player.address,
        nonce,
        seed: chain.seed(Number(nonce) + 1),
        gameType: options.game ?? GAME.WHEEL,
        params: options.params ?? 1n,
        isNative: token === NATIVE,
        stake: options.amount ?? (token === NATIVE ? parseEther("0.01") : parseEther("10")),
        actions: outcome.actions,
      };
      ({ clientSeed } = await clientSeedWhere(f.casino, planned, outcome.wanted, `outcome ${player.address} ${nonce}`));
    }
    const bet = await placeBet(f, player, { ...options, clientSeed });
    if (bet.odds === 0n) throw new Error("a bet without jackpot odds draws nothing");
    const seed = chain.seed(Number(bet.nonce) + 1);
    const entropy = await blockHashOf(bet.block);
    const roll = jackpotRoll(f.casinoAddress, bet.betId, entropy);
    if (wanted(roll, bet.odds)) return { ...bet, seed, entropy, roll, payout: await rulesPayout(f.casino, bet.betId, seed) };
    await settleAt(f, bet.betId, seed);
  }
  throw new Error("no such bet in 200 tries");
}
