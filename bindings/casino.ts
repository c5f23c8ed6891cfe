// The contracts' bindings that the server and the verifier both read the chain with: the ABIs'
// interfaces, the custom errors a transaction ends in, and the Casino's and its sessions' events
// decoded. Neutral ground, so that the verifier (an auditor's tool) needs none of the server's code.
import { Interface, type EventFragment } from "ethers";
import { checksumAddress } from "../engine/src/index";
import { Casino__factory } from "../typechain-types/factories/contracts/Casino__factory";
import { CasinoRelay__factory } from "../typechain-types/factories/contracts/CasinoRelay__factory";
import { CasinoSwap__factory } from "../typechain-types/factories/contracts/CasinoSwap__factory";
import { CasinoSessions__factory } from "../typechain-types/factories/contracts/CasinoSessions__factory";
import { CasinoLimits__factory } from "../typechain-types/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { GameRules__factory } from "../typechain-types/factories/contracts/rules/GameRules__factory";
import { IntakeView__factory } from "../typechain-types/factories/contracts/views/IntakeView__factory";
import type { IntakeView } from "../typechain-types/contracts/views/IntakeView";
import type { Casino } from "../typechain-types/contracts/Casino";
import type { CasinoSessions } from "../typechain-types/contracts/CasinoSessions";

export type { Casino, CasinoSessions };
export { CasinoSessions__factory };
export const casinoInterface: Interface = Casino__factory.createInterface() as unknown as Interface;
export const relayInterface: Interface = CasinoRelay__factory.createInterface() as unknown as Interface;
export const swapInterface: Interface = CasinoSwap__factory.createInterface() as unknown as Interface;
export const sessionsInterface: Interface = CasinoSessions__factory.createInterface() as unknown as Interface;
export const limitsInterface: Interface = CasinoLimits__factory.createInterface() as unknown as Interface;
const rulesInterface: Interface = GameRules__factory.createInterface() as unknown as Interface;
const intakeViewInterface = IntakeView__factory.createInterface();

/** A player's view as contracts/views/IntakeView.sol reads it (its PlayerView). */
export type PlayerIntakeView = IntakeView.PlayerViewStructOutput;

/**
 * The eth_call (no `to`) that reads a player's view for a bet in `token` signed by `key` in one
 * request: the creation of contracts/views/IntakeView.sol, whose constructor returns the view.
 */
export function intakeViewCall(casino: string, player: string, token: string, key: string): { data: string } {
  return { data: IntakeView__factory.bytecode + intakeViewInterface.encodeDeploy([casino, player, token, key]).slice(2) };
}

/** What an intakeViewCall answered: the view, encoded as IntakeView.viewOf returns it. */
export function decodeIntakeView(answer: string): PlayerIntakeView {
  return intakeViewInterface.decodeFunctionResult("viewOf", answer)[0] as PlayerIntakeView;
}
/** Every contract whose custom error a transaction of the server's can end in: the Casino's calls reach its limits and rules. */
const REVERTING_INTERFACES = [casinoInterface, sessionsInterface, limitsInterface, rulesInterface, relayInterface, swapInterface];

/** A custom error of the Casino or one of its contracts (relay, swap desk, sessions, limits, rules). */
export interface ContractRevert {
  name: string;
  args: readonly unknown[];
}

/** The custom error an ethers or node error carries, decoded against the contracts' ABIs. */
export function contractRevert(error: unknown): ContractRevert | undefined {
  for (let e: unknown = error; e; e = (e as { error?: unknown; cause?: unknown }).error ?? (e as { cause?: unknown }).cause) {
    // ethers puts the revert data on the error; a node's own error object nests it one level down.
    const raw = (e as { data?: unknown }).data;
    const data = typeof raw === "object" && raw !== null ? (raw as { data?: unknown }).data : raw;
    if (typeof data === "string" && data.startsWith("0x") && data.length >= 10) {
      for (const iface of REVERTING_INTERFACES) {
        try {
          const parsed = iface.parseError(data);
          if (parsed) return { name: parsed.name, args: [...parsed.args] };
        } catch {
          // Not this contract's.
        }
      }
    }
    if (typeof e !== "object") break;
  }
  return undefined;
}

/** The name of the custom error an error carries, or undefined for anything else. */
export function casinoRevertReason(error: unknown): string | undefined {
  return contractRevert(error)?.name;
}

export interface ParsedLog {
  name: string;
  args: Record<string, unknown>;
}

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
  name: string;
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
    name: event.name,
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
casinoInterface.forEachEvent((event) => decodersByTopic.set(event.topicHash, eventDecoder(event)));
sessionsInterface.forEachEvent((event) => decodersByTopic.set(event.topicHash, eventDecoder(event)));

export function parseCasinoLog(log: CasinoLog): ParsedLog | undefined {
  const decoder = decodersByTopic.get(log.topics[0] ?? "");
  if (!decoder) return undefined;
  return { name: decoder.name, args: decoder.decode(log.topics, log.data) };
}

/** A one-click bet that CasinoSessions.play skipped (ICasino.BetSkipped): its player, nonce, the refusing error's name, and whether its nonce was spent. */
export interface SkippedBet {
  player: string;
  nonce: bigint;
  reason: string;
  nonceSpent: boolean;
}

/** The bets a relay transaction's receipt says the chain skipped, the refusing error named from the Casino's, the sessions' or the limits' ABI (its selector when none has it). */
export function skippedBetsOf(logs: readonly { topics: readonly string[]; data: string }[]): SkippedBet[] {
  const topic = casinoInterface.getEvent("BetSkipped")!.topicHash;
  return logs
    .filter((log) => log.topics[0] === topic)
    .map((log) => {
      const { args } = casinoInterface.parseLog({ topics: [...log.topics], data: log.data })!;
      const selector = args.reason as string;
      const error = [casinoInterface, sessionsInterface, limitsInterface].map((iface) => iface.getError(selector)).find((found) => found);
      return {
        player: checksumAddress(args.player as string),
        nonce: args.nonce as bigint,
        reason: error?.name ?? selector,
        nonceSpent: args.nonceSpent as boolean,
      };
    });
}
