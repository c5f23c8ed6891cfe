import { create } from "zustand";
import type { Token } from "@/config/tokens";
import type { GameId } from "@engine/gameTypes";

/**
 * Where the player's current on-chain bet stands (issue #14): confirm in the wallet → placing
 * (transaction hash) → playing (an interactive round: the player acts) → settling (blocks waited;
 * normally the next block) → result, checked in the browser. One bet at a time: a game waits for
 * its result before the next. A one-click bet (issue #20) skips the wallet: signed by the session
 * key, it is placing until it lands (placed and settled at once), or relay-late when it has not
 * landed within RELAY_LATE_AFTER_BLOCKS and the wallet may send it instead.
 */
export type BetStage = "confirm" | "placing" | "relay-late" | "playing" | "settling" | "result" | "failed" | "cancelled";

export interface BetVerdict {
  ok: boolean;
  problems: string[];
}

export interface ActiveBet {
  id: number;
  game: GameId;
  stage: BetStage;
  txHash?: string;
  explorerUrl?: string | null;
  betId?: string;
  token?: Token;
  /** Blocks mined since the bet's block (an interactive round: since it ended) while its settlement is awaited. */
  blocksWaited: number;
  /** Unix seconds from which the player may claim the bet back if it is still not settled. */
  claimableAt?: number;
  /** The chain's latest block time, to tell when the claim opens. */
  chainTime?: number;
  /** A DEGEN bet with jackpot odds: its draw is worth keeping alive while the settlement is late. */
  jackpotDraw?: boolean;
  /** Its bet block's hash is locked on chain (lockJackpotEntropy, by the player or the settler): the draw stays real however late. */
  jackpotLocked?: boolean;
  settleTxHash?: string;
  settleExplorerUrl?: string | null;
  verdict?: BetVerdict;
  /** Payout and jackpot in token units, once settled. */
  payout?: string;
  /** The player claimed the bet back after its settle window: the payout is its maximum. */
  claimed?: boolean;
  jackpotWin?: string;
  error?: string;
  /** The failure says the Casino balance is short: the Deposit dialog helps. */
  suggestDeposit?: boolean;
  /**
   * Signed by the one-click key: no wallet step. Its nonce (its lane's) names the signed bet kept
   * in this tab; countersigned once the server accepted it (the wallet may then place that very
   * bet), refused when the server will never relay it (the wallet may bet as usual instead).
   */
  oneClick?: { nonce: string; countersigned?: boolean; refused?: boolean };
  /** Why a relay-late bet is late: blocks waited, or the server's refusal. */
  relayProblem?: string;
  /** Why a bet goes through the wallet while one-click play is on (above its largest bet, above what the session holds…). */
  walletReason?: string;
  /** A one-click DEGEN bet's jackpot draw, made in a later transaction: awaited, late (the player may draw it), or done. */
  deferredDraw?: "pending" | "late" | "drawn";
}

/**
 * Blocks after which a settlement counts as late and the player is told so: 15 s at BSC's 0.75 s
 * blocks (60 s at 3 s), where a settlement at 2 confirmations lands 3–5 blocks after its bet.
 */
export const LATE_AFTER_BLOCKS = 20;

/**
 * Blocks after which a one-click bet that has not landed is said to be late and the wallet offered
 * to send it: 6 s at BSC's 0.75 s blocks, where the server's transaction lands in the next block.
 * Its deferred jackpot draw is late after as many blocks.
 */
export const RELAY_LATE_AFTER_BLOCKS = 8;

interface BetStore {
  bet: ActiveBet | null;
  /** A new bet: a wallet bet starts at "confirm", a one-click bet at "placing". */
  begin: (game: GameId, start?: Partial<ActiveBet>) => number;
  update: (id: number, patch: Partial<ActiveBet>) => void;
}

let nextId = 1;

export const useBetStore = create<BetStore>()((set) => ({
  bet: null,
  begin: (game, start) => {
    const id = nextId++;
    set({ bet: { id, game, stage: "confirm", blocksWaited: 0, ...start } });
    return id;
  },
  // A later bet replaces an earlier one: updates of the earlier one are dropped.
  update: (id, patch) => set((state) => (state.bet?.id === id ? { bet: { ...state.bet, ...patch } } : state)),
}));
