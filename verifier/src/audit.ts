import { ZeroAddress, ZeroHash } from "ethers";
import {
  GameType,
  formatAmount,
  betIdOf,
  gameName,
  isInteractive,
  laneOfNonce,
  nonceOfBet,
  playerOfBet,
  isGameType,
  ticketDraws,
  ticketsHash,
  ticketsOf,
  unpackTerms,
  type JackpotTicket,
} from "../../engine/src/index";
import type { ChainEvent } from "./events";
import { checkLink, closeLane, linkKey, openedLane, payIntoLane, takeFromLane, unknownSessionLane, walletLane, type LaneFunds, type LaneState } from "./lanes";
import type { BetCheck, BetResult, CheckContext, EventOf, OpenBet, Problem, ProblemKind } from "./types";
import type { ResolvedBet, SeedLink, SessionKey, TransactionReads, Verdict } from "./types";

/**
 * From the deployment (CheckContext.fromDeployment) everything is seen from its beginning;
 * otherwise each lane's chain is checked from the first seed or commitment in the range, jackpot
 * prizes only as bounds, and a session key or lane opened before the range is not known.
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
    /** Session keys the players' wallets opened, and revoked; session lanes that gave their funds back to the vault. */
    sessionKeys: number;
    revokedKeys: number;
    lanesClosed: number;
  };
}

interface OpenRecord {
  placed: EventOf<"BetPlaced">;
  split: boolean;
  lockedEntropy: string | null;
  poolAtPlacement: bigint | null;
  /** Which signed bet of its transaction it is: CasinoSessions.play's signed bet of the same index. */
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

/** The transaction being read: its bets, the jackpot tickets its one-click bets must be issued, the lane it opened. */
interface CurrentTransaction {
  tx: string;
  block: number;
  /** Its signed bets so far: each is placed (BetPlaced) or skipped (BetSkipped), in order. */
  signedBets: number;
  tickets: JackpotTicket[];
  ticketsIssued: boolean;
  laneOpened: EventOf<"LaneOpened"> | null;
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
 * Verifies a Casino's history from its events in chain order: every lane's hash chain and nonce
 * order (the wallet's and each session's), the lanes' funds, session keys and jackpot tickets, and
 * the commitment order; each settled or claimed bet
 * goes to `check` (checkBet, with the transactions whose inputs it needs read by transactions.ts).
 * Pure: the events come from the caller (chain.ts reads them over RPC), part by part so that
 * checking overlaps reading.
 */
export function createDeferredAudit(options: AuditOptions, check: (bet: BetCheck) => void): DeferredAudit {
  const only = options.player?.toLowerCase();
  const mine = (player: string) => only === undefined || player.toLowerCase() === only;
  /** Each player's lanes, by `player:lane` (the address lower-cased). */
  const lanes = new Map<string, LaneState>();
  /** How many lanes each player's sessions opened (from the deployment: 0 for a player not seen). */
  const lanesOpened = new Map<string, bigint>();
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
  const stats = { settled: 0, expired: 0, outsideRange: 0, players: 0, commitments: 0, links: 0, sessionKeys: 0, revokedKeys: 0, lanesClosed: 0 };
  let pool: bigint | null = options.fromDeployment ? 0n : null;
  /** What the Casino's bankroll just put in the pool for the draw that follows it: a void draw's fair value. */
  let fundedForDraw: bigint | null = null;
  let gathering: Gathering | null = null;

  const laneId = (player: string, lane: bigint) => `${player.toLowerCase()}:${lane}`;
  /** A player's lane; a session's lane not opened in the range is one opened before it. */
  const laneOf = (player: string, lane: bigint): LaneState => {
    const id = laneId(player, lane);
    let state = lanes.get(id);
    if (!state) {
      state = lane === 0n ? walletLane(options.fromDeployment) : unknownSessionLane();
      lanes.set(id, state);
    }
    return state;
  };
  /** The ledger's name of a bet's token (null: a token the Casino does not take, which the bet's check reports). */
  const fundsOf = (token: string): keyof LaneFunds | null =>
    token.toLowerCase() === options.degen.toLowerCase() ? "DEGEN" : token === ZeroAddress ? "BNB" : null;
  const problem = (kind: ProblemKind, message: string, event: ChainEvent, player?: string, betId?: bigint): Problem => {
    const found: Problem = { kind, message, block: event.at.block, player, betId };
    if (player === undefined || mine(player)) problems.push(found);
    return found;
  };

  const sessionKeysOf = (player: string) => sessions.get(player.toLowerCase()) ?? NO_SESSION_KEYS;

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

  /** A session opens its lane in the same transaction: the Casino's LaneOpened, just before, names its lane, its grant's root and its budgets. */
  const checkLaneOfSession = (session: EventOf<"SessionOpened">, lane: EventOf<"LaneOpened"> | null) => {
    const { lane: number, commit, budgetDegen, budgetNative } = session;
    const same =
      lane?.player === session.player &&
      lane.lane === number &&
      lane.commit.toLowerCase() === commit.toLowerCase() &&
      lane.degen === budgetDegen &&
      lane.native === budgetNative;
    if (same) return;
    const opened = (n: bigint, root: string, degen: bigint, native: bigint) =>
      `lane ${n} with root ${root} and ${formatAmount(degen)} DEGEN, ${formatAmount(native)} BNB`;
    const casino = lane
      ? `the Casino's LaneOpened in its transaction ${opened(lane.lane, lane.commit, lane.degen, lane.native)}`
      : "no LaneOpened of the Casino before it in its transaction";
    problem("events", `SessionOpened names ${opened(number, commit, budgetDegen, budgetNative)}; ${casino}`, session, session.player);
  };

  const add = (event: ChainEvent) => {
    if (gathering && !continues(event, gathering)) finishGathering();
    if (current?.tx !== event.at.tx) {
      finishTransaction();
      current = { tx: event.at.tx, block: event.at.block, signedBets: 0, tickets: [], ticketsIssued: false, laneOpened: null };
    }
    switch (event.name) {
      case "CommitmentSet": {
        // The wallet's chain (lane 0): a session's lane has its own, named by its grant.
        const wallet = laneOf(event.player, 0n);
        if (mine(event.player)) {
          stats.commitments++;
          seenPlayers.add(event.player);
        }
        if (wallet.resolved !== null && wallet.next !== null && wallet.resolved !== wallet.next) {
          problem("order", `a new commitment was posted while nonces ${wallet.resolved}..${wallet.next - 1n} were open`, event, event.player);
        }
        if (wallet.next !== null && event.firstNonce !== wallet.next) {
          problem("order", `the commitment starts at nonce ${event.firstNonce}, the player's next nonce is ${wallet.next}`, event, event.player);
        }
        // Posted with no wallet bet open, so it fixes the wallet lane's whole state even when the range began later.
        Object.assign(wallet, {
          commit: event.commit.toLowerCase(),
          head: event.firstNonce,
          first: event.firstNonce,
          resolved: event.firstNonce,
          next: event.firstNonce,
          chainEnd: event.firstNonce + event.length,
        });
        break;
      }
      case "LaneOpened": {
        current!.laneOpened = event;
        if (event.lane === 0n) {
          problem("order", "lane 0 is the player's wallet: no session opens it", event, event.player);
          break;
        }
        const player = event.player.toLowerCase();
        const before = lanesOpened.get(player) ?? (options.fromDeployment ? 0n : null);
        if (lanes.has(laneId(player, event.lane))) problem("order", `lane ${event.lane} of the player was opened again`, event, event.player);
        else if (before !== null && event.lane !== before + 1n)
          problem("order", `lane ${event.lane} was opened where lane ${before + 1n} was the player's next`, event, event.player);
        lanesOpened.set(player, before === null || event.lane > before ? event.lane : before);
        lanes.set(laneId(player, event.lane), openedLane(event));
        break;
      }
      case "LaneClosed": {
        const known = lanes.has(laneId(event.player, event.lane));
        if (event.lane === 0n || (!known && options.fromDeployment)) {
          problem("events", `LaneClosed of lane ${event.lane}, which no session opened`, event, event.player);
          break;
        }
        if (mine(event.player)) stats.lanesClosed++;
        // A lane opened before the range: from its close on, what it holds is known (nothing).
        const fault = closeLane(laneOf(event.player, event.lane), event);
        if (fault) problem("funds", fault, event, event.player);
        break;
      }
      case "BetSkipped":
        current!.signedBets++;
        break;
      case "BetPlaced": {
        const laneNumber = laneOfNonce(event.nonce);
        const known = lanes.has(laneId(event.player, laneNumber));
        const lane = laneOf(event.player, laneNumber);
        const record: OpenRecord = { placed: event, split: false, lockedEntropy: null, poolAtPlacement: pool, indexInTx: current!.signedBets++, earlier: [] };
        const flag = (kind: ProblemKind, message: string) => record.earlier.push(problem(kind, message, event, event.player, event.betId));
        if (mine(event.player)) seenPlayers.add(event.player);
        if (event.betId !== betIdOf(event.player, event.nonce)) flag("events", `bet id ${event.betId} is not player << 64 | nonce ${event.nonce}`);
        if (laneNumber === 0n) {
          if (lane.commit === ZeroHash) flag("order", "the bet was placed before any commitment");
          if (lane.chainEnd !== null && event.nonce >= lane.chainEnd)
            flag("order", `nonce ${event.nonce} lies beyond the commitment's chain (it ends before ${lane.chainEnd})`);
        } else if (!known && options.fromDeployment) {
          flag("order", `the bet was placed on lane ${laneNumber}, which no session of the player opened`);
        } else if (lane.resolved !== null && lane.resolved !== lane.next) {
          flag("order", `the bet was placed while bet #${lane.resolved} of its lane was open: a session's lane takes a bet once the one before it is resolved`);
        }
        if (lane.next !== null && event.nonce !== lane.next) flag("order", `nonce ${event.nonce} placed where nonce ${lane.next} was next`);
        lane.next = event.nonce + 1n;
        const token = fundsOf(event.token);
        const short = token && laneNumber !== 0n ? takeFromLane(lane, token, event.amount) : null;
        if (short) flag("funds", short);
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
          const lane = laneOfNonce(record.placed.nonce);
          const token = fundsOf(record.placed.token);
          const short = token && lane !== 0n ? takeFromLane(laneOf(record.placed.player, lane), token, event.amount) : null;
          if (short) record.earlier.push(problem("funds", short, event, event.player, event.betId));
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
      case "DrawBlockRecorded": {
        // Every open DEGEN bet of that block keeps its draw as a lock would (CasinoLedger.recordOpenDraws).
        for (const record of open.values()) {
          if (record.placed.at.block !== Number(event.blockNumber) || record.placed.jackpotOdds === 0n || record.lockedEntropy !== null) continue;
          if (event.entropy.toLowerCase() !== record.placed.blockHash) {
            const player = playerOfBet(record.placed.betId);
            record.earlier.push(
              problem(
                "entropy",
                `the recorded hash ${event.entropy} of block ${event.blockNumber} is not the bet's block hash`,
                event,
                player,
                record.placed.betId,
              ),
            );
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
        const laneNumber = laneOfNonce(nonce);
        const lane = laneOf(player, laneNumber);
        let chainVerdict: Verdict = "exact";
        if (lane.resolved !== null && nonce !== lane.resolved)
          flag("order", `nonce ${nonce} was resolved while nonce ${lane.resolved} was the oldest open${laneNumber === 0n ? "" : " of its lane"}`);
        let linked: SeedLink | null = null;
        if (event.name === "BetSettled") {
          const key = linkKey(nonce);
          if (lane.commit === null || lane.head === null) {
            chainVerdict = "unchecked";
          } else {
            const verdict = checkLink(event.seed, lane.commit, key, lane.head, lane.first);
            if (mine(player)) stats.links += verdict.hashes;
            if (verdict.problem) flag("link", verdict.problem);
            else linked = { lane: Number(laneNumber), position: verdict.position };
          }
          // As the contract does: the seed becomes the lane's commitment, at its bet's link.
          lane.commit = event.seed.toLowerCase();
          lane.head = key;
        } else if (lane.resolved === null) {
          chainVerdict = "unchecked";
        }
        lane.resolved = nonce + 1n;
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
          // A session's bet pays into its lane (a jackpot win goes to the vault).
          const { placed } = gathering.bet;
          const lane = laneOfNonce(placed.nonce);
          const token = fundsOf(placed.token);
          if (lane !== 0n && token) payIntoLane(laneOf(placed.player, lane), token, event.payout);
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
        checkLaneOfSession(event, current!.laneOpened);
        if (keys.some((known) => known.key === event.key)) problem("events", `session key ${event.key} was opened again`, event, event.player);
        else {
          const { key, lane, tokens, games, maxBetDegen, maxBetNative } = event;
          keys.push({ key, lane, opened: event.at, revoked: null, tokens, games, maxBetDegen, maxBetNative });
        }
        break;
      }
      case "SessionRevoked": {
        const keys = sessions.get(event.player.toLowerCase()) ?? [];
        sessions.set(event.player.toLowerCase(), keys);
        if (mine(event.player)) stats.revokedKeys++;
        const known = keys.find((candidate) => candidate.key === event.key);
        // A key revoked before it was opened can never open (CasinoSessions.revokeSession).
        if (!known) keys.push({ key: event.key, lane: 0n, opened: null, revoked: event.at, tokens: 0n, games: 0n, maxBetDegen: 0n, maxBetNative: 0n });
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
   * The transactions a bet's check must read: its placement's when a session key signed it (a bet
   * of a session's lane; a bet placed and settled at once, which only a lane's can be), and an
   * interactive round's settlement, which carries the action log. Until read, a placement is
   * "unknown". A wallet bet's (lane 0) is its player's own playGame: nothing signed to check.
   */
  const readsOf = (bet: ResolvedBet, indexInTx: number): TransactionReads => {
    const { placed, resolution } = bet;
    const reads: TransactionReads = { indexInTx };
    if (bet.settledAtPlacement || laneOfNonce(placed.nonce) !== 0n) {
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
