import { topicOf } from "../../../bindings/events";

/** The Casino's events the settler records (bindings/events.ts decodes them). */
export const WATCHED_EVENTS = [
  "BetPlaced",
  "StakeAdded",
  "BetSettled",
  "SettlementSkipped",
  "ExpiredBetClaimed",
  "CommitmentSet",
  "JackpotDrawn",
  "JackpotEntropyLocked",
  "JackpotTicketsIssued",
  "JackpotTicketsDrawn",
] as const;
/** The sessions' events the settler records: the keys it may relay for (CasinoSessions.sol). */
export const WATCHED_SESSION_EVENTS = ["SessionOpened", "SessionRevoked"] as const;
export const watchedTopics: string[] = [...WATCHED_EVENTS, ...WATCHED_SESSION_EVENTS].map(topicOf);
