/**
 * Schema migrations, applied in order at start-up inside one transaction each. Append only: a
 * released migration never changes. Plain PostgreSQL 15 SQL, so PGlite and a real server agree.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE kv (key text PRIMARY KEY, value text NOT NULL);
  CREATE TABLE users (
    id serial PRIMARY KEY,
    wallet_address text NOT NULL,
    username text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX users_wallet_key ON users (wallet_address);
  CREATE UNIQUE INDEX users_username_key ON users (lower(username));
  CREATE TABLE siwe_nonces (nonce text PRIMARY KEY, expires_at timestamptz NOT NULL);
  CREATE TABLE sessions (
    id text PRIMARY KEY,
    address text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
  );
  CREATE TABLE commitments (
    player text NOT NULL,
    first_nonce bigint NOT NULL,
    length integer NOT NULL,
    root text NOT NULL,
    status text NOT NULL,
    tx_hash text,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX commitments_player_first_nonce ON commitments (player, first_nonce);
  CREATE TABLE bets (
    bet_id text PRIMARY KEY,
    player text NOT NULL,
    token text NOT NULL,
    amount text NOT NULL,
    game_type integer NOT NULL,
    params text NOT NULL,
    nonce bigint NOT NULL,
    client_seed text NOT NULL,
    chain_first_nonce bigint NOT NULL,
    split boolean NOT NULL DEFAULT false,
    placed_block bigint NOT NULL,
    placed_tx_hash text NOT NULL,
    status text NOT NULL,
    payout text,
    seed text,
    random text,
    actions jsonb,
    settle_tx_hash text,
    settled_block bigint,
    jackpot_win text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX bets_player_nonce ON bets (player, nonce);
  CREATE INDEX bets_status ON bets (status);
  CREATE TABLE blackjack_hands (
    id text PRIMARY KEY,
    bet_id text,
    player text,
    token text NOT NULL,
    bet_amount text NOT NULL,
    state jsonb NOT NULL,
    finished boolean NOT NULL DEFAULT false,
    last_action_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX blackjack_hands_bet ON blackjack_hands (bet_id);
  CREATE TABLE crash_rounds (
    bet_id text PRIMARY KEY,
    player text NOT NULL,
    started_at timestamptz NOT NULL,
    crash_point_hundredths integer NOT NULL,
    cashout_hundredths integer,
    finished boolean NOT NULL DEFAULT false
  );
  `,
  // Issue #12: a bet's terms and jackpot odds fixed at placement; its jackpot draw as published.
  `
  ALTER TABLE bets ADD COLUMN terms text NOT NULL DEFAULT '0';
  ALTER TABLE bets ADD COLUMN jackpot_odds text NOT NULL DEFAULT '0';
  ALTER TABLE bets ADD COLUMN jackpot_entropy text;
  ALTER TABLE bets ADD COLUMN jackpot_prize text;
  ALTER TABLE bets ADD COLUMN jackpot_hit boolean;
  ALTER TABLE bets ADD COLUMN jackpot_locked boolean NOT NULL DEFAULT false;
  `,
  // Issue #15: chain transactions asked for by any instance, sent by the one that holds the settler lease.
  `
  CREATE TABLE chain_requests (
    id bigserial PRIMARY KEY,
    kind text NOT NULL,
    to_address text NOT NULL,
    data text NOT NULL,
    request_hash text NOT NULL,
    status text NOT NULL,
    tx_hash text,
    error text,
    refusal text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX chain_requests_active ON chain_requests (request_hash) WHERE status IN ('pending', 'sent');
  CREATE INDEX chain_requests_status ON chain_requests (status, id);
  `,
  // Issue #19: expired sessions and sign-in nonces are pruned by their expiry (auth/prune.ts).
  `
  CREATE INDEX sessions_expires_at ON sessions (expires_at);
  CREATE INDEX siwe_nonces_expires_at ON siwe_nonces (expires_at);
  `,
  // Issue #19: chain requests are counted per player, and for all players per hour, against the budgets (chain/budgets.ts).
  `
  ALTER TABLE chain_requests ADD COLUMN player text;
  CREATE INDEX chain_requests_player ON chain_requests (player, created_at);
  CREATE INDEX chain_requests_created_at ON chain_requests (created_at);
  `,
  // Issue #19: a bet's jackpot prize is fixed at placement (BetPlaced's jackpotPrize).
  `
  ALTER TABLE bets ADD COLUMN placed_jackpot_prize text NOT NULL DEFAULT '0';
  `,
  // Issues #20 and #21: session keys, the relay's queue and budgets, jackpot tickets, signed actions.
  `
  CREATE TABLE session_keys (
    key text PRIMARY KEY,
    player text NOT NULL,
    expires_at bigint NOT NULL,
    tokens integer NOT NULL,
    games integer NOT NULL,
    max_bet_degen text NOT NULL,
    max_bet_native text NOT NULL,
    budget_degen text NOT NULL,
    budget_native text NOT NULL,
    opened_tx_hash text,
    revoked_at timestamptz,
    revoked_on_chain boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX session_keys_player ON session_keys (player);
  CREATE TABLE session_bets (
    bet_id text PRIMARY KEY,
    player text NOT NULL,
    nonce bigint NOT NULL,
    key text NOT NULL,
    kind text NOT NULL,
    token text NOT NULL,
    amount text NOT NULL,
    game_type integer NOT NULL,
    params text NOT NULL,
    client_seed text NOT NULL,
    expected_commit text NOT NULL,
    terms text NOT NULL,
    deadline bigint NOT NULL,
    r text NOT NULL,
    vs text NOT NULL,
    seed text NOT NULL,
    chain_first_nonce bigint NOT NULL,
    status text NOT NULL,
    tx_hash text,
    block bigint,
    error text,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX session_bets_status ON session_bets (status, created_at);
  CREATE INDEX session_bets_player ON session_bets (player, nonce);
  CREATE INDEX session_bets_key ON session_bets (key, status);
  CREATE TABLE relay_budget (scope text NOT NULL, bucket timestamptz NOT NULL, bets integer NOT NULL, PRIMARY KEY (scope, bucket));
  CREATE TABLE jackpot_tickets (
    hash text PRIMARY KEY,
    placed_tx_hash text NOT NULL,
    placed_block bigint NOT NULL,
    tickets jsonb NOT NULL,
    status text NOT NULL,
    draw_tx_hash text,
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX jackpot_tickets_status ON jackpot_tickets (status);
  CREATE TABLE action_keys (
    bet_id text PRIMARY KEY,
    player text NOT NULL,
    key text NOT NULL,
    key_grant text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  ALTER TABLE bets ADD COLUMN action_log text;
  ALTER TABLE bets ADD COLUMN action_signature text;
  ALTER TABLE bets ADD COLUMN action_key text;
  ALTER TABLE bets ADD COLUMN action_key_grant text;
  `,
  // Two chain links per bet (issue #20): a bet placed through CasinoSessions settles with its relay
  // seed, link 2k-1, a wallet bet with link 2k. Sessions are kept by player and key, as on chain.
  `
  ALTER TABLE bets ADD COLUMN relayed boolean NOT NULL DEFAULT false;
  ALTER TABLE session_keys DROP CONSTRAINT session_keys_pkey;
  ALTER TABLE session_keys ADD PRIMARY KEY (player, key);
  CREATE INDEX session_keys_key ON session_keys (key);
  ALTER TABLE session_bets ADD COLUMN countersignature text;
  ALTER TABLE session_bets ADD COLUMN exposed boolean NOT NULL DEFAULT false;
  ALTER TABLE jackpot_tickets ADD COLUMN entropy text;
  ALTER TABLE bets ADD COLUMN placed_block_hash text;
  `,
  // The intake reads a player's bets on their way (queued, sent, or mined after a block) and open
  // interactive bets with every bet, and the last nonce the relay took: by player and status, not
  // through the status index, which lists every player's bets mined in the last day.
  `
  CREATE INDEX session_bets_player_status ON session_bets (player, status, block);
  CREATE INDEX session_bets_player_places ON session_bets (player) WHERE kind = 'place';
  CREATE INDEX session_bets_player_taken ON session_bets (player, nonce) WHERE status IN ('queued', 'sent', 'mined');
  `,
  // The live bets feed (issue #22): a bet's place in the order settlements and jackpot hits were
  // recorded, so that every instance reads what is new since it last looked with one indexed query.
  `
  CREATE SEQUENCE bets_feed_seq;
  ALTER TABLE bets ADD COLUMN settled_seq bigint;
  ALTER TABLE bets ADD COLUMN jackpot_seq bigint;
  UPDATE bets SET settled_seq = ordered.seq
    FROM (SELECT bet_id, nextval('bets_feed_seq') AS seq FROM (SELECT bet_id FROM bets WHERE status = 'settled' ORDER BY settled_block, bet_id) AS settled) AS ordered
    WHERE bets.bet_id = ordered.bet_id;
  CREATE INDEX bets_settled_seq ON bets (settled_seq) WHERE settled_seq IS NOT NULL;
  CREATE INDEX bets_jackpot_seq ON bets (jackpot_seq) WHERE jackpot_seq IS NOT NULL;
  `,
  // Leaderboards and players' numbers (issue #22): the timestamp of each block the log reader
  // recorded a bet in (24 h and 7 day windows), and settled bets by block and by player.
  `
  CREATE TABLE block_times (block bigint PRIMARY KEY, time bigint NOT NULL);
  CREATE INDEX block_times_time ON block_times (time);
  CREATE INDEX bets_settled_block ON bets (settled_block) WHERE status = 'settled';
  CREATE INDEX bets_player_settled ON bets (player, settled_seq) WHERE status = 'settled';
  ALTER TABLE bets ADD COLUMN stake numeric GENERATED ALWAYS AS (amount::numeric * CASE WHEN split THEN 2 ELSE 1 END) STORED;
  ALTER TABLE bets ADD COLUMN paid numeric GENERATED ALWAYS AS (payout::numeric + coalesce(jackpot_win, '0')::numeric) STORED;
  CREATE INDEX bets_token_paid ON bets (token, paid DESC) WHERE status = 'settled';
  `,
  // One-click play (issue #20): a relay batch goes unsimulated when its players did nothing on
  // chain since the intake checked their bets, as their marks then and now show (sessions/relay-trust.ts).
  `
  ALTER TABLE session_bets ADD COLUMN chain_mark text;
  `,
  // Issue #38: a queued bet's relay seed was a column, and so a parameter of every statement that
  // wrote it, which a failed statement's error logged. It is derived as the relay transaction is
  // built (sessions/relay-plan.ts RelaySeedOf) and never stored.
  `
  ALTER TABLE session_bets DROP COLUMN seed;
  `,
];
