// The fuzz's independent model of the Casino: what every balance should be after each operation,
// and which custom error an operation must revert with. It mirrors the contract's order of checks.
import { HashChain, jackpotRoll, randomWord, betIdOf, MAX_MULTIPLIER_BPS } from "../helpers";

export type Token = "DEGEN" | "BNB";
export const TOKENS: Token[] = ["DEGEN", "BNB"];
export const MIN_BET: Record<Token, bigint> = { DEGEN: 10n ** 18n, BNB: 10n ** 15n };
const BPS = 10_000n;
const RISK_BPS = 500n;
const MAX_BET_LIMIT: Record<Token, bigint> = { DEGEN: 1_000_000n * 10n ** 18n, BNB: 100n * 10n ** 18n };
export const SETTLE_WINDOW = 3600;
export const WITHDRAWAL_DELAY = 86_400;
const JACKPOT_CHANCE_BPS = 100;
const JACKPOT_PAYOUT_BPS = 500n;
const DEGEN_PER_NATIVE = 10_000n;

export interface OpenBet {
  betId: bigint;
  nonce: bigint;
  token: Token;
  stake: bigint;
  multiplier: bigint;
  gameType: number;
  split: boolean;
  placedAt: number;
  clientSeed: string;
}

export class PlayerModel {
  wallet = 0n; // DEGEN in the player's wallet
  vault: Record<Token, bigint> = { DEGEN: 0n, BNB: 0n };
  chain: HashChain | null = null;
  chainStart = 0n;
  chainEnd = 0n;
  nextNonce = 0n;
  resolved = 0n;
  head = 0n;
  commit = "0x" + "00".repeat(32);
  root = this.commit;
  bets: OpenBet[] = [];

  constructor(readonly address: string) {}

  seedFor(nonce: bigint): string {
    if (!this.chain) throw new Error("no chain");
    return this.chain.seed(Number(nonce - this.chainStart + 1n));
  }
}

export function totalStake(bet: OpenBet): bigint {
  return bet.split ? 2n * bet.stake : bet.stake;
}

export function maxPayout(bet: OpenBet): bigint {
  return (totalStake(bet) * bet.multiplier) / BPS;
}

export class CasinoModel {
  bankroll: Record<Token, bigint> = { DEGEN: 0n, BNB: 0n };
  reserved: Record<Token, bigint> = { DEGEN: 0n, BNB: 0n };
  jackpot = 0n;
  paused = false;
  pending: Record<Token, { amount: bigint; executableAt: number } | null> = { DEGEN: null, BNB: null };
  jackpotHits = 0;
  readonly players: PlayerModel[];

  constructor(addresses: string[], readonly chainId: bigint, readonly casino: string) {
    this.players = addresses.map((address) => new PlayerModel(address));
  }

  free(token: Token): bigint {
    return this.bankroll[token] - this.reserved[token];
  }

  maxBet(token: Token, gameType: number): bigint {
    const byBankroll = (this.free(token) * RISK_BPS) / MAX_MULTIPLIER_BPS[gameType];
    return byBankroll < MAX_BET_LIMIT[token] ? byBankroll : MAX_BET_LIMIT[token];
  }

  openBets(): OpenBet[] {
    return this.players.flatMap((player) => player.bets);
  }

  /** The error a stake payment fails with (stake from msg.value, vault or allowance), or null. */
  stakeError(player: PlayerModel, token: Token, amount: bigint, value: bigint): string | null {
    if (value !== 0n) return token !== "BNB" || value !== amount ? "ValueMismatch" : null;
    if (player.vault[token] >= amount) return null;
    if (token === "BNB") return "InsufficientBalance";
    return player.wallet >= amount ? null : "ERC20InsufficientBalance";
  }

  takeStake(player: PlayerModel, token: Token, amount: bigint, value: bigint): void {
    if (value !== 0n) return;
    if (player.vault[token] >= amount) player.vault[token] -= amount;
    else player.wallet -= amount;
  }

  place(player: PlayerModel, token: Token, amount: bigint, gameType: number, clientSeed: string, now: number): void {
    const multiplier = MAX_MULTIPLIER_BPS[gameType];
    this.reserved[token] += (amount * multiplier) / BPS;
    const nonce = player.nextNonce++;
    player.bets.push({ betId: betIdOf(player.address, nonce), nonce, token, stake: amount, multiplier, gameType, split: false, placedAt: now, clientSeed });
  }

  /** Applies a settlement; returns the jackpot won (0 when none). */
  settle(player: PlayerModel, seed: string, payout: bigint): bigint {
    const bet = player.bets.shift()!;
    player.commit = seed;
    player.resolved = bet.nonce + 1n;
    player.head = bet.nonce + 1n;
    this.resolveHouse(bet, payout);
    let jackpotWin = 0n;
    if (bet.token === "DEGEN") {
      const random = randomWord(seed, bet.clientSeed, player.address, bet.nonce, this.chainId, this.casino);
      if (jackpotRoll(random) < JACKPOT_CHANCE_BPS) {
        jackpotWin = (this.jackpot * JACKPOT_PAYOUT_BPS) / BPS;
        this.jackpot -= jackpotWin;
        if (jackpotWin > 0n) this.jackpotHits++;
      }
    }
    player.vault[bet.token] += payout + jackpotWin;
    return jackpotWin;
  }

  claim(player: PlayerModel): void {
    const bet = player.bets.shift()!;
    player.resolved = bet.nonce + 1n;
    this.resolveHouse(bet, maxPayout(bet));
    player.vault[bet.token] += maxPayout(bet);
  }

  private resolveHouse(bet: OpenBet, payout: bigint): void {
    this.bankroll[bet.token] += totalStake(bet) - payout;
    this.reserved[bet.token] -= maxPayout(bet);
  }

  /** Applies a split's bookkeeping once its checks passed. */
  split(bet: OpenBet): void {
    this.reserved[bet.token] += (2n * bet.stake * bet.multiplier) / BPS - (bet.stake * bet.multiplier) / BPS;
    bet.split = true;
  }

  splitExtra(bet: OpenBet): bigint {
    return (2n * bet.stake * bet.multiplier) / BPS - (bet.stake * bet.multiplier) / BPS;
  }

  swapOut(fromToken: Token, amount: bigint): bigint {
    return fromToken === "BNB" ? amount * DEGEN_PER_NATIVE : amount / DEGEN_PER_NATIVE;
  }

  swapError(player: PlayerModel, fromToken: Token, amount: bigint): string | null {
    const toToken: Token = fromToken === "BNB" ? "DEGEN" : "BNB";
    const out = this.swapOut(fromToken, amount);
    if (amount === 0n || out === 0n) return "ZeroAmount";
    if (player.vault[fromToken] < amount) return "InsufficientBalance";
    if (out > this.free(toToken)) return "InsufficientBankroll";
    return null;
  }

  swap(player: PlayerModel, fromToken: Token, amount: bigint): void {
    const toToken: Token = fromToken === "BNB" ? "DEGEN" : "BNB";
    const out = this.swapOut(fromToken, amount);
    player.vault[fromToken] -= amount;
    player.vault[toToken] += out;
    this.bankroll[toToken] -= out;
    this.bankroll[fromToken] += amount;
  }
}

export function popCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}

export function paramsValid(gameType: number, params: number): boolean {
  switch (gameType) {
    case 0:
      return params > 0 && params < 1024 && popCount(params) <= 9;
    case 1:
    case 2:
      return params === 0;
    case 3:
      return params <= 2;
    default:
      return params === 0 || (params >= 101 && params <= 10_000);
  }
}
