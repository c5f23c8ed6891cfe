/**
 * The S column: what the player's keys signed, against what settled. A bet of a session's lane is
 * relayed by anyone (the house's server, usually) with its session key's signature; an interactive
 * round is settled with the action log the player's key signed. The contract checks both; the
 * verifier checks them again from the transactions' inputs (calls.ts), so that a relayed bet or log
 * that differs from what its player signed is reported whatever contract emitted the events.
 */
import { SESSION_AMOUNT_UNIT, formatAmount, gameName, isGameType, laneOfNonce } from "../../engine/src/index";
import type { Position } from "./events";
import type { Findings } from "./findings";
import { actionKeyDigest, actionsDigest, betDigest, domainSeparator, recoverSigner } from "./signatures";
import type { CheckContext, Placement, ResolvedBet, SessionKey } from "./types";

const domains = new Map<string, string>();

function domainOf(ctx: CheckContext): string {
  const id = `${ctx.chainId}:${ctx.sessions}`;
  let domain = domains.get(id);
  if (domain === undefined) domains.set(id, (domain = domainSeparator(ctx.chainId, ctx.sessions)));
  return domain;
}

export const isBefore = (a: Position, b: Position) => a.block < b.block || (a.block === b.block && a.logIndex < b.logIndex);

/**
 * The player's session that `key` held at `at` (opened before it), or why there is none: its lane
 * must be the bet's, but for an action log of a wallet bet (lane 0), which any session key of the
 * player may sign. Unknown keys are a fault only when the history is read from the deployment.
 */
function sessionAt(
  bet: ResolvedBet,
  ctx: CheckContext,
  key: string,
  at: Position,
  what: string,
): { session: SessionKey } | { fault: string } | { unknown: true } {
  const session = bet.sessionKeys.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
  if (!session?.opened || !isBefore(session.opened, at)) {
    return ctx.fromDeployment || session ? { fault: `${key} signed ${what}, but it is no session key this player opened before it` } : { unknown: true };
  }
  const lane = laneOfNonce(bet.placed.nonce);
  if (lane !== 0n && session.lane !== lane)
    return { fault: `${key} signed ${what}, but that key's session is lane ${session.lane}, the bet is of lane ${lane}` };
  return { session };
}

/**
 * How the bet was placed; for a bet of a session's lane, its signer must be that session's key,
 * opened before the bet, and every field it signed must be what BetPlaced published, within the
 * session's tokens, games and largest stake. A revocation ends the session ACCEPTANCE_WINDOW later
 * (CasinoSessions.revokeSession), and whether a bet's deadline was within the session's end is a
 * matter of timestamps the contract checked: a bet placed after its key's revocation is no fault.
 */
export function checkPlacement(bet: ResolvedBet, found: Findings, ctx: CheckContext): Placement {
  const input = bet.placementInput;
  const lane = laneOfNonce(bet.placed.nonce);
  if (input.via === "wallet") {
    if (lane !== 0n)
      found.problem(
        "signed",
        "signature",
        `the bet is of lane ${lane}, a session's, but its transaction is the wallet's playGame: a lane takes only its session key's bets`,
      );
    return { via: "wallet" };
  }
  if (input.via === "unknown") {
    found.verdict("signed", "unchecked");
    return { via: "unknown" };
  }
  const { signed, call } = input;
  if (!signed) {
    found.problem("signed", "signature", `the ${call} transaction carries no signed bet for this BetPlaced`);
    return { via: "session", call, key: null };
  }
  const key = recoverSigner(betDigest(domainOf(ctx), signed), signed);
  if (key === null) {
    found.problem("signed", "signature", "the relayed bet's signature is none a key can make");
    return { via: "session", call, key: null };
  }
  const { placed } = bet;
  const differences = (
    [
      ["player", signed.player.toLowerCase(), placed.player.toLowerCase()],
      ["token", signed.token.toLowerCase(), placed.token.toLowerCase()],
      ["amount", signed.amount, placed.amount],
      ["game", signed.game, BigInt(placed.gameType)],
      ["params", signed.params, placed.params],
      ["client seed", signed.clientSeed, placed.clientSeed.toLowerCase()],
      ["nonce", signed.nonce, placed.nonce],
      ["terms", signed.terms, placed.terms],
    ] as const
  ).filter(([, mine, published]) => mine !== published);
  for (const [field, mine, published] of differences)
    found.problem("signed", "signature", `BetPlaced published ${field} ${published}, the session key signed ${mine}`);

  const held = sessionAt(bet, ctx, key, placed.at, "the bet");
  if ("fault" in held) found.problem("signed", "signature", held.fault);
  else if ("unknown" in held) found.verdict("signed", "unchecked");
  else checkSessionTerms(held.session, bet, found);
  found.verdict("signed", "exact");
  return { via: "session", call, key };
}

/** What the player's wallet allowed the session when it opened it: these tokens and games, stakes up to maxBet. */
function checkSessionTerms(session: SessionKey, bet: ResolvedBet, found: Findings): void {
  const { placed } = bet;
  const native = BigInt(placed.token) === 0n;
  if ((session.tokens & (native ? 2n : 1n)) === 0n) found.problem("signed", "signature", `the session does not allow ${native ? "BNB" : "DEGEN"} bets`);
  if (placed.gameType > 7 || (session.games & (1n << BigInt(placed.gameType))) === 0n)
    found.problem(
      "signed",
      "signature",
      `the session does not allow ${isGameType(placed.gameType) ? gameName(placed.gameType).toLowerCase() : `game ${placed.gameType}`} bets`,
    );
  const maxBet = ((native ? session.maxBetNative : session.maxBetDegen) / SESSION_AMOUNT_UNIT) * SESSION_AMOUNT_UNIT;
  if (placed.amount > maxBet)
    found.problem("signed", "signature", `the stake ${formatAmount(placed.amount)} is above the session's largest ${formatAmount(maxBet)}`);
}

/**
 * The key that signed the action log a settlement carries: the session key of the bet's lane (for
 * a wallet bet, any session key of the player), opened before the settlement and not revoked
 * before the hand was placed in a later block, or a key the player's wallet named for this hand
 * alone (its ActionKey grant). Null when the settlement carries no signed log (Casino.settle: the
 * hand stood, or no cash-out).
 */
export function checkActionSigner(bet: ResolvedBet, found: Findings, ctx: CheckContext): string | null {
  const input = bet.settlementInput;
  if (!input || input.signature === null) return null;
  const { betId, player } = bet.placed;
  const domain = domainOf(ctx);
  const key = recoverSigner(actionsDigest(domain, betId, input.actions), input.signature);
  if (key === null) {
    found.problem("signed", "signature", "the action log's signature is none a key can make");
    return null;
  }
  if (input.keyGrant !== null && input.keyGrant !== "0x") {
    // A wallet's grant: an EOA's signature is recovered here; a contract wallet's (EIP-1271) only
    // the wallet contract itself can check, as CasinoSessions did.
    const granter = recoverSigner(actionKeyDigest(domain, player, betId, key), input.keyGrant);
    found.verdict("signed", granter?.toLowerCase() === player.toLowerCase() ? "exact" : "allowed");
    return key;
  }
  // Revoking never changes how an open hand settles: the log counts unless the key was revoked in
  // the hand's block or before it (CasinoSessions.settle).
  const held = sessionAt(bet, ctx, key, bet.resolution.at, "the action log");
  if ("fault" in held) found.problem("signed", "signature", held.fault);
  else if ("session" in held && held.session.revoked && held.session.revoked.block <= bet.placed.at.block)
    found.problem("signed", "signature", `${key} signed the action log, but the player revoked that session key in block ${held.session.revoked.block}`);
  found.verdict("signed", "unknown" in held ? "unchecked" : "exact");
  return key;
}
