// Whether a one-click bet is the one the player's session key signed (issue #20), checked in this
// browser as `npm run verify` checks it (verifier/src/signed.ts): the bet as CasinoSessions.play or
// .place received it, its signer recovered with engine/src/session.ts's EIP-712 types and domain,
// the key whose session the player opened (SessionOpened) before the bet with the bet's lane
// (docs/decisions.md §4, "lanes"), and every signed field equal to what BetPlaced published. What
// else the session allows (its end, tokens, games, largest stake) the chain checked when it placed
// the bet.
import { getAddress, recoverAddress, TypedDataEncoder, ZeroAddress, type Result } from "ethers";
import { BET_TYPES, clientSeedHash, laneOfNonce, sessionDomain } from "@engine/session";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import type { ChainBet } from "@/features/bets/onchain";

const sessionsInterface = CasinoSessions__factory.createInterface();

/** A session key's SessionOpened: where it sits on the chain, and the lane it opened. */
export interface KeyOpening {
  block: number;
  lane: bigint;
}

/** What the check reads from the chain (session-reads.ts reads them through the wallet's node). */
export interface SessionReads {
  /** The Casino's CasinoSessions and the chain: the EIP-712 domain of session keys' signatures. */
  sessions: string;
  chainId: number;
  /** A transaction's recipient and input; null when the node does not serve it. */
  transaction(hash: string): Promise<{ to: string | null; data: string } | null>;
  /** The key's SessionOpened for this player at or before `block`, or null. */
  keyOpening(player: string, key: string, block: number): Promise<KeyOpening | null>;
}

export type SessionSignature =
  /** sent by the player's own wallet (playGame): nothing was relayed */
  | { via: "wallet" }
  /** relayed: the key that signed it, and every way the bet placed is not what it signed (none: verified) */
  | { via: "session"; key: string | null; problems: string[] }
  /** its transaction went through another contract, or the node did not serve it */
  | { via: "unknown" };

/** The bet's signature, checked: how it was placed and, for a one-click bet, whether its session key signed exactly it. */
export async function checkSessionSignature(bet: ChainBet, reads: SessionReads): Promise<SessionSignature> {
  const tx = await reads.transaction(bet.txHash);
  if (!tx?.to) return { via: "unknown" };
  if (getAddress(tx.to) !== getAddress(reads.sessions)) return { via: "wallet" };
  const call = sessionsInterface.parseTransaction({ data: tx.data });
  const signedBets = call?.name === "play" ? [...(call.args.bets as Result[])] : call?.name === "place" ? [call.args.signed as Result] : null;
  if (!signedBets) return { via: "unknown" };
  const signed = signedBets.find((candidate) => (candidate.bet as Result).nonce === bet.nonce && getAddress((candidate.bet as Result).player) === bet.player);
  if (!signed) return { via: "session", key: null, problems: [`the relayed transaction carries no signed bet #${bet.nonce}`] };

  const input = signed.bet as Result;
  const typed = {
    player: input.player as string,
    token: input.token as string,
    amount: input.amount as bigint,
    game: input.gameType as bigint,
    params: input.params as bigint,
    clientSeed: input.clientSeed as string,
    nonce: input.nonce as bigint,
    terms: input.terms as bigint,
    deadline: signed.deadline as bigint,
  };
  // The key signed the seed's hash; the transaction carries the seed (CasinoSessions._betDigest).
  const { clientSeed, ...fields } = typed;
  const digest = TypedDataEncoder.hash(sessionDomain(reads.chainId, reads.sessions), BET_TYPES as never, {
    ...fields,
    clientSeedHash: clientSeedHash(clientSeed),
  });
  const key = recoverAddress(digest, { r: signed.r as string, yParityAndS: signed.vs as string });
  const problems = differences(bet, typed);
  const notTheLanes = await keyProblem(reads, bet, key);
  if (notTheLanes) problems.push(notTheLanes);
  return { via: "session", key, problems };
}

/** Every signed field that is not what BetPlaced published. */
function differences(bet: ChainBet, signed: { token: string; amount: bigint; game: bigint; params: bigint; clientSeed: string; terms: bigint }): string[] {
  const fields: [string, unknown, unknown][] = [
    ["token", signed.token === ZeroAddress ? "BNB" : "DEGEN", bet.token],
    ["stake", signed.amount, bet.amount],
    ["game", Number(signed.game), bet.gameType],
    ["game options", signed.params, bet.params],
    ["client seed", signed.clientSeed.toLowerCase(), bet.clientSeed.toLowerCase()],
    ["terms", signed.terms, bet.terms],
  ];
  return fields
    .filter(([, mine, published]) => mine !== published)
    .map(([field, mine, published]) => `the bet placed has ${field} ${String(published)}, your session key signed ${String(mine)}`);
}

/** Why the key could not sign this player's bet (no session of it opened before the bet, or one of another lane), or null. */
async function keyProblem(reads: SessionReads, bet: ChainBet, key: string): Promise<string | null> {
  const opening = await reads.keyOpening(bet.player, key, bet.placedBlock);
  if (!opening) return "the key that signed it is not a session key you opened before this bet";
  const lane = laneOfNonce(bet.nonce);
  return opening.lane === lane ? null : `the key that signed it opened session ${opening.lane}, and this bet is of session ${lane}`;
}
