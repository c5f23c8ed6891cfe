// The Casino's and its sessions' events, decoded once for the server, the verifier and the app.
// Their types are TypeChain's, generated from the same ABIs at compile time: a field renamed or
// retyped in Solidity changes them, and every reader that uses it stops compiling.
import { type EventFragment } from "ethers";
import { checksumAddress } from "../engine/src/random";
import { Casino__factory } from "../typechain-types/factories/contracts/Casino__factory";
import { CasinoSessions__factory } from "../typechain-types/factories/contracts/CasinoSessions__factory";
import type { Casino } from "../typechain-types/contracts/Casino";
import type { CasinoSessions } from "../typechain-types/contracts/CasinoSessions";
import type { TypedContractEvent } from "../typechain-types/common";

/** A contract's events by name (its filters without the signature-named duplicates), each as TypeChain's OutputObject. */
type EventsOf<C extends { filters: object }> = {
  [N in keyof C["filters"] as N extends `${string}(${string}` ? never : N]: C["filters"][N] extends TypedContractEvent<infer _In, infer _Out, infer Fields>
    ? Fields
    : never;
};

/** Every event of the Casino and of its CasinoSessions, with its decoded fields. */
export type CasinoEvents = EventsOf<Casino> & EventsOf<CasinoSessions>;
export type CasinoEventName = Extract<keyof CasinoEvents, string>;
/** One decoded event: narrowing on `name` types `args`. */
export type CasinoEvent<N extends CasinoEventName = CasinoEventName> = { [K in N]: { name: K; args: CasinoEvents[K] } }[N];

/** What decoding needs of a log: ethers' Log, or a raw eth_getLogs entry (the Casino's, or its sessions'). */
export interface CasinoLog {
  address: string;
  topics: readonly string[];
  data: string;
  blockNumber: number;
  /** The block's hash, as eth_getLogs and receipts give it. */
  blockHash?: string;
  transactionHash: string;
}

type WordReader = (word: string) => unknown;

/** An address word as ethers' decoder gives it: checksummed. */
const addressOf = (word: string): string => checksumAddress("0x" + word.slice(24));

/** The Casino's and the sessions' events carry only one-word static types, read here as ethers' decoder reads them. */
function wordReader(type: string): WordReader | undefined {
  if (/^uint\d*$/.test(type)) return (word) => BigInt("0x" + word);
  if (type === "address") return addressOf;
  if (type === "bytes32") return (word) => "0x" + word;
  // A fixed bytesN is left-aligned in its word (SettlementSkipped's error selector, bytes4).
  const fixedBytes = /^bytes(\d+)$/.exec(type);
  if (fixedBytes) return (word) => "0x" + word.slice(0, 2 * Number(fixedBytes[1]));
  if (type === "bool") return (word) => BigInt("0x" + word) !== 0n;
  return undefined;
}

interface EventDecoder {
  name: CasinoEventName;
  decode(topics: readonly string[], data: string): Record<string, unknown>;
}

/**
 * A decoder per event, built once from the ABI. ethers' decodeEventLog hashes the event's
 * signature again and builds a coder tree on every call, which cost the settler ~1 ms per bet.
 */
function eventDecoder(event: EventFragment): EventDecoder {
  const fields = event.inputs.map((input) => {
    const read = wordReader(input.type);
    // A new event with a dynamic field needs a reader here; found at start-up, not at its first log.
    if (!read) throw new Error(`Casino event ${event.name} has a ${input.type} field, which parseCasinoLog cannot read`);
    return { name: input.name, indexed: input.indexed === true, read };
  });
  const dataWords = fields.filter((field) => !field.indexed).length;
  return {
    name: event.name as CasinoEventName,
    decode(topics, data) {
      if (data.length !== 2 + 64 * dataWords || topics.length !== 1 + fields.length - dataWords) {
        throw new Error(`malformed ${event.name} log`);
      }
      const args: Record<string, unknown> = {};
      let topic = 1;
      let offset = 2;
      for (const field of fields) {
        const word = field.indexed ? topics[topic++]!.slice(2) : data.slice(offset, (offset += 64));
        args[field.name] = field.read(word.toLowerCase());
      }
      return args;
    },
  };
}

const decodersByTopic = new Map<string, EventDecoder>();
const topicsByName = new Map<string, string>();
for (const iface of [Casino__factory.createInterface(), CasinoSessions__factory.createInterface()]) {
  iface.forEachEvent((event) => {
    decodersByTopic.set(event.topicHash, eventDecoder(event));
    topicsByName.set(event.name, event.topicHash);
  });
}

/** topic0 of a Casino or CasinoSessions event. */
export function topicOf(name: CasinoEventName): string {
  return topicsByName.get(name)!;
}

/**
 * The event of a Casino or CasinoSessions log, typed by its name; undefined for any other log.
 * The one place a log's words become typed fields: each is read as the ABI declares it, by the
 * name TypeChain gave it from the same ABI (server/test/casino-logs.test.ts checks every event
 * against ethers' own decoder).
 */
export function parseCasinoLog(log: Pick<CasinoLog, "topics" | "data">): CasinoEvent | undefined {
  const decoder = decodersByTopic.get(log.topics[0] ?? "");
  if (!decoder) return undefined;
  return { name: decoder.name, args: decoder.decode(log.topics, log.data) } as CasinoEvent;
}
