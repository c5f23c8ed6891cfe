import { Interface, type EventFragment, type Log } from "ethers";
import { Casino__factory } from "../../../typechain-types/factories/contracts/Casino__factory";
import type { Casino } from "../../../typechain-types/contracts/Casino";

export type { Casino };
export const casinoInterface: Interface = Casino__factory.createInterface() as unknown as Interface;

/** Custom errors of the Casino as a readable message, or undefined for anything else. */
export function casinoRevertReason(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { error?: unknown; cause?: unknown }).error ?? (e as { cause?: unknown }).cause) {
    const data = (e as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x") && data.length >= 10) {
      try {
        const parsed = casinoInterface.parseError(data);
        if (parsed) return parsed.name;
      } catch {
        // Not one of ours.
      }
    }
    if (typeof e !== "object") break;
  }
  return undefined;
}

export interface ParsedLog {
  name: string;
  args: Record<string, unknown> & unknown[];
  log: Log;
}

// Interface.parseLog hashes every event signature again on each call: look the topic up once.
const eventsByTopic = new Map<string, EventFragment>();
casinoInterface.forEachEvent((event) => eventsByTopic.set(event.topicHash, event));

export function parseCasinoLog(log: Log): ParsedLog | undefined {
  const event = eventsByTopic.get(log.topics[0] ?? "");
  if (!event) return undefined;
  const args = casinoInterface.decodeEventLog(event, log.data, log.topics);
  return { name: event.name, args: args as unknown as ParsedLog["args"], log };
}

export const WATCHED_EVENTS = ["BetPlaced", "StakeAdded", "BetSettled", "ExpiredBetClaimed", "CommitmentSet", "JackpotWon"] as const;
export const watchedTopics: string[] = WATCHED_EVENTS.map((name) => casinoInterface.getEvent(name)!.topicHash);
