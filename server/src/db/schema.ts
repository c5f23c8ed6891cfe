import { sql } from "drizzle-orm";
import type { SignedActions } from "../sessions/actions";
import { bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Amounts and uint256 values are decimal strings: Postgres numeric(78,0) holds any uint256. */
const uint256 = (name: string) => text(name);

export const kv = pgTable("kv", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    walletAddress: text("wallet_address").notNull(),
    username: text("username").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_wallet_key").on(t.walletAddress)],
);

export const siweNonces = pgTable(
  "siwe_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("siwe_nonces_expires_at").on(t.expiresAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    address: text("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_expires_at").on(t.expiresAt)],
);

/**
 * One hash chain per player, keyed by the first nonce it settles (the player's nextNonce when it
 * was posted). `root` is s_0; the links are derived from the master secret, never stored.
 */
export const commitments = pgTable(
  "commitments",
  {
    player: text("player").notNull(),
    firstNonce: bigint("first_nonce", { mode: "bigint" }).notNull(),
    length: integer("length").notNull(),
    root: text("root").notNull(),
    /** sent: transaction broadcast; confirmed: the chain holds it as the player's commitment. */
    status: text("status").$type<"sent" | "confirmed">().notNull(),
    txHash: text("tx_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("commitments_player_first_nonce").on(t.player, t.firstNonce)],
);

/** orphan: placed under a commitment this server did not make, so it cannot settle it. */
export type BetStatus = "open" | "ready" | "sent" | "settled" | "expired" | "orphan";

export const bets = pgTable(
  "bets",
  {
    /** uint256 `player << 64 | nonce`, as a decimal string. */
    betId: text("bet_id").primaryKey(),
    player: text("player").notNull(),
    token: text("token").$type<"DEGEN" | "BNB">().notNull(),
    amount: uint256("amount").notNull(),
    gameType: integer("game_type").notNull(),
    params: uint256("params").notNull(),
    nonce: bigint("nonce", { mode: "bigint" }).notNull(),
    clientSeed: text("client_seed").notNull(),
    /** The first nonce of the hash chain that settles this bet: its wallet commitment's, or its lane's `lane << 32`; −1: none of this server's. */
    chainFirstNonce: bigint("chain_first_nonce", { mode: "bigint" }).notNull(),
    split: boolean("split").notNull().default(false),
    /** A session lane's bet: the session key whose lane's chain settles it (settler/seeds.ts); null for a wallet bet. */
    laneKey: text("lane_key"),
    placedBlock: bigint("placed_block", { mode: "number" }).notNull(),
    placedTxHash: text("placed_tx_hash").notNull(),
    /** The hash of the bet's block: a DEGEN bet's jackpot roll, published by no event when it misses. */
    placedBlockHash: text("placed_block_hash"),
    /** open: seen, outcome not fixed yet (interactive); ready: payout fixed, to be sent; sent: tx broadcast. */
    status: text("status").$type<BetStatus>().notNull(),
    payout: uint256("payout"),
    seed: text("seed"),
    random: text("random"),
    actions: jsonb("actions").$type<unknown[]>(),
    settleTxHash: text("settle_tx_hash"),
    settledBlock: bigint("settled_block", { mode: "number" }),
    jackpotWin: uint256("jackpot_win"),
    /** BetPlaced's terms (settleWindow | jackpotEdgeBps << 32 | jackpotShareBps << 48), jackpot odds (P × 2^47) and prize. */
    terms: uint256("terms").notNull().default("0"),
    jackpotOdds: uint256("jackpot_odds").notNull().default("0"),
    placedJackpotPrize: uint256("placed_jackpot_prize").notNull().default("0"),
    /** JackpotDrawn: the block hash drawn from (zero: void, a hit), the prize at stake, whether it hit. */
    jackpotEntropy: text("jackpot_entropy"),
    jackpotPrize: uint256("jackpot_prize"),
    jackpotHit: boolean("jackpot_hit"),
    /** JackpotEntropyLocked seen: the draw survives the block hash leaving the EVM's reach. */
    jackpotLocked: boolean("jackpot_locked").notNull().default(false),
    /**
     * The actions the player signed (issue #21): the log as the contract reads it (blackjack "H"/"S"/"P",
     * a crash cash-out's 2 bytes), the key's EIP-712 Actions signature, the key, and for a player
     * without a session the wallet's ActionKey grant. Null: settled without signed actions.
     */
    actionLog: text("action_log"),
    actionSignature: text("action_signature"),
    actionKey: text("action_key"),
    actionKeyGrant: text("action_key_grant"),
    /** The live feed's order (bets_feed_seq): set when the settlement is recorded, and when a jackpot hit is. */
    settledSeq: bigint("settled_seq", { mode: "number" }),
    /** The leaderboards' numbers (stats/settled-bets.ts), kept by the database from the strings above. */
    stake: numeric("stake").generatedAlwaysAs(sql`amount::numeric * CASE WHEN split THEN 2 ELSE 1 END`),
    paid: numeric("paid").generatedAlwaysAs(sql`payout::numeric + coalesce(jackpot_win, '0')::numeric`),
    jackpotSeq: bigint("jackpot_seq", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bets_player_nonce").on(t.player, t.nonce),
    index("bets_status").on(t.status),
    index("bets_settled_block")
      .on(t.settledBlock)
      .where(sql`status = 'settled'`),
    index("bets_player_settled")
      .on(t.player, t.settledSeq)
      .where(sql`status = 'settled'`),
  ],
);

export const blackjackHands = pgTable(
  "blackjack_hands",
  {
    id: text("id").primaryKey(),
    betId: text("bet_id"),
    player: text("player"),
    token: text("token").$type<"DEGEN" | "BNB">().notNull(),
    betAmount: uint256("bet_amount").notNull(),
    /** The engine's hand state (serialised) and the actions taken, replayable from the bet's random word. */
    state: jsonb("state").notNull(),
    finished: boolean("finished").notNull().default(false),
    lastActionAt: timestamp("last_action_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blackjack_hands_bet").on(t.betId)],
);

export const crashRounds = pgTable("crash_rounds", {
  betId: text("bet_id").primaryKey(),
  player: text("player").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
  crashPointHundredths: integer("crash_point_hundredths").notNull(),
  cashoutHundredths: integer("cashout_hundredths"),
  finished: boolean("finished").notNull().default(false),
});

/**
 * The mines round of an on-chain bet (routes/mines.ts): its action log ("acC") and the player's
 * signature of it, the bytes CasinoSessions.settle replays (null before the first action). The
 * grid is never stored: it is laid out again from the bet's word.
 */
export const minesRounds = pgTable(
  "mines_rounds",
  {
    id: text("id").primaryKey(),
    betId: text("bet_id").notNull(),
    player: text("player").notNull(),
    token: text("token").$type<"DEGEN" | "BNB">().notNull(),
    log: text("log").notNull().default(""),
    signed: jsonb("signed").$type<SignedActions>(),
    finished: boolean("finished").notNull().default(false),
    lastActionAt: timestamp("last_action_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mines_rounds_bet").on(t.betId)],
);

/**
 * Session keys (issue #20): opened through POST /api/sessions or seen in SessionOpened. Amounts are
 * base units as the player signed them; the contract keeps them rounded down to 10^9 base units.
 */
export const sessionKeys = pgTable(
  "session_keys",
  {
    key: text("key").notNull(),
    player: text("player").notNull(),
    /** Unix seconds. */
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
    tokens: integer("tokens").notNull(),
    games: integer("games").notNull(),
    maxBetDegen: uint256("max_bet_degen").notNull(),
    maxBetNative: uint256("max_bet_native").notNull(),
    budgetDegen: uint256("budget_degen").notNull(),
    budgetNative: uint256("budget_native").notNull(),
    openedTxHash: text("opened_tx_hash"),
    /** The session's lane (SessionOpened): its bets' nonces are `lane << 32 | n`. Null on rows from before lanes. */
    lane: integer("lane"),
    /** The root of the lane's hash chain the grant named (SessionOpened's commit): this server's (SeedVault.laneRoot) or its bets are not relayed. */
    commit: text("commit"),
    /** The session has ended and its lane holds nothing and no open bet: closeSession has nothing more to give back (sessions/closer.ts). */
    closed: boolean("closed").notNull().default(false),
    /** The app's revoke (DELETE /api/sessions/:key): the server relays nothing more of this key. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** SessionRevoked seen: the contract refuses the key's bets and actions. */
    revokedOnChain: boolean("revoked_on_chain").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.player, t.key] }),
    index("session_keys_player").on(t.player),
    index("session_keys_key").on(t.key),
    uniqueIndex("session_keys_player_lane").on(t.player, t.lane),
    index("session_keys_open")
      .on(t.expiresAt)
      .where(sql`NOT closed`),
  ],
);

/** queued: accepted, not sent yet; sent: in a transaction (tx_hash) awaiting its receipt; mined: placed on chain; refused: never sent (error says why). */
export type SessionBetStatus = "queued" | "sent" | "mined" | "refused";

/**
 * The relay's queue (sessions/relay.ts): every signed bet a route accepted, sent by the lease
 * holder. play: a game without decisions, placed and settled in a batch (CasinoSessions.play);
 * place: an interactive game's bet, placed alone (CasinoSessions.place) and settled later.
 */
export const sessionBets = pgTable(
  "session_bets",
  {
    /** uint256 `player << 64 | nonce`, as a decimal string: the bet's id on chain too. */
    betId: text("bet_id").primaryKey(),
    player: text("player").notNull(),
    /** Its lane's nonce, `lane << 32 | n`. */
    nonce: bigint("nonce", { mode: "bigint" }).notNull(),
    /** The session key that signed it: its lane's, one lane a key. */
    key: text("key").notNull(),
    kind: text("kind").$type<"play" | "place">().notNull(),
    token: text("token").$type<"DEGEN" | "BNB">().notNull(),
    amount: uint256("amount").notNull(),
    gameType: integer("game_type").notNull(),
    params: uint256("params").notNull(),
    /** keccak256 of the client seed: what the key signed, and what the settler countersigned. */
    clientSeedHash: text("client_seed_hash").notNull(),
    /** The client seed, once the app revealed it after the countersignature (null until then): the relay sends a bet only with it. */
    clientSeed: text("client_seed"),
    terms: uint256("terms").notNull(),
    /** Unix seconds. */
    deadline: bigint("deadline", { mode: "number" }).notNull(),
    r: text("r").notNull(),
    vs: text("vs").notNull(),
    status: text("status").$type<SessionBetStatus>().notNull(),
    txHash: text("tx_hash"),
    block: bigint("block", { mode: "number" }),
    error: text("error"),
    /**
     * The settler's ECDSA signature of the bet's EIP-712 digest (CasinoSessions.place's
     * countersignature): with it anyone may place this bet, and no other bet of this nonce is
     * ever countersigned while this one can still be placed (sessions/intake.ts).
     */
    countersignature: text("countersignature"),
    /** Its seed went out in a broadcast transaction: seen by anyone, it settles no other bet of this nonce, and the bet may have landed (sessions/relay-trust.ts simulates it). */
    exposed: boolean("exposed").notNull().default(false),
    /** clock_timestamp() at the insert, taken under the player's lock: a player's bets are in nonce order by it. */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("session_bets_status").on(t.status, t.createdAt),
    index("session_bets_player").on(t.player, t.nonce),
    index("session_bets_key").on(t.key, t.status),
    index("session_bets_player_status").on(t.player, t.status, t.block),
    index("session_bets_player_places")
      .on(t.player)
      .where(sql`kind = 'place'`),
    index("session_bets_player_taken")
      .on(t.player, t.nonce)
      .where(sql`status IN ('queued', 'sent', 'mined')`),
  ],
);

/** Counters of relayed session bets (chain/budgets.ts): a player's (scope: the address) by the clock hour. */
export const relayBudget = pgTable(
  "relay_budget",
  {
    scope: text("scope").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    bets: integer("bets").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.bucket] }), index("relay_budget_bucket").on(t.bucket)],
);

/**
 * Every client seed hash a bet was countersigned with, by bet id (a lane nonce): a nonce signed
 * again takes none of them, so the house never knows a bet's outcome before it accepts it
 * (sessions/intake-groups.ts). Pruned once no session that could sign the nonce lives.
 */
export const seenClientSeeds = pgTable(
  "seen_client_seeds",
  {
    betId: text("bet_id").notNull(),
    clientSeedHash: text("client_seed_hash").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.clientSeedHash] }), index("seen_client_seeds_seen_at").on(t.seenAt)],
);

/**
 * A play transaction's jackpot tickets (JackpotTicketsIssued), to draw from the next block on
 * (settler/jackpot-draws.ts): waiting, sent (draw_tx_hash awaiting its receipt), drawn.
 */
export const jackpotTickets = pgTable(
  "jackpot_tickets",
  {
    hash: text("hash").primaryKey(),
    placedTxHash: text("placed_tx_hash").notNull(),
    placedBlock: bigint("placed_block", { mode: "number" }).notNull(),
    /** [betId, odds, prize] decimal strings, in the order BetPlaced published them. */
    tickets: jsonb("tickets").$type<[string, string, string][]>().notNull(),
    /**
     * waiting: issued, its draw not recorded; recorded: a later play recorded its draw
     * (JackpotTicketsDrawn), paid by drawJackpots only if a ticket hit; sent: drawJackpots sent;
     * drawn: paid, or nothing to pay.
     */
    status: text("status").$type<"waiting" | "recorded" | "sent" | "drawn">().notNull(),
    /** The draw's entropy once recorded (JackpotTicketsDrawn): the hash of the tickets' block, zero when it was gone (every ticket hits). */
    entropy: text("entropy"),
    drawTxHash: text("draw_tx_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jackpot_tickets_status").on(t.status)],
);

/** A key the player's wallet named for one interactive bet (EIP-712 ActionKey): a player without a session signs actions with it. */
export const actionKeys = pgTable("action_keys", {
  betId: text("bet_id").primaryKey(),
  player: text("player").notNull(),
  key: text("key").notNull(),
  keyGrant: text("key_grant").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * pending: asked for, not signed yet; sent: signed, hash recorded, broadcast (or about to be);
 * mined / reverted: its receipt; refused: the gas estimate reverted (never broadcast), `refusal`
 * names the contract's error; failed: not sent (an RPC error, or no sender picked it up in time).
 */
export type ChainRequestStatus = "pending" | "sent" | "mined" | "reverted" | "refused" | "failed";

/** The outbox of chain/outbox.ts: one row per transaction an instance needs sent. */
export const chainRequests = pgTable(
  "chain_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** session: a session grant (openSession); split: a split's second stake from a session (CasinoSessions.split); close: an ended session's closeSession (sessions/closer.ts). */
    kind: text("kind").$type<"commitment" | "withdraw" | "swap" | "session" | "split" | "close">().notNull(),
    /** The player it is sent for: what chain/budgets.ts counts. Null on rows from before the budgets. */
    player: text("player"),
    toAddress: text("to_address").notNull(),
    data: text("data").notNull(),
    /** keccak(to ‖ data): one active row per identical request. */
    requestHash: text("request_hash").notNull(),
    status: text("status").$type<ChainRequestStatus>().notNull(),
    txHash: text("tx_hash"),
    error: text("error"),
    refusal: text("refusal"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chain_requests_active")
      .on(t.requestHash)
      .where(sql`status IN ('pending', 'sent')`),
    index("chain_requests_status").on(t.status, t.id),
    index("chain_requests_player").on(t.player, t.createdAt),
    index("chain_requests_created_at").on(t.createdAt),
  ],
);

/** The timestamp (unix seconds) of each block the log reader recorded a bet in: the leaderboards' 24 h and 7 day windows (stats/). */
export const blockTimes = pgTable(
  "block_times",
  {
    block: bigint("block", { mode: "number" }).primaryKey(),
    time: bigint("time", { mode: "number" }).notNull(),
  },
  (t) => [index("block_times_time").on(t.time)],
);

export const schema = {
  kv,
  users,
  siweNonces,
  sessions,
  commitments,
  bets,
  blackjackHands,
  crashRounds,
  minesRounds,
  chainRequests,
  sessionKeys,
  sessionBets,
  relayBudget,
  seenClientSeeds,
  jackpotTickets,
  actionKeys,
  blockTimes,
};
