import { keccak256, parseEther, toBeHex, ZeroAddress } from "ethers";
import {
  GameType,
  HashChain,
  checksumAddress,
  jackpotDraw,
  betJackpotPrize,
  jackpotOdds,
  maxPayout,
  randomWord,
  settleGame,
  type SettlementActions,
  type Token,
} from "../../../engine/src/index";
import type { ChainEvent, Position } from "../../src/events";
import type { EventOf } from "../../src/types";

export const CHAIN_ID = 31337n;
export const CASINO = checksumAddress("0x" + "ca".repeat(20));
export const DEGEN = checksumAddress("0x" + "de".repeat(20));
const SECRET = "0x" + "11".repeat(32);
/** settleWindow 3600 | edge 50 << 32 | share 500 << 48, the deployment's terms. */
export const TERMS = 3600n | (50n << 32n) | (500n << 48n);

/** What a settlement publishes, each part overridable to play a faulty house. */
export interface SettleOverrides {
  actions?: SettlementActions | null;
  payout?: bigint;
  seed?: string;
  random?: string;
  entropy?: string;
  hit?: boolean;
  prize?: bigint;
  won?: bigint | null;
  /** Blocks between the bet and its settlement (1 by default). */
  after?: number;
  gamePlayed?: false;
}

/**
 * A Casino history written as events, for the audit's unit tests: what the contract emits for an
 * honest house, with any part replaced at will — including faults the contract itself refuses,
 * which a verifier of "any chain" must still catch.
 */
export class History {
  readonly events: ChainEvent[] = [];
  private block = 10;
  private logIndex = 0;
  private pool = 0n;
  private readonly chains = new Map<string, { links: HashChain; first: bigint; epoch: number; next: bigint }>();
  private readonly nextNonce = new Map<string, bigint>();
  private readonly bets = new Map<bigint, EventOf<"BetPlaced">>();

  static player(i: number): string {
    return checksumAddress("0x" + (i + 1).toString(16).padStart(40, "0"));
  }

  blockHash(block: number): string {
    return keccak256(toBeHex(block, 32));
  }

  /** A new transaction in a new block (`after` blocks later). */
  private tx(after = 1): () => Position {
    this.block += after;
    this.logIndex = 0;
    const tx = keccak256(toBeHex(this.block * 1000 + this.events.length, 32));
    return () => ({ block: this.block, logIndex: this.logIndex++, tx });
  }

  fundJackpot(amount: bigint): void {
    const at = this.tx();
    this.pool += amount;
    this.events.push({ name: "JackpotFunded", at: at(), amount });
  }

  commit(player: string, length = 16): void {
    const at = this.tx();
    const epoch = (this.chains.get(player)?.epoch ?? -1) + 1;
    const first = this.nextNonce.get(player) ?? 0n;
    const links = new HashChain(SECRET, player, epoch, length);
    this.chains.set(player, { links, first, epoch, next: first });
    this.events.push({ name: "CommitmentSet", at: at(), player, commit: links.commitment, firstNonce: first, length: BigInt(length) });
  }

  place(player: string, bet: { token?: Token; amount?: bigint; gameType: GameType; params?: bigint; clientSeed?: string }): EventOf<"BetPlaced"> {
    const at = this.tx();
    const nonce = this.nextNonce.get(player) ?? 0n;
    this.nextNonce.set(player, nonce + 1n);
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
      clientSeed: bet.clientSeed ?? keccak256(toBeHex(this.events.length, 32)),
      terms: TERMS,
      jackpotOdds: odds,
      jackpotPrize: prize,
    };
    this.events.push(event);
    this.bets.set(event.betId, event);
    return event;
  }

  /** lockJackpotEntropy: records the hash of the bet's block (or a wrong one). */
  lock(bet: EventOf<"BetPlaced">, entropy = bet.blockHash): void {
    const at = this.tx();
    this.events.push({ name: "JackpotEntropyLocked", at: at(), betId: bet.betId, entropy });
  }

  /** The seed the honest house reveals for the bet (its chain's link for that nonce). */
  seedOf(bet: EventOf<"BetPlaced">): string {
    const chain = this.chains.get(bet.player)!;
    return chain.links.seed(Number(bet.nonce - chain.first) + 1);
  }

  wordOf(bet: EventOf<"BetPlaced">): string {
    return randomWord({ seed: this.seedOf(bet), clientSeed: bet.clientSeed, player: bet.player, nonce: bet.nonce, chainId: CHAIN_ID, casino: CASINO });
  }

  settle(bet: EventOf<"BetPlaced">, overrides: SettleOverrides = {}): void {
    const at = this.tx(overrides.after ?? 1);
    const seed = overrides.seed ?? this.seedOf(bet);
    // The payout follows the seed's word even when the published word is replaced: one fault at a time.
    const word = randomWord({ seed, clientSeed: bet.clientSeed, player: bet.player, nonce: bet.nonce, chainId: CHAIN_ID, casino: CASINO });
    const random = overrides.random ?? word;
    const token: Token = bet.token === ZeroAddress ? "BNB" : "DEGEN";
    const payout =
      overrides.payout ??
      settleGame({ gameType: bet.gameType as GameType, token, stake: bet.amount, params: bet.params, word, actions: overrides.actions }).payout;
    this.events.push({ name: "BetSettled", at: at(), betId: bet.betId, seed, random });
    if (overrides.gamePlayed !== false)
      this.events.push({ name: "GamePlayed", at: at(), player: bet.player, betAmount: bet.amount, payout, won: payout > bet.amount, gameType: bet.gameType });
    if (token === "DEGEN") this.draw(bet, at, overrides);
  }

  claim(bet: EventOf<"BetPlaced">, overrides: SettleOverrides = {}): void {
    const at = this.tx(overrides.after ?? 1);
    const reservation = maxPayout(bet.gameType as GameType, bet.params, bet.token === ZeroAddress ? "BNB" : "DEGEN", bet.amount);
    const payout = overrides.payout ?? reservation;
    this.events.push({ name: "ExpiredBetClaimed", at: at(), betId: bet.betId, player: bet.player, payout });
    this.events.push({ name: "GamePlayed", at: at(), player: bet.player, betAmount: bet.amount, payout, won: payout > bet.amount, gameType: bet.gameType });
    if (bet.token !== ZeroAddress) this.draw(bet, at, overrides);
  }

  private draw(bet: EventOf<"BetPlaced">, at: () => Position, overrides: SettleOverrides): void {
    const blocksLater = this.block - bet.at.block;
    const entropy = overrides.entropy ?? (blocksLater > 8191 ? "0x" + "0".repeat(64) : bet.blockHash);
    const draw = jackpotDraw({ casino: CASINO, betId: bet.betId, entropy, odds: bet.jackpotOdds, prize: bet.jackpotPrize, pool: this.pool });
    const prize = overrides.prize ?? draw.prize;
    const hit = overrides.hit ?? draw.hit;
    this.events.push({ name: "JackpotDrawn", at: at(), betId: bet.betId, entropy, prize, hit });
    const won = overrides.won === undefined ? (hit && prize > 0n ? prize : null) : overrides.won;
    if (won !== null) {
      this.pool -= won;
      this.events.push({ name: "JackpotWon", at: at(), player: bet.player, amount: won });
    }
  }
}
