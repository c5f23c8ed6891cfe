import { contractRevert, type ContractRevert, type RevertName } from "@bindings/errors";
import type { Token } from "@/config/tokens";
import { termsChangedSentence } from "@/lib/bet-terms";
import { displayAmount } from "../amount";

/** Why an action failed, as a player reads it. */
export interface Explanation {
  message: string;
  /** The player's Casino balance is short: a way to the Deposit dialog helps. */
  suggestDeposit?: boolean;
}

/** What the amounts in a sentence are counted in. */
export interface ExplainContext {
  /** The token staked, deposited, withdrawn or given in a swap. */
  token?: Token;
  /** The token paid out, where it is another (a swap's). */
  payoutToken?: Token;
  /** The chain's native coin (BNB on BSC), which pays gas. */
  nativeSymbol?: string;
  /** The packed terms the player was shown and the bet carried (Casino.terms()). */
  shownTerms?: bigint;
  /** A one-click bet: staked from its session's lane, not the vault. */
  fromLane?: boolean;
}

/** An error that already carries its sentence (a failed transaction step). */
export class ExplainedError extends Error {
  constructor(
    readonly reason: Explanation,
    options?: { cause?: unknown },
  ) {
    super(reason.message, options);
    this.name = "ExplainedError";
  }
}

/** CasinoLimits' loss windows, by index. */
const LOSS_WINDOWS = ["24-hour", "7-day", "30-day"];

const dateTime = (unixSeconds: bigint) => new Date(Number(unixSeconds) * 1000).toLocaleString();

/** A sentence from the error's arguments, typed as the ABI declares them. */
type Sentence<N extends RevertName> = (
  args: Extract<ContractRevert, { name: N }>["args"],
  amount: (wei: bigint, payout?: boolean) => string,
  context: ExplainContext,
) => Explanation | string;

/**
 * One sentence per custom error of the Casino, the token and the Casino's helpers (relay, swap
 * desk, sessions, limits) that a player's own action can meet. The argument order is the Solidity
 * declaration's.
 */
const SENTENCES: { [N in RevertName]?: Sentence<N> } = {
  // Casino
  IsPaused: () => "The Casino is paused: no new bets for now. Withdrawals stay open.",
  ZeroAmount: () => "The amount must be greater than 0.",
  UnsupportedToken: () => "The Casino does not take this token.",
  ZeroAddress: () => "That address is empty.",
  BetTooSmall: (a, amount) => `The minimum bet is ${amount(a[1])}.`,
  BetTooLarge: (a, amount) => `The maximum bet right now is ${amount(a[1])}.`,
  TermsChanged: (a, _amount, context) => termsChangedSentence(context.shownTerms, a[0]),
  ValueMismatch: () => "The BNB sent does not match the amount.",
  InsufficientBalance: (a, amount, context) =>
    context.fromLane
      ? `Your one-click session holds ${amount(a[0])}; this needs ${amount(a[1])}.`
      : { message: `Your Casino vault holds ${amount(a[0])}; this needs ${amount(a[1])}.`, suggestDeposit: true },
  InsufficientBankroll: (a, amount) => `The house cannot cover this right now: ${amount(a[0], true)} is free, ${amount(a[1], true)} is needed.`,
  ExposureTooHigh: (a, amount) => `Your open bets already reserve nearly all the house allows one player: room is left for ${amount(a[0], true)}.`,
  NoCommitment: () => "The game server has not published its fairness commitment yet. Please try again.",
  StaleCommitment: () => "The game server's fairness commitment changed. Please try again.",
  ChainExhausted: () => "The game server's fairness commitment is used up. Please try again in a moment.",
  OpenBetExists: () => "Finish your open bet first.",
  BetNotOpen: () => "This bet is already settled.",
  BetExpired: () => "This bet has expired.",
  NotExpired: () => "This bet cannot be claimed back yet.",
  AlreadySplit: () => "This hand is already split.",
  NotBetPlayer: () => "This bet belongs to another wallet.",
  NotBlackjack: () => "Only a blackjack hand takes a second stake.",
  InvalidGameType: () => "The Casino does not know this game.",
  InvalidParams: () => "The Casino does not accept these game options.",
  // DegenToken (OpenZeppelin ERC-20 errors and its own)
  ERC20InsufficientBalance: (a, amount) => `Your wallet holds ${amount(a[1])}; this needs ${amount(a[2])}.`,
  ERC20InsufficientAllowance: (a, amount) => `The Casino may spend only ${amount(a[1])} of yours; this needs ${amount(a[2])}. Approve it first.`,
  MaxWalletExceeded: (a, amount) =>
    `A wallet may hold at most ${amount(a[2])} (1 % of the supply); this would leave ${amount(a[1])} in it. Withdraw less, or keep the rest in the Casino.`,
  // CasinoRelay
  SignatureExpired: () => "Your signature expired before it was used. Please try again.",
  InvalidSignature: () => "The signature does not match this request.",
  WrongNonce: () => "Another bet of yours landed first: this one can no longer be placed.",
  // CasinoLimits: the limits the player set for themselves
  LossLimitReached: (a, amount) =>
    `This bet would pass your ${LOSS_WINDOWS[Number(a[0])] ?? "loss"} loss limit: ${amount(a[1])} of ${amount(a[2])} is used. Withdrawals stay open.`,
  AboveBetCap: (a, amount) => `This bet is above the largest bet you allowed yourself: ${amount(a[1])}.`,
  CoolingOff: (a) => `You are taking a break until ${dateTime(a[0])}: no bets until then. Withdrawals stay open.`,
  // CasinoSessions: one-click play
  AboveSessionMaxBet: (a, amount) => `This bet is above your one-click maximum of ${amount(a[1])} per bet.`,
  SessionExpired: () => "Your one-click play has ended. Turn it on again to bet without a wallet popup.",
  SessionRevokedError: () => "This one-click key was revoked.",
  SessionNotEnded: (a) => `This one-click session lasts until ${dateTime(a[0])}: what it holds goes back to your vault after that.`,
  NotBetSession: () => "This bet is not one of this one-click session's.",
  NotSessionPlayer: () =>
    "This one-click key holds no session of your wallet: it was never opened for you, or it is another wallet's. Turn one-click play on again.",
  NotRelayer: () =>
    "The chain takes a signed bet from your wallet only with the house's countersignature, which this bet does not carry. Bet from your wallet as usual instead.",
  TokenNotAllowed: () => "Your one-click play does not allow this token.",
  GameNotAllowed: () => "Your one-click play does not allow this game.",
  BetExpiredDeadline: () => "This signed bet passed its deadline and can no longer be placed.",
  SessionTooLong: () => "One-click play lasts at most 24 hours.",
  SessionExists: () => "This one-click key is already in use.",
  // CasinoSwap
  SwapAboveCap: (a, amount) => `This swap would pay ${amount(a[0], true)}, above the per-swap cap of ${amount(a[1], true)}.`,
  SwapAboveDailyCap: (a, amount) => `This swap would pay ${amount(a[0], true)}, and the daily cap has ${amount(a[1], true)} left.`,
  SwapBelowMinimum: (a, amount) => `The rate changed: this swap would pay ${amount(a[0], true)}, less than the ${amount(a[1], true)} you accepted.`,
};

/** ethers' codes for failures that are not the contract's refusal. */
const ETHERS_SENTENCES: Record<string, (context: ExplainContext) => string> = {
  INSUFFICIENT_FUNDS: (context) => `Your wallet does not hold enough ${context.nativeSymbol ?? "BNB"} for this and its gas.`,
  NETWORK_ERROR: () => "The chain could not be reached. Please try again.",
  TIMEOUT: () => "The chain did not answer in time. Please try again.",
  CALL_EXCEPTION: () => "The chain refused this transaction.",
  NONCE_EXPIRED: () => "Your wallet sent this transaction already.",
};

/** The sentence for any failure of a wallet action: a decoded revert, an ethers failure, or our own message. */
export function explain(error: unknown, context: ExplainContext = {}): Explanation {
  if (error instanceof ExplainedError) return error.reason;
  const revert = contractRevert(error);
  if (revert) {
    // The sentence of this very error: its arguments are the ones it was written for.
    const sentence = SENTENCES[revert.name] as Sentence<RevertName> | undefined;
    if (!sentence) return { message: `The Casino refused this (${revert.name}).` };
    const amount = (wei: bigint, payout = false) => {
      const token = (payout ? context.payoutToken : undefined) ?? context.token;
      return token ? `${displayAmount(token, wei)} ${token}` : displayAmount("DEGEN", wei);
    };
    const explained = sentence(revert.args, amount, context);
    return typeof explained === "string" ? { message: explained } : explained;
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && ETHERS_SENTENCES[code]) return { message: ETHERS_SENTENCES[code](context) };
  if (typeof code === "string") {
    // Another ethers failure: its short message is the most readable part of it.
    const short = (error as { shortMessage?: unknown }).shortMessage;
    return { message: `Something went wrong: ${typeof short === "string" ? short : code}.` };
  }
  // Our own errors (the product's wallet-layer messages, the server's refusals) are sentences already.
  return { message: error instanceof Error && error.message ? error.message : String(error) };
}
