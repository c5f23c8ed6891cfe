export { LATE_AFTER_BLOCKS, useBetStore } from "./bet-store";
export { BetHistoryEntry } from "./components/bet-history-entry";
export { BetStatus } from "./components/bet-status";
export { BetTerms } from "./components/bet-terms";
export { ClientSeedField } from "./components/client-seed-field";
export { CommitmentNote, SessionCommitmentNote, useCommitment } from "./components/commitment";
export { FairnessPanel } from "./components/fairness-panel";
export { JackpotCelebration } from "./components/jackpot-celebration";
export { READ_CONCURRENCY, inParallel, rangesDown } from "./onchain/log-ranges";
export { useBetHistory } from "./use-bet-history";
export type { HistoryEntry } from "./use-bet-history";
export { idleLimitFrom, roundSigner, type IdleLimit } from "./round-actions";
// The key that signs an interactive round's actions loads while its bet is placed.
export const loadActionSigner = () => import("./onchain/action-signer");
// A bet read from the chain for its own page, without a wallet: loads with that page.
export const loadPublicBet = () => import("./onchain/public-bet");
export type { PublicBet } from "./onchain/public-bet";
