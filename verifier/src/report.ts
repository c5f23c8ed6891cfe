import { formatAmount, laneOfNonce, nonceOfBet, placeInLane } from "../../engine/src/index";
import type { AuditOptions, AuditResult } from "./audit";
import { BLOCKHASH_WINDOW } from "./checks";
import type { BetResult, CheckName, Enforcement, OpenBet, Placement, Problem, ProblemKind, Verdict } from "./types";

const CHECKS: readonly CheckName[] = ["word", "chain", "payout", "jackpot", "signed"];

export interface RunInfo extends AuditOptions {
  fromBlock: number;
  toBlock: number;
  events: number;
  rpcRequests: number;
  /** Wall time of the whole verification, reading included. */
  seconds: number;
  /** Time spent decoding and checking, which overlaps the reading of later chunks. */
  checkingSeconds: number;
}

/** An open bet whose settle window has passed at the last block read: its player may claim it. */
export interface OverdueBet extends OpenBet {
  claimableAt: number;
}

/** Open bets past their settle window at `headTime`, from their blocks' timestamps. */
export function overdueBets(open: readonly OpenBet[], placedAt: ReadonlyMap<number, number>, headTime: number): OverdueBet[] {
  return open.flatMap((bet) => {
    const claimableAt = placedAt.get(bet.placedBlock)! + bet.settleWindow;
    return headTime >= claimableAt ? [{ ...bet, claimableAt }] : [];
  });
}

export type Summary = AuditResult["stats"] & {
  open: number;
  overdue: number;
  /** How many bets' payouts were computed on chain, and how many claimed back at their maximum. */
  enforcement: Partial<Record<Enforcement, number>>;
  /** How many bets were sent from the player's wallet, and how many signed by a session key and relayed. */
  placements: Partial<Record<Placement["via"], number>>;
  /** Per column, how many bets got each verdict. */
  checks: Record<CheckName, Partial<Record<Verdict, number>>>;
  mismatches: Partial<Record<ProblemKind, number>>;
  betsWithMismatch: number;
  seconds: number;
  betsPerSecond: number;
};

export function summarize(result: AuditResult, overdue: readonly OverdueBet[], run: RunInfo): Summary {
  const checks: Summary["checks"] = { word: {}, chain: {}, payout: {}, jackpot: {}, signed: {} };
  const enforcement: Summary["enforcement"] = {};
  const placements: Summary["placements"] = {};
  for (const bet of result.bets) {
    for (const name of CHECKS) checks[name][bet.checks[name]] = (checks[name][bet.checks[name]] ?? 0) + 1;
    enforcement[bet.enforcement] = (enforcement[bet.enforcement] ?? 0) + 1;
    placements[bet.placement.via] = (placements[bet.placement.via] ?? 0) + 1;
  }
  const mismatches: Summary["mismatches"] = {};
  for (const problem of result.problems) mismatches[problem.kind] = (mismatches[problem.kind] ?? 0) + 1;
  const { seconds } = run;
  return {
    ...result.stats,
    open: result.open.length,
    overdue: overdue.length,
    enforcement,
    placements,
    checks,
    mismatches,
    betsWithMismatch: result.bets.filter((bet) => bet.problems.length > 0).length,
    seconds,
    betsPerSecond: Math.round(result.bets.length / Math.max(seconds, 1e-3)),
  };
}

const SYMBOL: Record<Verdict, string> = { exact: "✓", allowed: "≈", mismatch: "✗", "n/a": "·", unchecked: "?", pending: "…" };

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** A bet as a reader names it: `#n` on the wallet's lane, `#lane:n` on a session's (nonce `lane << 32 | n`). */
const betLabel = (nonce: bigint) => {
  const lane = laneOfNonce(nonce);
  return lane === 0n ? `#${nonce}` : `#${lane}:${placeInLane(nonce)}`;
};

function jackpotCell(bet: BetResult): string {
  if (bet.checks.jackpot === "pending") return "ticket";
  if (!bet.jackpot) return "·";
  // A void draw wins nothing; the house's bankroll paid its fair value into the pool.
  if (BigInt(bet.jackpot.entropy) === 0n) return `void: no win, pool +${formatAmount(bet.jackpot.fundedByHouse)}`;
  if (!bet.jackpot.hit) return "miss";
  return bet.jackpot.won > 0n ? `HIT ${formatAmount(bet.jackpot.won)}` : "hit, empty pool";
}

/** How the payout was enforced: the rules' on chain (with the action log they were given), or the maximum claimed back. */
function enforcedCell(bet: BetResult): string {
  if (bet.enforcement === "the maximum, claimed back") return "max, claimed";
  const log = bet.actions?.log;
  if (log === undefined) return "rules";
  if (typeof log === "number") return `rules, cash-out ${(log / 100).toFixed(2)}x`;
  if (log === null) return "rules, no cash-out";
  return log === "" ? "rules, stood" : `rules, ${[...log].join(" ")}`;
}

function row(bet: BetResult): string[] {
  const checks = CHECKS.map((name) => `${name[0]!.toUpperCase()}${SYMBOL[bet.checks[name]]}`).join(" ");
  return [
    String(bet.resolvedBlock),
    betLabel(bet.nonce),
    short(bet.player),
    bet.game + (bet.split ? " split" : ""),
    bet.token,
    bet.placement.via === "unknown" ? "?" : bet.placement.via,
    formatAmount(bet.stake),
    bet.payout === null ? "?" : formatAmount(bet.payout),
    enforcedCell(bet),
    jackpotCell(bet),
    checks,
  ];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => [...cells[i]!].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + " ".repeat(widths[i]! - [...cell].length))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "─".repeat(w))), ...rows.map(line)].join("\n");
}

function counts(record: Partial<Record<string, number>>): string {
  const parts = Object.entries(record).map(([key, n]) => `${n} ${key}`);
  return parts.length ? parts.join(", ") : "none";
}

function problemLine(problem: Problem): string {
  const who = problem.betId !== undefined ? `bet ${betLabel(nonceOfBet(problem.betId))} of ${problem.player}` : (problem.player ?? "");
  return `  ✗ [${problem.kind}] block ${problem.block}, ${who}: ${problem.message}`;
}

/** The human report: one line per resolved bet, the problems, the summary and what each mark means. */
export function formatText(result: AuditResult, overdue: readonly OverdueBet[], summary: Summary, run: RunInfo): string {
  const out: string[] = [];
  out.push(`DEGEN Casino verification — chain ${run.chainId}, Casino ${run.casino}, DEGEN ${run.degen}`);
  out.push(
    `blocks ${run.fromBlock}–${run.toBlock}${run.fromDeployment ? " (from the deployment)" : " (not from the deployment: chains are checked from their first link in the range, jackpot prizes as bounds)"}${run.player ? `, player ${run.player}` : ""}`,
  );
  out.push("");
  if (result.bets.length) {
    out.push(table(["block", "bet", "player", "game", "token", "via", "stake", "payout", "enforced", "jackpot", "checks"], result.bets.map(row)));
    out.push("");
  }
  if (result.problems.length) {
    out.push(`Mismatches (${result.problems.length}):`);
    out.push(...result.problems.map(problemLine));
    out.push("");
  }
  if (overdue.length) {
    out.push(`Open past their settle window (withheld settlements; each player may claimExpired for the maximum payout):`);
    for (const bet of overdue)
      out.push(
        `  ! bet ${betLabel(bet.nonce)} of ${bet.player}, ${bet.game} ${formatAmount(bet.stake)} ${bet.token}, placed in block ${bet.placedBlock}, claimable since ${new Date(bet.claimableAt * 1000).toISOString()}`,
      );
    out.push("");
  }
  out.push("Summary");
  out.push(
    `  bets          ${summary.settled} settled, ${summary.expired} claimed as expired, ${summary.open} open (${summary.overdue} past their settle window)${summary.outsideRange ? `, ${summary.outsideRange} resolved but placed before the range (not verified)` : ""}`,
  );
  out.push(`  players       ${summary.players}; ${summary.commitments} commitments posted, ${summary.links} hash links checked`);
  out.push(
    `  sessions      ${summary.sessionKeys} session keys opened, ${summary.revokedKeys} revoked, ${summary.lanesClosed} lanes closed; bets placed: ${counts(summary.placements)}`,
  );
  out.push(`  enforcement   ${counts(summary.enforcement)}`);
  for (const name of CHECKS) out.push(`  ${name.padEnd(13)} ${counts(summary.checks[name])}`);
  out.push(
    `  mismatches    ${summary.betsWithMismatch || result.problems.length ? `${counts(summary.mismatches)} (${summary.betsWithMismatch} bets)` : "none"}`,
  );
  out.push(
    `  speed         ${result.bets.length} bets in ${summary.seconds.toFixed(2)} s: ${summary.betsPerSecond} bets/s (${run.events} events in ${run.rpcRequests} RPC requests; checking took ${run.checkingSeconds.toFixed(2)} s of it, while reading)`,
  );
  out.push("");
  out.push("bet: #n the wallet's n-th bet (lane 0), #lane:n a session lane's (nonce lane << 32 | n; the bet id is player << 64 | nonce)");
  out.push("via: wallet (the player's own transaction) or session (signed by the player's session key, relayed: CasinoSessions.play or .place)");
  out.push(
    "enforced: rules = the payout the rules contract computed in the settlement transaction, from the word (blackjack, mines and manual crash: and the action log shown, from that transaction's input); max = claimed back at the bet's maximum after its settle window",
  );
  out.push(
    "Marks: W word, C chain, P payout, J jackpot, S signed.  ✓ recomputed and equal (exact)  ≈ allowed (a bound, see below)  ✗ mismatch  · not applicable  ? before the range, or not readable  … jackpot ticket not drawn yet",
  );
  out.push("  W  random = keccak256(abi.encode(seed, clientSeed, player, nonce, chainId, casino)), as BetSettled publishes it");
  out.push(
    "  C  one link a bet, each lane its own chain: the wallet's k-th bet after its commitment settles with link k, a session lane's bet n (nonce lane << 32 | n) with link n + 1 of the chain its grant named; keccak256 applied (its position - the last revealed link's) times to it = the last revealed seed or the root (a claimed bet's link stays unrevealed); nonce order per lane, one open bet a session lane, commitments only with no wallet bet open",
  );
  out.push(
    "  P  ✓ the engine's payout from the word, and for blackjack, mines and manual crash the action log the settlement transaction carries; an expired claim pays the bet's maximum",
  );
  out.push(
    "     ≈ an interactive round settled through another contract, whose input is not read: the payout is one the rules give for this word under some play",
  );
  out.push(
    `  J  ✓ entropy = the hash of the bet's block (void only once it was gone: over ${BLOCKHASH_WINDOW} blocks later, never locked nor recorded), roll and hit, prize = min(the bet's prize, pool), JackpotWon = prize on a hit; hits and void draws are published (JackpotDrawn), a miss is recomputed`,
  );
  out.push(
    "     a void draw wins nothing: JackpotDrawn with entropy 0, prize 0, no hit, after the Casino's JackpotFunded of its fair value prize × odds / 2^47 (✓ that value; ≈ less, as a short free bankroll pays, which the events do not show)",
  );
  out.push(
    "     ≈ the pool is not known (range after the deployment): prize ≤ the bet's prize.  A one-click bet's ticket is drawn later with its batch (JackpotTicketsDrawn: the next play or drawJackpots), its hit paid and its void draw funded by drawJackpots",
  );
  out.push(
    "  S  a session lane's bet: signed by the key of the session that opened that lane (SessionOpened) before it, each signed field = BetPlaced's, within the session's tokens, games and largest stake",
  );
  out.push(
    "     an action log: signed by such a key (for a wallet bet, any session key of the player) not revoked before the hand's block, or by a key the player's wallet named for that hand (≈ when that wallet is a contract, whose EIP-1271 signature only it can check)",
  );
  out.push(
    "Mismatches of kind funds: a session's lane staked more than it held, or LaneClosed gave back to the vault other than its budget (LaneOpened), stakes and payouts left",
  );
  return out.join("\n");
}

const bigintsAsText = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** `--json`: the same results for machines, amounts and ids as decimal strings. */
export function formatJson(result: AuditResult, overdue: readonly OverdueBet[], summary: Summary, run: RunInfo): string {
  return JSON.stringify({ run, summary, bets: result.bets, open: result.open, overdue, problems: result.problems }, bigintsAsText, 2);
}
