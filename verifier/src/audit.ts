import { GameType, checksumAddress, gameName, isGameType, previousLink, unpackTerms } from "../../engine/src/index";
import { checkBet, type CheckContext, type ResolvedBet } from "./checks";
import type { ChainEvent } from "./events";
import type { BetResult, EventOf, OpenBet, Problem, ProblemKind, Verdict } from "./types";

const NONCE_MASK = (1n << 64n) - 1n;
const ZERO_WORD = "0x" + "0".repeat(64);

export interface AuditOptions extends CheckContext {
  /**
   * The events start at (or before) the Casino's deployment, so every player's chain and the
   * jackpot pool are seen from their beginning. Otherwise a player's chain is checked from the
   * first seed or commitment in the range, and jackpot prizes only as bounds.
   */
  fromDeployment: boolean;
  /** Verify this player's bets only (the pool still follows every player's events). */
  player?: string;
}

export interface AuditResult {
  bets: BetResult[];
  open: OpenBet[];
  /** Every problem, those of bets included, in chain order. */
  problems: Problem[];
  stats: {
    settled: number;
    expired: number;
    /** Resolutions of bets placed before the range, which cannot be verified from it. */
    outsideRange: number;
    players: number;
    commitments: number;
    /** keccak256 links checked from revealed seeds back to the commitments. */
    links: number;
  };
}

/**
 * A player's hash-chain state, as the contract keeps it (Casino.PlayerState). Null fields are not
 * known yet: the range began after the player's history did.
 */
interface PlayerChain {
  /** The last revealed seed, or the chain's root. */
  commit: string | null;
  /** The nonce whose seed hashes directly to `commit`; a claimed bet leaves its seed unrevealed. */
  head: bigint | null;
  /** The nonce of the oldest open bet. */
  resolved: bigint | null;
  nextNonce: bigint | null;
  /** The first nonce the current chain cannot settle. */
  chainEnd: bigint | null;
}

interface OpenRecord {
  placed: EventOf<"BetPlaced">;
  split: boolean;
  lockedEntropy: string | null;
  poolAtPlacement: bigint | null;
  /** Problems found while the bet was open (its placement, an entropy lock), reported with it. */
  earlier: Problem[];
}

/** A resolution being gathered: its GamePlayed, JackpotDrawn and JackpotWon follow in its transaction. */
interface Gathering {
  bet: ResolvedBet | null;
  betId: bigint;
  tx: string;
  /** The open bet's problems and those of its resolution's order and seed. */
  earlier: Problem[];
  chainVerdict: Verdict;
}

/** Events that belong to the resolution just before them in the same transaction. */
const FOLLOWERS = new Set<ChainEvent["name"]>(["GamePlayed", "JackpotDrawn", "JackpotWon"]);

/** An audit fed with the events in chain order, in as many parts as they arrive. */
export interface Audit {
  add(events: Iterable<ChainEvent>): void;
  finish(): AuditResult;
}

/** One resolved bet for checkBet, with what the audit found before its resolution. */
export interface BetCheck {
  bet: ResolvedBet;
  /** The open bet's problems and those of its resolution's order and seed. */
  earlier: Problem[];
  chainVerdict: Verdict;
}

/**
 * An audit whose bets are checked elsewhere (check-pool.ts, on other threads): each resolved bet
 * is handed out as it is gathered, and `finish` takes their results in the order handed out.
 */
export interface DeferredAudit {
  add(events: Iterable<ChainEvent>): void;
  /** No more events: hands out the last resolution, whose GamePlayed, JackpotDrawn and JackpotWon may have been the last events. */
  end(): void;
  finish(results: readonly BetResult[]): AuditResult;
}

/** Verifies a whole history at once (see createAudit). */
export function audit(events: Iterable<ChainEvent>, options: AuditOptions): AuditResult {
  const run = createAudit(options);
  run.add(events);
  return run.finish();
}

/**
 * Verifies a Casino's history from its events in chain order: every settled or claimed bet
 * (checkBet), every player's hash chain and nonce order, and the commitment order. Pure: the
 * events come from the caller (chain.ts reads them over RPC), part by part so that checking
 * overlaps reading.
 */
export function createAudit(options: AuditOptions): Audit {
  const results: BetResult[] = [];
  const deferred = createDeferredAudit(options, ({ bet, earlier, chainVerdict }) => results.push(checkBet(bet, options, earlier, chainVerdict)));
  return {
    add: deferred.add,
    finish: () => {
      deferred.end();
      return deferred.finish(results);
    },
  };
}

/** createAudit with each resolved bet's checkBet left to `check` (DeferredAudit). */
export function createDeferredAudit(options: AuditOptions, check: (bet: BetCheck) => void): DeferredAudit {
  const only = options.player?.toLowerCase();
  const mine = (player: string) => only === undefined || player.toLowerCase() === only;
  const players = new Map<string, PlayerChain>();
  const open = new Map<bigint, OpenRecord>();
  /** The problems the audit finds itself, in chain order; a checked bet's go in where it was handed out. */
  const problems: Problem[] = [];
  const handedOut: { earlier: Problem[]; problemsBefore: number }[] = [];
  const seenPlayers = new Set<string>();
  const stats = { settled: 0, expired: 0, outsideRange: 0, players: 0, commitments: 0, links: 0 };
  let pool: bigint | null = options.fromDeployment ? 0n : null;
  let gathering: Gathering | null = null;

  const chainOf = (player: string): PlayerChain => {
    let chain = players.get(player);
    if (!chain) {
      // From the deployment every player starts as the contract's zeroed state: no commitment yet.
      chain = options.fromDeployment
        ? { commit: ZERO_WORD, head: 0n, resolved: 0n, nextNonce: 0n, chainEnd: 0n }
        : { commit: null, head: null, resolved: null, nextNonce: null, chainEnd: null };
      players.set(player, chain);
    }
    return chain;
  };
  const problem = (kind: ProblemKind, message: string, event: ChainEvent, player?: string, betId?: bigint): Problem => {
    const found: Problem = { kind, message, block: event.at.block, player, betId };
    if (player === undefined || mine(player)) problems.push(found);
    return found;
  };

  const finishGathering = () => {
    if (!gathering) return;
    const { bet, earlier, chainVerdict } = gathering;
    gathering = null;
    if (!bet) return;
    if (!mine(bet.placed.player)) return;
    handedOut.push({ earlier, problemsBefore: problems.length });
    check({ bet, earlier, chainVerdict });
  };

  const add = (event: ChainEvent) => {
    if (gathering && !(FOLLOWERS.has(event.name) && event.at.tx === gathering.tx)) finishGathering();
    switch (event.name) {
      case "CommitmentSet": {
        const chain = chainOf(event.player);
        if (mine(event.player)) {
          stats.commitments++;
          seenPlayers.add(event.player);
        }
        if (chain.resolved !== null && chain.nextNonce !== null && chain.resolved !== chain.nextNonce) {
          problem("order", `a new commitment was posted while nonces ${chain.resolved}..${chain.nextNonce - 1n} were open`, event, event.player);
        }
        if (chain.nextNonce !== null && event.firstNonce !== chain.nextNonce) {
          problem("order", `the commitment starts at nonce ${event.firstNonce}, the player's next nonce is ${chain.nextNonce}`, event, event.player);
        }
        // Posted with no bet open, so it fixes the whole state even when the range began later.
        Object.assign(chain, {
          commit: event.commit,
          head: event.firstNonce,
          resolved: event.firstNonce,
          nextNonce: event.firstNonce,
          chainEnd: event.firstNonce + event.length,
        });
        break;
      }
      case "BetPlaced": {
        const chain = chainOf(event.player);
        const record: OpenRecord = { placed: event, split: false, lockedEntropy: null, poolAtPlacement: pool, earlier: [] };
        const flag = (kind: ProblemKind, message: string) => record.earlier.push(problem(kind, message, event, event.player, event.betId));
        if (mine(event.player)) seenPlayers.add(event.player);
        if (event.betId !== ((BigInt(event.player) << 64n) | event.nonce)) flag("events", `bet id ${event.betId} is not player << 64 | nonce ${event.nonce}`);
        if (chain.commit === ZERO_WORD) flag("order", "the bet was placed before any commitment");
        if (chain.nextNonce !== null && event.nonce !== chain.nextNonce) flag("order", `nonce ${event.nonce} placed where nonce ${chain.nextNonce} was next`);
        if (chain.chainEnd !== null && event.nonce >= chain.chainEnd)
          flag("order", `nonce ${event.nonce} lies beyond the commitment's chain (it ends before ${chain.chainEnd})`);
        chain.nextNonce = event.nonce + 1n;
        open.set(event.betId, record);
        break;
      }
      case "StakeAdded": {
        const record = open.get(event.betId);
        if (!record) {
          if (options.fromDeployment) problem("events", "a second stake was added to a bet that is not open", event, event.player, event.betId);
        } else if (
          record.split ||
          record.placed.gameType !== GameType.BLACKJACK ||
          event.amount !== record.placed.amount ||
          event.player !== record.placed.player
        ) {
          problem("events", `StakeAdded of ${event.amount} does not fit the bet (a blackjack hand's one equal second stake)`, event, event.player, event.betId);
        } else {
          record.split = true;
        }
        break;
      }
      case "JackpotEntropyLocked": {
        const record = open.get(event.betId);
        const player = playerOf(event.betId);
        if (!record) {
          if (options.fromDeployment) problem("events", "entropy was locked for a bet that is not open", event, player, event.betId);
        } else {
          if (event.entropy.toLowerCase() !== record.placed.blockHash) {
            record.earlier.push(problem("entropy", `locked entropy ${event.entropy} is not the hash of the bet's block`, event, player, event.betId));
          }
          record.lockedEntropy = event.entropy;
        }
        break;
      }
      case "BetSettled":
      case "ExpiredBetClaimed": {
        const player = playerOf(event.betId);
        const nonce = event.betId & NONCE_MASK;
        const record = open.get(event.betId);
        open.delete(event.betId);
        const earlier = record?.earlier ?? [];
        const flag = (kind: ProblemKind, message: string) => earlier.push(problem(kind, message, event, player, event.betId));
        const chain = chainOf(player);
        let chainVerdict: Verdict = "exact";
        if (chain.resolved !== null && nonce !== chain.resolved) flag("order", `nonce ${nonce} was resolved while nonce ${chain.resolved} was the oldest open`);
        if (event.name === "BetSettled") {
          if (chain.commit === null || chain.head === null) {
            chainVerdict = "unchecked";
          } else {
            const verdict = checkLink(event.seed, chain.commit, nonce - chain.head + 1n);
            if (mine(player)) stats.links += verdict.hashes;
            if (verdict.problem) flag("link", verdict.problem);
          }
          Object.assign(chain, { commit: event.seed.toLowerCase(), head: nonce + 1n });
        } else if (chain.resolved === null) {
          chainVerdict = "unchecked";
        }
        chain.resolved = nonce + 1n;
        if (event.name === "ExpiredBetClaimed" && event.player !== player) flag("events", `ExpiredBetClaimed names ${event.player}, the bet is ${player}'s`);
        if (!record) {
          if (options.fromDeployment) flag("events", "a bet that was never placed (or is already resolved) was resolved");
          else if (mine(player)) stats.outsideRange++;
        } else if (mine(player)) {
          stats[event.name === "BetSettled" ? "settled" : "expired"]++;
        }
        gathering = {
          bet: record ? { ...record, resolution: event, gamePlayed: null, drawn: null, won: null, poolBeforeDraw: null } : null,
          betId: event.betId,
          tx: event.at.tx,
          earlier,
          chainVerdict,
        };
        break;
      }
      case "GamePlayed": {
        if (!gathering || gathering.bet?.gamePlayed) {
          problem("events", "GamePlayed without a settlement or claim before it in its transaction", event, event.player);
        } else if (gathering.bet) {
          gathering.bet.gamePlayed = event;
        }
        break;
      }
      case "JackpotDrawn": {
        if (!gathering || gathering.betId !== event.betId || gathering.bet?.drawn) {
          problem("events", "JackpotDrawn outside its bet's settlement or claim", event, playerOf(event.betId), event.betId);
        } else if (gathering.bet) {
          Object.assign(gathering.bet, { drawn: event, poolBeforeDraw: pool });
        }
        break;
      }
      case "JackpotWon": {
        if (!gathering || (gathering.bet && (!gathering.bet.drawn || gathering.bet.won))) {
          problem("events", "JackpotWon without a jackpot draw before it", event, event.player);
        } else if (gathering.bet) {
          gathering.bet.won = event;
        }
        if (pool !== null) pool -= event.amount;
        break;
      }
      case "JackpotFunded": {
        if (pool !== null) pool += event.amount;
        break;
      }
    }
  };

  /** The audit's problems with each checked bet's own: the problems found earlier are listed already, in chain order. */
  const inChainOrder = (results: readonly BetResult[]): Problem[] => {
    if (results.length !== handedOut.length) throw new Error(`${handedOut.length} bets were handed out for checking, ${results.length} results came back`);
    // Loops, not spreads: a long run of problems would exceed the arguments a call can take.
    const merged: Problem[] = [];
    let next = 0;
    handedOut.forEach(({ earlier, problemsBefore }, i) => {
      for (; next < problemsBefore; next++) merged.push(problems[next]!);
      for (const problem of results[i]!.problems) if (!earlier.includes(problem)) merged.push(problem);
    });
    for (; next < problems.length; next++) merged.push(problems[next]!);
    return merged;
  };

  const finish = (results: readonly BetResult[]): AuditResult => {
    stats.players = seenPlayers.size;
    const openBets = [...open.values()]
      .filter((record) => mine(record.placed.player))
      .map(({ placed, split }): OpenBet => ({
        betId: placed.betId,
        player: placed.player,
        nonce: placed.nonce,
        placedBlock: placed.at.block,
        game: isGameType(placed.gameType) ? gameName(placed.gameType) : `game ${placed.gameType}`,
        token: BigInt(placed.token) === 0n ? "BNB" : "DEGEN",
        stake: split ? 2n * placed.amount : placed.amount,
        settleWindow: unpackTerms(placed.terms).settleWindow,
      }));
    return { bets: [...results], open: openBets, problems: inChainOrder(results), stats };
  };

  return {
    add: (events) => {
      for (const event of events) add(event);
    },
    end: finishGathering,
    finish,
  };
}

/** A bet id is player << 64 | nonce. */
function playerOf(betId: bigint): string {
  return checksumAddress("0x" + (betId >> 64n).toString(16).padStart(40, "0"));
}

/**
 * keccak256 applied `hashes` times to the seed must give the commitment: once, plus once per
 * earlier bet claimed as expired since the last revealed seed (its link stayed unrevealed).
 */
function checkLink(seed: string, commitment: string, hashes: bigint): { hashes: number; problem?: string } {
  if (hashes < 1n) return { hashes: 0, problem: "the bet's nonce is behind the player's revealed seeds" };
  let link = seed;
  for (let i = 0n; i < hashes; i++) link = previousLink(link);
  if (link === commitment.toLowerCase()) return { hashes: Number(hashes) };
  const times = hashes === 1n ? "keccak256(seed)" : `keccak256 applied ${hashes} times to the seed (${hashes - 1n} claimed bet(s) left links unrevealed)`;
  return { hashes: Number(hashes), problem: `${times} is not the player's commitment ${commitment}` };
}
