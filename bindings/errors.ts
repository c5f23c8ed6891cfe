// The custom errors a transaction to the Casino or one of its contracts can end in, decoded once
// for the server and the app. Their types come from the ABIs TypeChain copied `as const` into its
// factories: an error whose arguments change in Solidity changes them, and every reader of those
// arguments stops compiling.
import { Interface } from "ethers";
import { Casino__factory } from "../typechain-types/factories/contracts/Casino__factory";
import { CasinoLimits__factory } from "../typechain-types/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { CasinoRelay__factory } from "../typechain-types/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "../typechain-types/factories/contracts/CasinoSessions__factory";
import { CasinoSwap__factory } from "../typechain-types/factories/contracts/CasinoSwap__factory";
import { DegenToken__factory } from "../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import { GameRules__factory } from "../typechain-types/factories/contracts/rules/GameRules__factory";
import { TokenLock__factory } from "../typechain-types/factories/contracts/TokenLock__factory";

/** Every contract whose custom error a transaction can end in: the Casino's calls reach its limits and rules, a deposit the token; an operator's task, the team's lock. */
const FACTORIES = [
  Casino__factory,
  CasinoSessions__factory,
  CasinoLimits__factory,
  GameRules__factory,
  CasinoRelay__factory,
  CasinoSwap__factory,
  DegenToken__factory,
  TokenLock__factory,
];

/** A Solidity value as ethers decodes it: integers bigint, addresses and bytes hex strings. */
type Decoded<T extends string> = T extends `uint${string}` | `int${string}` ? bigint : T extends "bool" ? boolean : string;
type RevertOf<Item> = Item extends { type: "error"; name: infer Name extends string; inputs: infer Inputs extends readonly { type: string }[] }
  ? { name: Name; args: { readonly [K in keyof Inputs]: Decoded<Inputs[K]["type"]> } }
  : never;

/** A custom error of the Casino or one of its contracts, its arguments in declaration order: narrowing on `name` types `args`. */
export type ContractRevert = RevertOf<(typeof FACTORIES)[number]["abi"][number]>;
export type RevertName = ContractRevert["name"];

const interfaces = FACTORIES.map((factory) => new Interface(factory.abi));

/** The revert data an ethers, wallet or node error carries on itself: at `data`, or one level down (a node's error, MetaMask's originalError). */
function revertData(e: object): string | undefined {
  const raw = (e as { data?: unknown }).data;
  const nested = typeof raw === "object" && raw !== null ? (raw as { data?: unknown; originalError?: { data?: unknown } }) : undefined;
  const data = nested ? (nested.data ?? nested.originalError?.data) : raw;
  return typeof data === "string" && data.startsWith("0x") && data.length >= 10 ? data : undefined;
}

/** The custom error an ethers, wallet or node error carries (on it, or on the errors it wraps), decoded against the contracts' ABIs. */
export function contractRevert(error: unknown): ContractRevert | undefined {
  for (
    let e: unknown = error;
    e && typeof e === "object";
    e = (e as { error?: unknown }).error ?? (e as { info?: { error?: unknown } }).info?.error ?? (e as { cause?: unknown }).cause
  ) {
    const data = revertData(e);
    if (!data) continue;
    for (const iface of interfaces) {
      try {
        const parsed = iface.parseError(data);
        // The ABI gives the name and the argument types; ContractRevert is derived from the same ABI.
        if (parsed) return { name: parsed.name, args: [...parsed.args] } as unknown as ContractRevert;
      } catch {
        // Not this contract's error.
      }
    }
  }
  return undefined;
}

/** The name of the custom error with this selector, or undefined when no contract declares one. */
export function errorNamed(selector: string): RevertName | undefined {
  for (const iface of interfaces) {
    const found = iface.getError(selector);
    if (found) return found.name as RevertName;
  }
  return undefined;
}

/** The name of the custom error an error carries, or undefined for anything else. */
export function casinoRevertReason(error: unknown): RevertName | undefined {
  return contractRevert(error)?.name;
}
