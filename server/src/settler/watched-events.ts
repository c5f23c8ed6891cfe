import { casinoInterface, sessionsInterface } from "../../../bindings/casino";

/** The Casino's events the settler records (bindings/casino.ts decodes them). */
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
export const watchedTopics: string[] = [
  ...WATCHED_EVENTS.map((name) => casinoInterface.getEvent(name)!.topicHash),
  ...WATCHED_SESSION_EVENTS.map((name) => sessionsInterface.getEvent(name)!.topicHash),
];
