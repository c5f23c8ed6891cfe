/**
 * The inputs of the transactions that place and settle bets. The Casino's events say what was
 * placed and paid; these inputs say what the player signed: CasinoSessions.play and .place carry
 * each bet as the session key signed it, with its signature, and CasinoSessions.settle carries the
 * action log of a blackjack hand or manual crash round with the player's key's signature. Casino
 * .settle and .settleBatch carry no action: the hand stands, the round rides to its crash.
 */
import type { FunctionFragment, Interface } from "ethers";
import { checksumAddress } from "../../engine/src/index";
import { casinoInterface, sessionsInterface } from "../../bindings/casino";
import type { CheckContext } from "./types";

/** Each function by its selector, found once: ethers' parseTransaction hashes every function's signature again on each call. */
function functionsBySelector(iface: Interface): Map<string, FunctionFragment> {
  const functions = new Map<string, FunctionFragment>();
  iface.forEachFunction((fragment) => functions.set(fragment.selector, fragment));
  return functions;
}
const SESSIONS_FUNCTIONS = functionsBySelector(sessionsInterface);
const CASINO_FUNCTIONS = functionsBySelector(casinoInterface);

/** A transaction as eth_getTransactionByHash gives it, the parts read here. */
export interface RawTransaction {
  hash: string;
  /** Null for a contract creation. */
  to: string | null;
  input: string;
}

/** A bet as its session key signed it (CasinoSessions.SignedBet: EIP-712 `Bet`, EIP-2098 signature). */
export interface SignedBet {
  player: string;
  token: string;
  amount: bigint;
  game: bigint;
  params: bigint;
  clientSeed: string;
  /** Its lane's: `lane << 32 | n`. */
  nonce: bigint;
  terms: bigint;
  deadline: bigint;
  r: string;
  vs: string;
}

/** What one transaction did, as far as the verifier needs it. */
export type Call =
  | { kind: "play" | "place"; bets: SignedBet[] }
  | { kind: "settle with actions"; betId: bigint; actions: string; signature: string; keyGrant: string }
  /** Casino.settle or .settleBatch: no action log */
  | { kind: "settle" }
  | { kind: "playGame" }
  /** sent to another contract (a multisig, a bundler) or another function, or not served by the node */
  | { kind: "other" };

/** How a bet was placed, from its transaction. */
export type PlacementInput =
  | { via: "wallet" }
  /** signed: null when the call carries fewer signed bets than the transaction's BetPlaced events */
  | { via: "session"; call: "play" | "place"; signed: SignedBet | null }
  | { via: "unknown" };

/** The action log a settlement carries (hex bytes, "0x" for none), with its signatures when signed. */
export interface SettlementInput {
  actions: string;
  /** The key's signature of Actions(betId, actions); null for Casino.settle. */
  signature: string | null;
  /** The wallet's signature of ActionKey(player, betId, key) for a key named for this hand alone; "0x" for a session key. */
  keyGrant: string | null;
  /** The bet the call settles (null: Casino.settleBatch, whose bets the events name). */
  betId: bigint | null;
}

export type Contracts = Pick<CheckContext, "casino" | "sessions">;

/** The call a transaction made, read from its input when it went straight to the Casino or its CasinoSessions. */
export function decodeCall(tx: RawTransaction | undefined, contracts: Contracts): Call {
  const to = tx?.to?.toLowerCase();
  if (!tx || !to) return { kind: "other" };
  try {
    if (to === contracts.sessions.toLowerCase()) return sessionsCall(tx.input);
    if (to === contracts.casino.toLowerCase()) return casinoCall(tx.input);
  } catch {
    // An input the ABI cannot decode: no call of the two contracts could have emitted the events.
  }
  return { kind: "other" };
}

function sessionsCall(input: string): Call {
  const fragment = SESSIONS_FUNCTIONS.get(input.slice(0, 10));
  switch (fragment?.name) {
    case "play":
      return { kind: "play", bets: signedBetsOf(input) };
    case "place":
      return { kind: "place", bets: [signedBetAt(input, ARGUMENTS)] };
    case "settle":
      // settle(uint256 betId, bytes32 seed, bytes actions, bytes signature, bytes keyGrant)
      return {
        kind: "settle with actions",
        betId: BigInt(wordAt(input, ARGUMENTS)),
        actions: bytesOf(input, 2),
        signature: bytesOf(input, 3),
        keyGrant: bytesOf(input, 4),
      };
    default:
      return { kind: "other" };
  }
}

function casinoCall(input: string): Call {
  const name = CASINO_FUNCTIONS.get(input.slice(0, 10))?.name;
  if (name === "settle" || name === "settleBatch") return { kind: "settle" };
  if (name === "playGame") return { kind: "playGame" };
  return { kind: "other" };
}

/*
 * The inputs are read straight from their hex, as abi.encode lays them out: ethers' general
 * decoder cost 0.15 ms a bet here. A SignedBet is eleven static words (the bet's eight, the
 * deadline, r and vs), so it lies inline; a dynamic argument's head word is its offset.
 */
const WORD = 64;
const SIGNED_BET_WORDS = 11;
/** Where the arguments start in the input's hex: after "0x" and the 4-byte selector. */
const ARGUMENTS = 2 + 8;

/** The 32-byte word at hex offset `at` of the input. */
function wordAt(input: string, at: number): string {
  if (input.length < at + WORD) throw new RangeError("the input ends within a word");
  return "0x" + input.slice(at, at + WORD).toLowerCase();
}

/** Where the dynamic argument whose offset is the `index`-th head word starts: its length word. */
const dynamicAt = (input: string, index: number) => ARGUMENTS + Number(BigInt(wordAt(input, ARGUMENTS + index * WORD))) * 2;

/** The `bytes` argument whose offset is the `index`-th head word. */
function bytesOf(input: string, index: number): string {
  const lengthAt = dynamicAt(input, index);
  const end = lengthAt + WORD + Number(BigInt(wordAt(input, lengthAt))) * 2;
  if (input.length < end) throw new RangeError("the bytes run past the input");
  return "0x" + input.slice(lengthAt + WORD, end).toLowerCase();
}

/** play(SignedBet[] bets, bytes32[] seeds): the bets. */
function signedBetsOf(input: string): SignedBet[] {
  const lengthAt = dynamicAt(input, 0);
  const count = Number(BigInt(wordAt(input, lengthAt)));
  return Array.from({ length: count }, (_, i) => signedBetAt(input, lengthAt + WORD * (1 + i * SIGNED_BET_WORDS)));
}

/** The SignedBet whose first word starts at hex offset `at` of the input. */
function signedBetAt(input: string, at: number): SignedBet {
  const word = (i: number) => wordAt(input, at + i * WORD);
  const address = (i: number) => checksumAddress("0x" + word(i).slice(26));
  return {
    player: address(0),
    token: address(1),
    amount: BigInt(word(2)),
    game: BigInt(word(3)),
    params: BigInt(word(4)),
    clientSeed: word(5),
    nonce: BigInt(word(6)),
    terms: BigInt(word(7)),
    deadline: BigInt(word(8)),
    r: word(9),
    vs: word(10),
  };
}

/** The bet's placement from its transaction's call: `index` is which signed bet of the call it is (audit.ts counts a play's skipped bets too). */
export function placementFrom(call: Call, index: number): PlacementInput {
  if (call.kind === "playGame") return { via: "wallet" };
  if (call.kind === "play" || call.kind === "place") return { via: "session", call: call.kind, signed: call.bets[index] ?? null };
  return { via: "unknown" };
}

/** The action log its settlement's call carries; null when the call is not one that settles. */
export function settlementFrom(call: Call): SettlementInput | null {
  if (call.kind === "settle") return { actions: "0x", signature: null, keyGrant: null, betId: null };
  if (call.kind === "settle with actions") return { actions: call.actions, signature: call.signature, keyGrant: call.keyGrant, betId: call.betId };
  return null;
}
