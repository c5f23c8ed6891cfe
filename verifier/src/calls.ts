/**
 * The inputs of the transactions that place and settle bets. The Casino's events say what was
 * placed and paid; these inputs say what the player signed: CasinoSessions.play and .place carry
 * each bet as the session key signed it, with its signature, and CasinoSessions.settle carries the
 * action log of a blackjack hand or manual crash round with the player's key's signature. Casino
 * .settle and .settleBatch carry no action: the hand stands, the round rides to its crash.
 */
import type { Interface, Result } from "ethers";
import { casinoInterface } from "../../server/src/chain/casino";
import { CasinoSessions__factory } from "../../typechain-types/factories/contracts/CasinoSessions__factory";

const sessionsInterface = CasinoSessions__factory.createInterface() as unknown as Interface;

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
  nonce: bigint;
  expectedCommit: string;
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

export interface Contracts {
  casino: string;
  sessions: string;
}

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
  const call = sessionsInterface.parseTransaction({ data: input });
  switch (call?.name) {
    case "play":
      return { kind: "play", bets: (call.args.bets as Result[]).map(signedBetOf) };
    case "place":
      return { kind: "place", bets: [signedBetOf(call.args.signed as Result)] };
    case "settle": {
      const { betId, actions, signature, keyGrant } = call.args;
      return { kind: "settle with actions", betId: betId as bigint, actions: actions as string, signature: signature as string, keyGrant: keyGrant as string };
    }
    default:
      return { kind: "other" };
  }
}

function casinoCall(input: string): Call {
  const name = casinoInterface.parseTransaction({ data: input })?.name;
  if (name === "settle" || name === "settleBatch") return { kind: "settle" };
  if (name === "playGame") return { kind: "playGame" };
  return { kind: "other" };
}

function signedBetOf(signed: Result): SignedBet {
  const bet = signed.bet as Result;
  return {
    player: bet.player as string,
    token: bet.token as string,
    amount: bet.amount as bigint,
    game: bet.gameType as bigint,
    params: bet.params as bigint,
    clientSeed: (bet.clientSeed as string).toLowerCase(),
    nonce: bet.nonce as bigint,
    expectedCommit: (bet.expectedCommit as string).toLowerCase(),
    terms: bet.terms as bigint,
    deadline: signed.deadline as bigint,
    r: signed.r as string,
    vs: signed.vs as string,
  };
}

/** The bet's placement from its transaction's call: `index` is which BetPlaced of the transaction it is. */
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
