import { ZeroHash } from "ethers";
import {
  GameType,
  formatAmount,
  betIdOf,
  gameName,
  isInteractive,
  nonceOfBet,
  playerOfBet,
  isGameType,
  previousLink,
  ticketDraws,
  ticketsHash,
  ticketsOf,
  unpackTerms,
  type JackpotTicket,
} from "../../engine/src/index";
import type { ChainEvent, Position } from "./events";
import { isBefore } from "./signed";
import type { BetCheck, BetResult, CheckContext, EventOf, OpenBet, Problem, ProblemKind } from "./types";
import type { ResolvedBet, SeedLink, SessionKey, TransactionReads, Verdict } from "./types";

/**
 * From the deployment (CheckContext.fromDeployment) everything is seen from its beginning;
 * otherwise a player's chain is checked from the first seed or commitment in the range, jackpot
 * prizes only as bounds, and a session key opened before the range is not known.
 */
export interface AuditOptions extends CheckContext {
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
    /** Session keys the players' wallets opened, and revoked. */
    sessionKeys: number;
    revokedKeys: number;
  };
}

/**
 * A player's hash-chain state, as the contract keeps it (Casino.PlayerState). Null fields are not
 * known yet: the range began after the player's history did.
 */
interface PlayerChain {
  /** The last revealed seed, or the chain's root. */
  commit: string | null;
  /** The chain's root s_0: a bet may expect it or the last revealed seed. */
  root: string | null;
  /**
   * Where `commit` sits, as a link key (linkKey): the contract's PlayerState.head offset by the
   * chain's first nonce, so that it is known without the chain's start. A range [lo, hi]: exact
   * when lo = hi; two apart when the range began after the player's chain and the parity of the
   * last revealed seed (relayed or wallet) could not be told.
   */
  head: { lo: bigint; hi: bigint } | null;
  /** The first nonce of the current chain (CommitmentSet): link positions are counted from it. */
  firstNonce: bigint | null;
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
  commitsAtPlacement: string[] | null;
  /** Which BetPlaced of its transaction it is: CasinoSessions.play's signed bet of the same index. */
  indexInTx: number;
  /** Problems found while the bet was open (its placement, an entropy lock), reported with it. */
  earlier: Problem[];
}

/**
 * A bet being gathered: a resolution, followed in its transaction by GamePlayed, JackpotDrawn and
 * JackpotWon; or a one-click bet's ticket draw, JackpotDrawn followed by JackpotWon.
 */
interface Gathering extends Omit<BetCheck, "bet"> {
  kind: "resolution" | "draw";
  bet: ResolvedBet | null;
  betId: bigint;
  tx: string;
}

/** The transaction being read: its bets, and the jackpot tickets its one-click bets must be issued. */
interface CurrentTransaction {
  tx: string;
  block: number;
  placed: number;
  tickets: JackpotTicket[];
  ticketsIssued: boolean;
}

const NO_SESSION_KEYS: readonly SessionKey[] = [];

/**
 * An audit fed with the events in chain order, in as many parts as they arrive, whose bets are
 * checked elsewhere (check-pool.ts, on other threads): each resolved bet is handed out as it is
 * gathered, and `finish` takes their results in the order handed out.
 */
export interface DeferredAudit {
  add(events: Iterable<ChainEvent>): void;
  /** No more events: hands out the last resolution, whose GamePlayed, JackpotDrawn and JackpotWon may have been the last events. */
  end(): void;
  finish(results: readonly BetResult[]): AuditResult;
}

/**
 * Verifies a Casino's history from its events in chain order: every player's hash chain and nonce
 * order, session keys and jackpot tickets, and the commitment order; each settled or claimed bet
 * goes to `check` (checkBet, with the transactions whose inputs it needs read by transactions.ts).
 * Pure: the events come from the caller (chain.ts reads them over RPC), part by part so that
 * checking overlaps reading.
 */
export function createDeferredAudit(options: AuditOptions, check: (bet: BetCheck) => void): DeferredAudit {
  const only = options.player?.toLowerCase();
  const mine = (player: string) => only === undefined || player.toLowerCase() === only;
  const players = new Map<string, PlayerChain>();
  const open = new Map<bigint, OpenRecord>();
  /** Each player's session keys (by lower-cased address), in the order opened. */
  const sessions = new Map<string, SessionKey[]>();
  /** One-click bets checked once their jackpot ticket is drawn (or the events end), by bet id. */
  const awaitingDraw = new Map<bigint, BetCheck>();
  /** Batches of tickets issued and not drawn yet, by the batch's hash. */
  const ticketBatches = new Map<string, JackpotTicket[]>();
  /** Tickets whose batch's draw was a miss, checked already: a JackpotDrawn for one publishes a hit that is none. */
  const drawnMisses = new Set<bigint>();
  let current: CurrentTransaction | null = null;
  /** The problems the audit finds itself, in chain order; a checked bet's go in where it was handed out. */
  const problems: Problem[] = [];
  const handedOut: { earlier: Problem[]; problemsBefore: number }[] = [];
  const seenPlayers = new Set<string>();
  const stats = { settled: 0, expired: 0, outsideRange: 0, players: 0, commitments: 0, links: 0, sessionKeys: 0, revokedKeys: 0 };
  let pool: bigint | null = options.fromDeployment ? 0n : null;
  /** What the Casino's bankroll just put in the pool for the draw that follows it: a void draw's fair value. */
  let fundedForDraw: bigint | null = null;
  let gathering: Gathering | null = null;

  const chainOf = (player: string): PlayerChain => {
    let chain = players.get(player);
    if (!chain) {
      // From the deployment every player starts as the contract's zeroed state: no commitment yet.
      chain = options.fromDeployment
        ? { commit: ZeroHash, root: ZeroHash, head: { lo: 0n, hi: 0n }, firstNonce: 0n, resolved: 0n, nextNonce: 0n, chainEnd: 0n }
        : { commit: null, root: null, head: null, firstNonce: null, resolved: null, nextNonce: null, chainEnd: null };
      players.set(player, chain);
    }
    return chain;
  };
  const problem = (kind: ProblemKind, message: string, event: ChainEvent, player?: string, betId?: bigint): Problem => {
    const found: Problem = { kind, message, block: event.at.block, player, betId };
    if (player === undefined || mine(player)) problems.push(found);
    return found;
  };

  const sessionKeysOf = (player: string) => sessions.get(player.toLowerCase()) ?? NO_SESSION_KEYS;
  /** A session key of the player was open at `at`: the bet may have been signed by it. */
  const sessionOpenAt = (player: string, at: Position) =>
    sessionKeysOf(player).some((key) => key.opened && isBefore(key.opened, at) && !(key.revoked && isBefore(key.revoked, at)));

  const handOut = (bet: BetCheck) => {
    handedOut.push({ earlier: bet.earlier, problemsBefore: problems.length });
    check(bet);
  };

  const finishGathering = () => {
    if (!gathering) return;
    const { kind, bet, betId, earlier, chainVerdict, reads } = gathering;
    gathering = null;
    if (!bet || !mine(bet.placed.player)) return;
    const checking: BetCheck = { bet, earlier, chainVerdict, reads };
    // A one-click DEGEN bet with odds has a ticket, drawn in a later transaction: checked then.
    const ticketed = kind === "resolution" && bet.settledAtPlacement && !bet.drawn && bet.placed.jackpotOdds !== 0n && isDegen(bet.placed.token);
    if (ticketed) awaitingDraw.set(betId, checking);
    else handOut(checking);
  };
  const isDegen = (token: string) => token.toLowerCase() === options.degen.toLowerCase();

  /** Whether an event continues the bet being gathered: the same transaction, and an event that follows what came before. */
  const continues = (event: ChainEvent, { kind, tx, betId, bet }: Gathering) => {
    if (event.at.tx !== tx) return false;
    if (event.name === "JackpotWon") return true;
    if (event.name === "GamePlayed") return kind === "resolution";
    // The Casino's bankroll funding the pool with a void draw's fair value comes just before that draw.
    if (event.name === "JackpotFunded") return kind === "resolution" && !bet?.drawn && event.funder.toLowerCase() === options.casino.toLowerCase();
    return event.name === "JackpotDrawn" && kind === "resolution" && event.betId === betId && !bet?.drawn;
  };

  /** The end of a transaction: its one-click bets' tickets must have been issued. */
  const finishTransaction = () => {
    if (current && current.tickets.length > 0 && !current.ticketsIssued) {
      const { betId } = current.tickets[0]!;
      const player = playerOfBet(betId);
      if (mine(player)) {
        const message = `no JackpotTicketsIssued for the ${current.tickets.length} jackpot ticket(s) of this transaction's one-click bets`;
        problems.push({ kind: "jackpot", message, block: current.block, betId, player });
      }
    }
    current = null;
  };

  const add = (event: ChainEvent) => {
    if (gathering && !continues(event, gathering)) finishGathering();
    if (current?.tx !== event.at.tx) {
      finishTransaction();
      current = { tx: event.at.tx, block: event.at.block, placed: 0, tickets: [], ticketsIssued: false };
    }
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
          root: event.commit,
          head: { lo: 2n * event.firstNonce, hi: 2n * event.firstNonce },
          firstNonce: event.firstNonce,
          resolved: event.firstNonce,
          nextNonce: event.firstNonce,
          chainEnd: event.firstNonce + event.length,
        });
        break;
      }
      case "BetPlaced": {
        const chain = chainOf(event.player);
        const record: OpenRecord = {
          placed: event,
          split: false,
          lockedEntropy: null,
          poolAtPlacement: pool,
          // Unknown until the range shows the chain's root (a CommitmentSet).
          commitsAtPlacement: chain.commit === null || chain.root === null ? null : [chain.commit.toLowerCase(), chain.root.toLowerCase()],
          indexInTx: current!.placed++,
          earlier: [],
        };
        const flag = (kind: ProblemKind, message: string) => record.earlier.push(problem(kind, message, event, event.player, event.betId));
        if (mine(event.player)) seenPlayers.add(event.player);
        if (event.betId !== betIdOf(event.player, event.nonce)) flag("events", `bet id ${event.betId} is not player << 64 | nonce ${event.nonce}`);
        if (chain.commit === ZeroHash) flag("order", "the bet was placed before any commitment");
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
        const player = playerOfBet(event.betId);
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
        const player = playerOfBet(event.betId);
        const nonce = nonceOfBet(event.betId);
        const record = open.get(event.betId);
        open.delete(event.betId);
        const earlier = record?.earlier ?? [];
        const flag = (kind: ProblemKind, message: string) => earlier.push(problem(kind, message, event, player, event.betId));
        const chain = chainOf(player);
        let chainVerdict: Verdict = "exact";
        if (chain.resolved !== null && nonce !== chain.resolved) flag("order", `nonce ${nonce} was resolved while nonce ${chain.resolved} was the oldest open`);
        let linked: SeedLink | null = null;
        if (event.name === "BetSettled") {
          if (chain.commit === null || chain.head === null) {
            chainVerdict = "unchecked";
            chain.head = { lo: linkKey(nonce, true), hi: linkKey(nonce, false) };
          } else {
            const verdict = checkLink(event.seed, chain.commit, nonce, chain.head, chain.firstNonce);
            if (mine(player)) stats.links += verdict.hashes;
            if (verdict.problem) flag("link", verdict.problem);
            linked = verdict.linked;
            chain.head = verdict.head;
          }
          chain.commit = event.seed.toLowerCase();
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
        const bet = record ? resolvedBet(record, event, linked) : null;
        const reads = record && bet ? readsOf(bet, record.indexInTx) : { indexInTx: 0 };
        gathering = { kind: "resolution", bet, betId: event.betId, tx: event.at.tx, earlier, chainVerdict, reads };
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
        const ticket = awaitingDraw.get(event.betId);
        awaitingDraw.delete(event.betId);
        const fundedByHouse = fundedForDraw;
        fundedForDraw = null;
        if (gathering) {
          if (gathering.bet) Object.assign(gathering.bet, { drawn: event, poolBeforeDraw: pool, fundedByHouse });
        } else if (ticket) {
          Object.assign(ticket.bet, { drawn: event, poolBeforeDraw: pool, fundedByHouse });
          gathering = { ...ticket, kind: "draw", betId: event.betId, tx: event.at.tx };
        } else if (drawnMisses.has(event.betId)) {
          drawnMisses.delete(event.betId);
          const message = `JackpotDrawn publishes a hit paying ${formatAmount(event.prize)} DEGEN for a ticket whose batch's draw is a miss`;
          problem("jackpot", message, event, playerOfBet(event.betId), event.betId);
          // Its JackpotWon, if any, belongs to this draw.
          gathering = { kind: "draw", bet: null, betId: event.betId, tx: event.at.tx, earlier: [], chainVerdict: "n/a", reads: { indexInTx: 0 } };
        } else {
          problem(
            "events",
            "JackpotDrawn outside its bet's settlement or claim, and for no ticket waiting for its draw",
            event,
            playerOfBet(event.betId),
            event.betId,
          );
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
        // The Casino funding its own pool: the bankroll paying the fair value of the void draw that follows.
        if (event.funder.toLowerCase() === options.casino.toLowerCase()) fundedForDraw = event.amount;
        break;
      }
      case "JackpotTicketsIssued": {
        const expected = ticketsHash(current!.tickets);
        if (event.count !== BigInt(current!.tickets.length) || event.tickets !== expected) {
          problem(
            "jackpot",
            `JackpotTicketsIssued names ${event.count} ticket(s) hashed ${event.tickets}; the transaction's one-click DEGEN bets with odds give ${current!.tickets.length}, hashed ${expected}`,
            event,
            current!.tickets[0] && playerOfBet(current!.tickets[0].betId),
          );
        }
        current!.ticketsIssued = true;
        ticketBatches.set(event.tickets.toLowerCase(), current!.tickets);
        break;
      }
      case "JackpotTicketsDrawn": {
        // The batch's draw, once: its misses are final (never published), its hits and its void
        // tickets (a batch whose hash was gone) wait for drawJackpots's JackpotDrawn: a hit's pays
        // the player, a void ticket's follows the house's funding of its fair value.
        const batch = ticketBatches.get(event.tickets);
        ticketBatches.delete(event.tickets);
        if (!batch) {
          if (options.fromDeployment) problem("jackpot", `JackpotTicketsDrawn for tickets ${event.tickets}, a batch not issued or drawn already`, event);
          break;
        }
        for (const draw of ticketDraws(options.casino, batch, event.entropy)) {
          const waiting = awaitingDraw.get(draw.betId);
          if (!waiting) continue;
          waiting.bet.ticketDraw = { entropy: event.entropy, at: event.at };
          if (!draw.hit && draw.roll !== null) {
            awaitingDraw.delete(draw.betId);
            drawnMisses.add(draw.betId);
            handOut(waiting);
          }
        }
        break;
      }
      case "SessionOpened": {
        const keys = sessions.get(event.player.toLowerCase()) ?? [];
        sessions.set(event.player.toLowerCase(), keys);
        if (mine(event.player)) stats.sessionKeys++;
        if (keys.some((known) => known.key === event.key)) problem("events", `session key ${event.key} was opened again`, event, event.player);
        else {
          const { key, tokens, games, maxBetDegen, maxBetNative } = event;
          keys.push({ key, opened: event.at, revoked: null, tokens, games, maxBetDegen, maxBetNative });
        }
        break;
      }
      case "SessionRevoked": {
        const keys = sessions.get(event.player.toLowerCase()) ?? [];
        sessions.set(event.player.toLowerCase(), keys);
        if (mine(event.player)) stats.revokedKeys++;
        const known = keys.find((candidate) => candidate.key === event.key);
        // A key revoked before it was opened can never open (CasinoSessions.revokeSession).
        if (!known) keys.push({ key: event.key, opened: null, revoked: event.at, tokens: 0n, games: 0n, maxBetDegen: 0n, maxBetNative: 0n });
        else known.revoked ??= event.at;
        break;
      }
    }
  };

  /** The bet as its resolution found it; a one-click bet's draw comes later. */
  const resolvedBet = (record: OpenRecord, resolution: EventOf<"BetSettled"> | EventOf<"ExpiredBetClaimed">, linked: SeedLink | null): ResolvedBet => {
    const { placed } = record;
    const settledAtPlacement = placed.at.tx === resolution.at.tx;
    if (settledAtPlacement) current!.tickets.push(...ticketsOf([placed], options.degen));
    return {
      placed,
      split: record.split,
      lockedEntropy: record.lockedEntropy,
      poolAtPlacement: record.poolAtPlacement,
      commitsAtPlacement: record.commitsAtPlacement,
      resolution,
      gamePlayed: null,
      drawn: null,
      ticketDraw: null,
      won: null,
      poolBeforeDraw: null,
      fundedByHouse: null,
      settledAtPlacement,
      linked,
      sessionKeys: sessionKeysOf(record.placed.player),
      placementInput: { via: "wallet" },
      settlementInput: null,
    };
  };

  /**
   * The transactions a bet's check must read: its placement's when a session key may have signed
   * it (a one-click bet; a player with a session open; a range whose sessions are not all known),
   * and an interactive round's settlement, which carries the action log. Until read, a placement
   * is "unknown".
   */
  const readsOf = (bet: ResolvedBet, indexInTx: number): TransactionReads => {
    const { placed, resolution } = bet;
    const reads: TransactionReads = { indexInTx };
    // A seed at a relay position: its placement must be a CasinoSessions call, which the check reads.
    if (bet.settledAtPlacement || bet.linked?.as === "relayed" || sessionOpenAt(placed.player, placed.at) || !options.fromDeployment) {
      reads.placementTx = placed.at.tx;
      bet.placementInput = { via: "unknown" };
    }
    const interactive = isInteractive(placed.gameType, placed.params);
    if (interactive && resolution.name === "BetSettled") reads.settlementTx = resolution.at.tx;
    return reads;
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
    end: () => {
      finishGathering();
      finishTransaction();
      // Tickets not drawn by the last block read: checked as they are (a draw pending).
      for (const waiting of awaitingDraw.values()) handOut(waiting);
      awaitingDraw.clear();
    },
    finish,
  };
}

/**
 * A link's key: 2 × nonce + 1 for a relayed bet's seed (link 2k − 1 of its chain, k = nonce −
 * firstNonce + 1), 2 × nonce + 2 for a wallet bet's (link 2k), 2 × firstNonce for the chain's
 * root. Keys differ as positions do, so the hashes between two links are the difference of keys.
 */
export function linkKey(nonce: bigint, relayed: boolean): bigint {
  return 2n * nonce + (relayed ? 1n : 2n);
}

/**
 * The bet's seed against the player's commitment (the last revealed link, at `head`): keccak256
 * applied (position − head) times to the seed must give it, the position being the bet's relay link
 * 2k − 1 or its wallet link 2k. Both are tried (the second costs one hash more); which one leads to
 * the commitment says how the seed was used, which the bet's check compares with how it was placed.
 * A bet claimed as expired leaves its two links unrevealed: the next seed hashes past them.
 */
export function checkLink(
  seed: string,
  commitment: string,
  nonce: bigint,
  head: { lo: bigint; hi: bigint },
  firstNonce: bigint | null,
): { hashes: number; linked: SeedLink | null; head: { lo: bigint; hi: bigint }; problem?: string } {
  const relayedKey = linkKey(nonce, true);
  const walletKey = linkKey(nonce, false);
  const unknown = { lo: relayedKey, hi: walletKey };
  const most = walletKey - head.lo;
  const least = relayedKey - head.hi > 1n ? relayedKey - head.hi : 1n;
  if (most < 1n) return { hashes: 0, linked: null, head: unknown, problem: "the bet's nonce is behind the player's revealed seeds" };
  const target = commitment.toLowerCase();
  let link = seed.toLowerCase();
  let steps = 0n;
  let matched: bigint | null = null;
  while (steps < most) {
    link = previousLink(link);
    steps++;
    if (steps >= least && link === target) {
      matched = steps;
      break;
    }
  }
  const position = (key: bigint) => (firstNonce === null ? null : Number(key - 2n * firstNonce));
  if (matched !== null) {
    const fits = [relayedKey, walletKey].filter((key) => key - matched >= head.lo && key - matched <= head.hi);
    if (fits.length === 1) {
      const key = fits[0]!;
      return { hashes: Number(steps), linked: { as: key === relayedKey ? "relayed" : "wallet", position: position(key) }, head: { lo: key, hi: key } };
    }
    return { hashes: Number(steps), linked: null, head: unknown };
  }
  const at = (key: bigint) => {
    const p = position(key);
    return p === null ? "" : ` (link ${p})`;
  };
  const tried =
    head.lo === head.hi
      ? `neither keccak256 applied ${relayedKey - head.lo} times to the seed (a relay seed${at(relayedKey)}) nor ${walletKey - head.lo} times (a wallet seed${at(walletKey)})`
      : `keccak256 applied ${least} to ${most} times to the seed`;
  const claimed = head.lo === head.hi && relayedKey - head.lo > 2n ? "; claimed bets since the last revealed seed left their links unrevealed" : "";
  return { hashes: Number(steps), linked: null, head: unknown, problem: `${tried} gives the player's commitment ${commitment}${claimed}` };
}
