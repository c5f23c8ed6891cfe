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
  // Issue #38 item 5: a player's page read every bet of the player. Their numbers per game and
  // token, and their profit chart thinned to at most 200 points, are kept in step with the bets a
  // page counts (stats/player-stats.ts): settled, with a payout, in a block up to the log reader's
  // cursor. Triggers keep them: on bets, in the statement that changes a counted bet; on the
  // cursor (kv 'settler.cursor', settler/reader.ts), in the statement that moves it over the
  // blocks of newly settled bets. The chart keeps the profit after every stride-th bet of a
  // player's token, the stride doubling as the bets outgrow 199 such points.
  `
  CREATE TABLE player_totals (
    player text NOT NULL,
    token text NOT NULL,
    game_type integer NOT NULL,
    bets bigint NOT NULL,
    wagered numeric NOT NULL,
    paid numeric NOT NULL,
    biggest_win numeric NOT NULL,
    PRIMARY KEY (player, token, game_type)
  );
  CREATE TABLE player_series (
    player text NOT NULL,
    token text NOT NULL,
    bets bigint NOT NULL,
    profit numeric NOT NULL,
    stride bigint NOT NULL,
    last_block bigint NOT NULL,
    PRIMARY KEY (player, token)
  );
  CREATE TABLE player_points (
    player text NOT NULL,
    token text NOT NULL,
    ordinal bigint NOT NULL,
    seq bigint,
    block bigint NOT NULL,
    profit numeric NOT NULL,
    PRIMARY KEY (player, token, ordinal)
  );
  CREATE TYPE player_stats_change AS (bet_id text, player text, token text, game_type integer, seq bigint, block bigint, stake numeric, paid numeric, sign integer);
  CREATE FUNCTION settler_cursor() RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT value::bigint FROM kv WHERE key = 'settler.cursor'), -1)
  $$;
  CREATE FUNCTION player_stats_apply(changes player_stats_change[], upto bigint) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF cardinality(changes) = 0 THEN
      RETURN;
    END IF;
    INSERT INTO player_totals AS t (player, token, game_type, bets, wagered, paid, biggest_win)
      SELECT c.player, c.token, c.game_type, sum(c.sign), sum(c.sign * c.stake), sum(c.sign * c.paid), coalesce(max(c.paid) FILTER (WHERE c.sign > 0), 0)
      FROM unnest(changes) c GROUP BY c.player, c.token, c.game_type
    ON CONFLICT (player, token, game_type) DO UPDATE SET bets = t.bets + excluded.bets, wagered = t.wagered + excluded.wagered,
      paid = t.paid + excluded.paid, biggest_win = GREATEST(t.biggest_win, excluded.biggest_win);
    -- A biggest win leaving the count (never on the routes' paths) is found again among the bets.
    UPDATE player_totals t SET biggest_win = coalesce((SELECT max(b.paid) FROM bets b WHERE b.player = t.player AND b.token = t.token
        AND b.game_type = t.game_type AND b.status = 'settled' AND b.payout IS NOT NULL AND b.settled_block <= upto), 0)
      FROM (SELECT c.player, c.token, c.game_type, max(c.paid) AS paid FROM unnest(changes) c WHERE c.sign < 0 GROUP BY 1, 2, 3) gone
      WHERE t.player = gone.player AND t.token = gone.token AND t.game_type = gone.game_type AND gone.paid >= t.biggest_win;
    DELETE FROM player_totals t USING unnest(changes) c WHERE t.player = c.player AND t.token = c.token AND t.game_type = c.game_type AND t.bets = 0;
    -- A counted bet that changes (a jackpot prize recorded after its settlement) moves every point from it on.
    WITH c AS (SELECT * FROM unnest(changes)),
      moved AS (
        SELECT l.player, l.token, l.seq, coalesce(e.paid - e.stake, 0) - (l.paid - l.stake) AS delta
        FROM c l LEFT JOIN c e ON e.sign > 0 AND e.bet_id = l.bet_id AND e.player = l.player AND e.token = l.token
        WHERE l.sign < 0),
      points AS (
        UPDATE player_points p SET profit = p.profit + d.delta
        FROM (SELECT q.player, q.token, q.ordinal, sum(m.delta) AS delta FROM player_points q JOIN moved m ON q.player = m.player AND q.token = m.token AND q.seq >= m.seq
          GROUP BY 1, 2, 3) d
        WHERE p.player = d.player AND p.token = d.token AND p.ordinal = d.ordinal RETURNING 1)
    UPDATE player_series s SET profit = s.profit + d.delta
      FROM (SELECT player, token, sum(delta) AS delta FROM moved GROUP BY 1, 2) d WHERE s.player = d.player AND s.token = d.token;
    -- Newly counted bets join the end of their series in the feed's order.
    WITH c AS (SELECT * FROM unnest(changes)),
      entering AS (
        SELECT e.* FROM c e
        WHERE e.sign > 0 AND NOT EXISTS (SELECT 1 FROM c l WHERE l.sign < 0 AND l.bet_id = e.bet_id AND l.player = e.player AND l.token = e.token)),
      numbered AS (
        SELECT e.player, e.token, e.seq, e.block, coalesce(s.stride, 1) AS stride_was,
          coalesce(s.bets, 0) + row_number() OVER w AS ordinal, coalesce(s.profit, 0) + sum(e.paid - e.stake) OVER w AS profit
        FROM entering e LEFT JOIN player_series s ON s.player = e.player AND s.token = e.token
        WINDOW w AS (PARTITION BY e.player, e.token ORDER BY e.seq, e.bet_id ROWS UNBOUNDED PRECEDING)),
      last AS (
        SELECT DISTINCT ON (n.player, n.token) n.player, n.token, n.ordinal AS bets, n.profit, n.block AS last_block, n.stride_was
        FROM numbered n ORDER BY n.player, n.token, n.ordinal DESC),
      ends AS (
        SELECT last.*, (SELECT (last.stride_was * 2.0 ^ k)::bigint FROM generate_series(0, 40) k WHERE floor(last.bets / (last.stride_was * 2.0 ^ k)) < 200
          ORDER BY k LIMIT 1) AS stride
        FROM last),
      series AS (
        INSERT INTO player_series AS s (player, token, bets, profit, stride, last_block) SELECT player, token, bets, profit, stride, last_block FROM ends
        ON CONFLICT (player, token) DO UPDATE SET bets = excluded.bets, profit = excluded.profit, stride = excluded.stride, last_block = excluded.last_block
        RETURNING 1),
      thinned AS (
        DELETE FROM player_points p USING ends
        WHERE p.player = ends.player AND p.token = ends.token AND ends.stride <> ends.stride_was AND p.ordinal % ends.stride <> 0 RETURNING 1)
    INSERT INTO player_points (player, token, ordinal, seq, block, profit)
      SELECT n.player, n.token, n.ordinal, n.seq, n.block, n.profit FROM numbered n JOIN ends ON ends.player = n.player AND ends.token = n.token
      WHERE n.ordinal % ends.stride = 0;
  END
  $$;
  CREATE FUNCTION bets_player_stats() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    upto bigint := settler_cursor();
    changes player_stats_change[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      changes := ARRAY(SELECT ROW(n.bet_id, n.player, n.token, n.game_type, n.settled_seq, n.settled_block, n.stake, n.paid, 1)::player_stats_change FROM new_bets n
        WHERE n.status = 'settled' AND n.payout IS NOT NULL AND n.settled_block <= upto);
    ELSIF TG_OP = 'DELETE' THEN
      changes := ARRAY(SELECT ROW(o.bet_id, o.player, o.token, o.game_type, o.settled_seq, o.settled_block, o.stake, o.paid, -1)::player_stats_change FROM old_bets o
        WHERE o.status = 'settled' AND o.payout IS NOT NULL AND o.settled_block <= upto);
    ELSE
      changes := ARRAY(
        WITH pairs AS (
          SELECT o.bet_id, ROW(o.bet_id, o.player, o.token, o.game_type, o.settled_seq, o.settled_block, o.stake, o.paid, -1)::player_stats_change AS was,
            ROW(n.bet_id, n.player, n.token, n.game_type, n.settled_seq, n.settled_block, n.stake, n.paid, 1)::player_stats_change AS now,
            coalesce(o.status = 'settled' AND o.payout IS NOT NULL AND o.settled_block <= upto, false) AS counted_was,
            coalesce(n.status = 'settled' AND n.payout IS NOT NULL AND n.settled_block <= upto, false) AS counted_now
          FROM old_bets o JOIN new_bets n ON n.bet_id = o.bet_id),
        changed AS (
          SELECT * FROM pairs WHERE counted_was <> counted_now OR (counted_now AND ((was).player, (was).token, (was).game_type, (was).seq, (was).block, (was).stake, (was).paid)
            IS DISTINCT FROM ((now).player, (now).token, (now).game_type, (now).seq, (now).block, (now).stake, (now).paid)))
        SELECT was FROM changed WHERE counted_was UNION ALL SELECT now FROM changed WHERE counted_now);
    END IF;
    PERFORM player_stats_apply(changes, upto);
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER bets_player_stats_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION bets_player_stats();
  CREATE TRIGGER bets_player_stats_update AFTER UPDATE ON bets REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION bets_player_stats();
  CREATE TRIGGER bets_player_stats_delete AFTER DELETE ON bets REFERENCING OLD TABLE AS old_bets FOR EACH STATEMENT EXECUTE FUNCTION bets_player_stats();
  CREATE FUNCTION cursor_player_stats() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    was bigint := -1;
    upto bigint := NEW.value::bigint;
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      was := OLD.value::bigint;
    END IF;
    PERFORM player_stats_apply(ARRAY(
      SELECT ROW(b.bet_id, b.player, b.token, b.game_type, b.settled_seq, b.settled_block, b.stake, b.paid, sign(upto - was)::integer)::player_stats_change FROM bets b
      WHERE b.status = 'settled' AND b.payout IS NOT NULL AND b.settled_block > least(was, upto) AND b.settled_block <= greatest(was, upto)), upto);
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER kv_cursor_player_stats AFTER INSERT OR UPDATE ON kv FOR EACH ROW WHEN (NEW.key = 'settler.cursor') EXECUTE FUNCTION cursor_player_stats();
  SELECT player_stats_apply(ARRAY(
    SELECT ROW(b.bet_id, b.player, b.token, b.game_type, b.settled_seq, b.settled_block, b.stake, b.paid, 1)::player_stats_change FROM bets b
    WHERE b.status = 'settled' AND b.payout IS NOT NULL AND b.settled_block <= settler_cursor()), settler_cursor());
  `,
  // Issue #37 item 3: a session key signs the hash of its bet's client seed, and the app reveals the
  // seed once the server has countersigned the bet; a bet is relayed only once its seed is known.
  // Rows from before keep their seed and an empty hash, which no seed matches.
  `
  ALTER TABLE session_bets ADD COLUMN client_seed_hash text NOT NULL DEFAULT '';
  ALTER TABLE session_bets ALTER COLUMN client_seed_hash DROP DEFAULT;
  ALTER TABLE session_bets ALTER COLUMN client_seed DROP NOT NULL;
  `,
  // Mines (engine/src/mines.ts): a web3 round's log and the signature of it, as blackjack_hands keeps a hand's.
  `
  CREATE TABLE mines_rounds (
    id text PRIMARY KEY,
    bet_id text NOT NULL,
    player text NOT NULL,
    token text NOT NULL,
    log text NOT NULL DEFAULT '',
    signed jsonb,
    finished boolean NOT NULL DEFAULT false,
    last_action_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX mines_rounds_bet ON mines_rounds (bet_id);
  `,
  // Each one-click session its own lane (docs/decisions.md §4, "lanes"): a session has a lane, whose
  // bets' nonces are lane << 32 | n and whose seeds come from the lane's own chain, named by its
  // key (bets.lane_key; relayed gives way: a wallet bet takes one link of the wallet chain). The
  // server closes an ended session's lane (session_keys.closed). Gone with the shared seams: a
  // queued bet's commitment, wallet chain and mark, its revert attempts, and the revert-gas budget
  // (its relay_budget scopes), and the all-players minute buckets: the hour's pool is read from
  // the players' own buckets (chain/budgets.ts). Every client seed hash a lane nonce was
  // countersigned with is kept, so that a nonce signed again gets a seed the server never saw.
  `
  ALTER TABLE session_keys ADD COLUMN lane integer;
  ALTER TABLE session_keys ADD COLUMN commit text;
  ALTER TABLE session_keys ADD COLUMN closed boolean NOT NULL DEFAULT false;
  CREATE UNIQUE INDEX session_keys_player_lane ON session_keys (player, lane);
  CREATE INDEX session_keys_open ON session_keys (expires_at) WHERE NOT closed;
  ALTER TABLE session_bets DROP COLUMN expected_commit;
  ALTER TABLE session_bets DROP COLUMN chain_first_nonce;
  ALTER TABLE session_bets DROP COLUMN chain_mark;
  ALTER TABLE session_bets DROP COLUMN attempts;
  ALTER TABLE bets ADD COLUMN lane_key text;
  ALTER TABLE bets DROP COLUMN relayed;
  DELETE FROM relay_budget WHERE scope LIKE '*%' OR scope LIKE 'revert-gas:%';
  CREATE INDEX relay_budget_bucket ON relay_budget (bucket);
  CREATE TABLE seen_client_seeds (
    bet_id text NOT NULL,
    client_seed_hash text NOT NULL,
    seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (bet_id, client_seed_hash)
  );
  CREATE INDEX seen_client_seeds_seen_at ON seen_client_seeds (seen_at);
  `,
];
