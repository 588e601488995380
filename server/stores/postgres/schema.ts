// The PostgreSQL schema as numbered migrations, run once each, in order, on start (server/stores/postgres/migrate.ts).
// The same tables and columns as SQLite's (server/stores/sqlite/schema.ts), so that rows read back alike, with what a server
// database does better: `logs` is partitioned by day of `at` (retention drops whole days) and searched through a
// tsvector with a GIN index; per-session counts are kept by the insert itself rather than by triggers.
// Append new migrations; never edit one that has shipped.
export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE partners (id serial PRIMARY KEY, email text NOT NULL UNIQUE, password_hash text NOT NULL);
  CREATE TABLE partner_tokens (
    token_hash text PRIMARY KEY,
    partner_id integer NOT NULL REFERENCES partners (id),
    expires_at text NOT NULL
  );
  CREATE INDEX partner_tokens_by_expiry ON partner_tokens (expires_at);
  CREATE TABLE partner_views (
    partner_id integer NOT NULL REFERENCES partners (id),
    view text NOT NULL,
    data text NOT NULL,
    PRIMARY KEY (partner_id, view)
  );

  CREATE TABLE apps (key text PRIMARY KEY, app_id text NOT NULL, bugfender_app_id text NOT NULL, enabled integer NOT NULL);
  CREATE INDEX apps_by_app_id ON apps (app_id);
  CREATE INDEX apps_by_bugfender_app_id ON apps (bugfender_app_id);
  CREATE TABLE faults (app_key text PRIMARY KEY, mode text NOT NULL, ops text);

  CREATE TABLE requests (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    operation text NOT NULL,
    status integer NOT NULL,
    received_at text NOT NULL,
    skipped text
  );
  CREATE INDEX requests_by_app ON requests (app_key, id);
  CREATE TABLE refused_keys (
    app_key text NOT NULL,
    operation text NOT NULL,
    status integer NOT NULL,
    count integer NOT NULL,
    last_seen text NOT NULL,
    PRIMARY KEY (app_key, operation, status)
  );
  CREATE INDEX refused_keys_by_last_seen ON refused_keys (last_seen);

  CREATE TABLE devices (
    app_key text NOT NULL,
    udid text NOT NULL,
    name text NOT NULL,
    info text,
    first_seen text NOT NULL,
    last_seen text NOT NULL,
    PRIMARY KEY (app_key, udid)
  );
  CREATE TABLE device_keys (
    app_key text NOT NULL,
    udid text NOT NULL,
    key text NOT NULL,
    value text NOT NULL,
    PRIMARY KEY (app_key, udid, key)
  );
  CREATE INDEX device_keys_by_value ON device_keys (app_key, key, value);
  CREATE TABLE device_key_changes (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    udid text NOT NULL,
    key text NOT NULL,
    value text NOT NULL,
    received_at text NOT NULL
  );
  CREATE INDEX device_key_changes_by_app ON device_key_changes (app_key, id);

  CREATE TABLE sessions (
    id serial PRIMARY KEY,
    app_key text NOT NULL,
    session_uid text NOT NULL,
    udid text NOT NULL,
    time text NOT NULL,
    received_at text NOT NULL,
    payload text NOT NULL,
    UNIQUE (app_key, session_uid)
  );
  CREATE INDEX sessions_by_device ON sessions (app_key, udid);
  CREATE INDEX sessions_by_app ON sessions (app_key, id);

  -- Partitioned by day of the client's time, one partition a day (server/stores/postgres/partitions.ts), and a default
  -- partition for times far from now. Dedupe is the unique key, which includes the partition key as PostgreSQL
  -- requires: a resend has the same at, so it meets its first copy in the same partition.
  CREATE SEQUENCE logs_id_seq AS bigint;
  CREATE TABLE logs (
    id bigint NOT NULL DEFAULT nextval('logs_id_seq'),
    session_id integer NOT NULL,
    x text NOT NULL,
    t text,
    m text,
    at double precision NOT NULL,
    tg text,
    f text,
    l bigint,
    ll integer,
    u text,
    content_hash text NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(t, ''))) STORED,
    UNIQUE (session_id, at, content_hash)
  ) PARTITION BY RANGE (at);
  CREATE TABLE logs_default PARTITION OF logs DEFAULT;
  CREATE INDEX logs_by_id ON logs (id);
  CREATE INDEX logs_by_time ON logs (at, id);
  CREATE INDEX logs_by_session ON logs (session_id, at, id);
  CREATE INDEX logs_by_level ON logs (ll, at, id);
  CREATE INDEX logs_by_tag ON logs (tg, at, id);
  CREATE INDEX logs_text ON logs USING gin (tsv);

  CREATE TABLE log_batches (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    session_id integer NOT NULL REFERENCES sessions (id),
    count integer NOT NULL,
    stored integer NOT NULL
  );
  CREATE INDEX log_batches_by_app ON log_batches (app_key, id);
  CREATE INDEX log_batches_by_session ON log_batches (session_id);
  CREATE TABLE issues (
    id serial PRIMARY KEY,
    app_key text NOT NULL,
    uid text NOT NULL,
    session_id integer NOT NULL REFERENCES sessions (id),
    url text NOT NULL,
    title text NOT NULL,
    text text NOT NULL,
    type text NOT NULL,
    received_at text NOT NULL,
    UNIQUE (app_key, uid)
  );
  CREATE INDEX issues_by_session ON issues (session_id);
  CREATE INDEX issues_by_app ON issues (app_key, id);

  CREATE TABLE retention_marks (id serial PRIMARY KEY, at text NOT NULL, table_name text NOT NULL, max_id bigint NOT NULL);
  CREATE INDEX retention_marks_by_table ON retention_marks (table_name, at);

  CREATE TABLE session_stats (
    session_id integer PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
    first_at double precision NOT NULL,
    last_at double precision NOT NULL,
    total integer NOT NULL,
    debug integer NOT NULL,
    warning integer NOT NULL,
    error integer NOT NULL,
    trace integer NOT NULL,
    info integer NOT NULL,
    fatal integer NOT NULL
  );

  CREATE TABLE viewers (name text PRIMARY KEY, password_hash text NOT NULL, created_at text NOT NULL);
  CREATE TABLE viewer_sessions (token_hash text PRIMARY KEY, viewer text NOT NULL, expires_at text NOT NULL);
  `,
  // Fault injection is no longer the product's (the tests mount their own middleware): its table goes.
  `
  DROP TABLE IF EXISTS faults;
  `,
  // Forwarding stored logs to OTLP endpoints (server/collector/otlp/forwarder.ts), as on SQLite; the lease's expiry
  // is the database's clock, so processes on several hosts agree on it.
  `
  CREATE TABLE forward_targets (app_key text PRIMARY KEY REFERENCES apps (key), url text NOT NULL, headers text NOT NULL);
  CREATE TABLE forward_cursors (
    app_key text PRIMARY KEY REFERENCES apps (key),
    last_id bigint NOT NULL,
    forwarded bigint NOT NULL,
    refused bigint NOT NULL,
    last_forwarded_at text,
    last_error text,
    last_error_at text
  );
  CREATE TABLE forward_lease (id integer PRIMARY KEY CHECK (id = 1), holder text NOT NULL, expires_at timestamptz NOT NULL);
  `,
  // As SQLite's (server/stores/sqlite/schema.ts): issue groups (the issues stored before are grouped when the store
  // opens, server/stores/postgres/store.ts), the apps' webhooks and their outbox, saved views, an index for key history.
  `
  CREATE TABLE issue_groups (
    id serial PRIMARY KEY,
    app_key text NOT NULL,
    fingerprint text NOT NULL,
    type text NOT NULL,
    title text NOT NULL,
    top_frame text NOT NULL,
    last_title text NOT NULL,
    status text NOT NULL,
    occurrences integer NOT NULL,
    devices integer NOT NULL,
    first_seen text NOT NULL,
    last_seen text NOT NULL,
    status_changed_at text,
    status_by text,
    UNIQUE (app_key, fingerprint)
  );
  CREATE INDEX issue_groups_by_last_seen ON issue_groups (app_key, last_seen);
  CREATE TABLE issue_group_devices (
    group_id integer NOT NULL REFERENCES issue_groups (id),
    udid text NOT NULL,
    PRIMARY KEY (group_id, udid)
  );
  ALTER TABLE issues ADD COLUMN group_id integer REFERENCES issue_groups (id);
  CREATE INDEX issues_by_group ON issues (group_id, id);
  CREATE INDEX issues_ungrouped ON issues (id) WHERE group_id IS NULL;

  CREATE TABLE app_webhooks (
    app_key text PRIMARY KEY,
    url text NOT NULL,
    origin text NOT NULL,
    updated_at text NOT NULL,
    last_status text,
    last_at text
  );
  CREATE TABLE webhook_outbox (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    event text NOT NULL,
    payload text NOT NULL,
    attempts integer NOT NULL,
    next_at bigint NOT NULL,
    claimed_until bigint
  );
  CREATE INDEX webhook_outbox_by_due ON webhook_outbox (next_at);

  CREATE TABLE saved_views (
    id text PRIMARY KEY,
    app_key text NOT NULL,
    owner text NOT NULL,
    shared integer NOT NULL,
    name text NOT NULL,
    path text NOT NULL,
    query text NOT NULL,
    created_at text NOT NULL
  );
  CREATE INDEX saved_views_by_app ON saved_views (app_key, name);

  CREATE INDEX device_key_changes_by_device ON device_key_changes (app_key, udid, id);
  `,
  // Words found inside other words (docs/explorer.md#search): pg_trgm's trigrams of the text, file, method, URL and
  // tag of each log, as one text (the expression server/stores/postgres/search-sql.ts searches, written the same).
  `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX logs_infix ON logs USING gin ((coalesce(t, '') || ' ' || coalesce(f, '') || ' ' || coalesce(m, '') || ' ' || coalesce(u, '') || ' ' || coalesce(tg, '')) gin_trgm_ops);
  `,
  // An app's rule set for redaction at ingest (docs/privacy.md#on-the-service), as JSON; NULL for none.
  `
  ALTER TABLE apps ADD COLUMN redact text;
  `,
  // Per-app access (docs/local-service.md#per-app-access), as on SQLite: NULL, every app; else a JSON array of app keys.
  `
  ALTER TABLE viewers ADD COLUMN apps text;
  `,
  // Every index on logs costs each stored log (about 2 µs of the server's CPU each). (session_id, at, id)
  // goes: the unique key (session_id, at, content_hash) orders a session's logs by time as well. The level index keeps
  // only the rarer levels, which a filter needs it for; the explorer names them in its query
  // (server/stores/postgres/explorer/log-filter.ts, RARE_LEVELS), as SQLite's does.
  `
  DROP INDEX logs_by_session;
  DROP INDEX logs_by_level;
  CREATE INDEX logs_by_level ON logs (ll, at, id) WHERE ll IN (1, 2, 3, 5);
  `,
  // Replies on issue groups (docs/explorer.md#replies), as on SQLite.
  `
  CREATE TABLE issue_replies (
    id serial PRIMARY KEY,
    app_key text NOT NULL,
    group_id integer NOT NULL REFERENCES issue_groups (id),
    issue_uid text,
    author text NOT NULL,
    text text NOT NULL,
    created_at text NOT NULL,
    resolved integer NOT NULL
  );
  CREATE INDEX issue_replies_by_group ON issue_replies (group_id, id);
  `,
  // Words inside words at about half the cost (docs/benchmarks.md#what-a-batch-costs-on-postgresql): the trigram
  // index keeps the text's trigrams only. A log's file, method, URL and tag (its place) repeat from log to log, so each
  // distinct place is kept once in log_places, trigram-indexed there, and a log finds its place through a B-tree on
  // the place's key: an md5 of the four, each preceded by its length (so that no two places share a key). `until`:
  // the end of the day of the place's latest log, for retention (server/stores/postgres/log-places.ts).
  `
  CREATE TABLE log_places (key uuid PRIMARY KEY, f text, m text, u text, tg text, until double precision NOT NULL);
  CREATE INDEX log_places_infix ON log_places USING gin ((coalesce(f, '') || ' ' || coalesce(m, '') || ' ' || coalesce(u, '') || ' ' || coalesce(tg, '')) gin_trgm_ops);
  CREATE INDEX logs_by_place ON logs ((md5(coalesce(length(f)::text, '-') || ',' || coalesce(length(m)::text, '-') || ',' || coalesce(length(u)::text, '-') || ',' || coalesce(length(tg)::text, '-') || ',' || coalesce(f, '') || coalesce(m, '') || coalesce(u, '') || coalesce(tg, ''))::uuid));
  INSERT INTO log_places (key, f, m, u, tg, until)
    SELECT md5(coalesce(length(f)::text, '-') || ',' || coalesce(length(m)::text, '-') || ',' || coalesce(length(u)::text, '-') || ',' || coalesce(length(tg)::text, '-') || ',' || coalesce(f, '') || coalesce(m, '') || coalesce(u, '') || coalesce(tg, ''))::uuid,
      f, m, u, tg, (floor(max(at) / 86400000) + 1) * 86400000
    FROM logs GROUP BY f, m, u, tg;
  CREATE INDEX logs_text_infix ON logs USING gin (t gin_trgm_ops);
  DROP INDEX logs_infix;
  `,
  // The words of a log's first 100,000 characters (docs/local-service.md#collector): a tsvector holds at most 1 MB,
  // which a longer line of distinct words exceeds, and PostgreSQL then refused the whole batch that held it. SQLite's
  // index has no such bound. Recomputed once for every stored log.
  `
  ALTER TABLE logs DROP COLUMN tsv;
  ALTER TABLE logs ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', left(coalesce(t, ''), 100000))) STORED;
  CREATE INDEX logs_text ON logs USING gin (tsv);
  `,
  // A device key's value is found by equality only (key.<name>:value), and a B-tree refuses a key over about 2,700
  // bytes, which a 4,096-character value can be: a hash index holds any value.
  `
  DROP INDEX device_keys_by_value;
  CREATE INDEX device_keys_by_value ON device_keys USING hash (value);
  `,
  // The volume rollup (docs/volume-and-counts.md#the-rollup; server/stores/postgres/log-volume.ts): each app's logs counted
  // per second, minute and hour (a grain, in ms) and level. Batches and retention insert their counts as new rows, which
  // a fold moves into log_volume now and then. Filled from the logs already stored.
  `
  CREATE TABLE log_volume (
    app_key text NOT NULL,
    grain integer NOT NULL,
    slot bigint NOT NULL,
    level integer NOT NULL,
    n bigint NOT NULL,
    PRIMARY KEY (app_key, grain, slot, level)
  );
  CREATE TABLE log_volume_new (
    app_key text NOT NULL,
    grain integer NOT NULL,
    slot bigint NOT NULL,
    level integer NOT NULL,
    n bigint NOT NULL
  );
  CREATE INDEX log_volume_new_by_slot ON log_volume_new (app_key, grain, slot);
  -- Seconds first, in one pass over the logs; a second lies within one minute and one hour, which add up its seconds.
  WITH seconds AS MATERIALIZED (
    SELECT s.app_key, floor(l.at / 1000)::bigint AS slot, coalesce(l.ll, 0) AS level, count(*) AS n
    FROM logs l JOIN sessions s ON s.id = l.session_id GROUP BY 1, 2, 3
  )
  INSERT INTO log_volume
    SELECT app_key, 1000, slot, level, n FROM seconds
    UNION ALL SELECT app_key, 60000, floor(slot / 60.0), level, sum(n) FROM seconds GROUP BY 1, 3, 4
    UNION ALL SELECT app_key, 3600000, floor(slot / 3600.0), level, sum(n) FROM seconds GROUP BY 1, 3, 4;
  `,
  // Each app's webhook outbox on its own (docs/explorer.md#the-webhook): its bound counts the app's notifications,
  // and a claim passes over the apps with notifications out (a lease not run out), which few rows have.
  `
  CREATE INDEX webhook_outbox_by_app ON webhook_outbox (app_key, id);
  CREATE INDEX webhook_outbox_claimed ON webhook_outbox (claimed_until) WHERE claimed_until IS NOT NULL;
  `,
  // Issue groups' texts cut to the page's cap for an issue's title, as they are stored now (server/explorer/issue-grouping.ts,
  // GROUP_TEXT_CAP): a group kept its newest occurrence's title whole, megabytes of it, and sent it in notifications.
  `
  UPDATE issue_groups SET
    title = CASE WHEN length(title) > 1024 THEN substr(title, 1, 1024) || '…' ELSE title END,
    last_title = CASE WHEN length(last_title) > 1024 THEN substr(last_title, 1, 1024) || '…' ELSE last_title END,
    top_frame = CASE WHEN length(top_frame) > 1024 THEN substr(top_frame, 1, 1024) || '…' ELSE top_frame END
  WHERE length(title) > 1024 OR length(last_title) > 1024 OR length(top_frame) > 1024;
  `,
  // Source maps (docs/source-maps.md), as in SQLite (server/stores/sqlite/schema.ts).
  `
  CREATE TABLE source_maps (
    id serial PRIMARY KEY,
    app_key text NOT NULL,
    release text NOT NULL,
    path text NOT NULL,
    map text NOT NULL,
    bytes bigint NOT NULL,
    sources integer NOT NULL,
    uploaded_at text NOT NULL,
    UNIQUE (app_key, release, path)
  );
  CREATE INDEX source_maps_by_path ON source_maps (app_key, path, id);
  ALTER TABLE issues ADD COLUMN resolved_frame text;
  `,
  // No trigram index on the ingest path (docs/explorer.md#search): the text's trigrams and the places' were most of
  // what a batch cost the server (docs/benchmarks.md#what-a-batch-costs-on-postgresql). Words stay in the tsvector's
  // GIN index; a fragment is found by reading logs (docs/explorer.md#fragments). The places (log_places and the B-tree
  // that found a log's place) served the trigrams only. pg_trgm stays installed: it costs nothing unused, and another
  // schema of the database may use it.
  `
  DROP INDEX IF EXISTS logs_text_infix;
  DROP INDEX IF EXISTS logs_infix;
  DROP INDEX IF EXISTS logs_by_place;
  DROP TABLE IF EXISTS log_places;
  `,
  // A log's JSON object (docs/explorer.md#parsed-fields): the text from its first `{` to its end as jsonb, or NULL
  // where that is not JSON. PostgreSQL 15 has no test of JSON that does not raise (pg_input_is_valid is 16's), so the
  // cast is tried in a block that catches the error; the block (a subtransaction) is entered only by a text that
  // holds a `{` and ends with `}`, the only texts that can be one.
  `
  CREATE FUNCTION sidelog_json_object(t text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
  DECLARE
    start integer := strpos(t, '{');
  BEGIN
    IF start = 0 OR rtrim(t, E' \\t\\n\\r') NOT LIKE '%}' THEN
      RETURN NULL;
    END IF;
    BEGIN
      RETURN substr(t, start)::jsonb;
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END;
  END
  $$;
  `,
  // "Resolved in <version>" (docs/explorer.md#resolved-in-a-version): the app version a group was resolved in, after
  // which only an occurrence from that version or a later one reopens it.
  `
  ALTER TABLE issue_groups ADD COLUMN resolved_in text;
  `,
  // An app's identity key (docs/explorer.md#identity), as in SQLite (server/stores/sqlite/schema.ts).
  `
  ALTER TABLE apps ADD COLUMN identity_key text;
  `,
  // Alerts on saved views (docs/explorer.md#alerts): a view's one alert, with when it is next checked (claimed by one
  // process at a time: the check moves it on) and the firing still open; and each firing with its clearing. Times are
  // epoch milliseconds.
  `
  CREATE TABLE view_alerts (
    view_id text PRIMARY KEY,
    app_key text NOT NULL,
    kind text NOT NULL,
    threshold integer,
    minutes integer NOT NULL,
    next_check_at bigint NOT NULL,
    firing_id bigint,
    last_fired_at bigint
  );
  CREATE INDEX view_alerts_due ON view_alerts (next_check_at);
  CREATE TABLE alert_firings (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    view_id text NOT NULL,
    view_name text NOT NULL,
    kind text NOT NULL,
    threshold integer,
    minutes integer NOT NULL,
    fired_at bigint NOT NULL,
    count integer NOT NULL,
    cleared_at bigint,
    cleared_count integer
  );
  CREATE INDEX alert_firings_by_app ON alert_firings (app_key, id);
  `,
  // The tokens of counts paid after SIDELOG_DB first refused them, as in SQLite (server/stores/sqlite/schema.ts).
  `
  CREATE TABLE counted_batches (token text PRIMARY KEY);
  `,
  // The processes writing logs to ClickHouse, as in SQLite (server/stores/sqlite/schema.ts).
  `
  CREATE TABLE log_writers (writer text PRIMARY KEY, horizon bigint NOT NULL, seen_at bigint NOT NULL);
  `,
  // Each batch's token, where another store holds its logs, as in SQLite (server/stores/sqlite/schema.ts).
  `
  ALTER TABLE log_batches ADD COLUMN token text;
  CREATE UNIQUE INDEX log_batches_by_token ON log_batches (token) WHERE token IS NOT NULL;
  `,
  // A record of each device erased on request (docs/privacy.md#erasing-a-device), as on SQLite.
  `
  CREATE TABLE device_erasures (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    udid text NOT NULL,
    erased_at text NOT NULL,
    erased_by text NOT NULL,
    logs bigint NOT NULL,
    sessions integer NOT NULL,
    issues integer NOT NULL,
    key_changes integer NOT NULL
  );
  CREATE INDEX device_erasures_by_app ON device_erasures (app_key, id);
  `,
  // An erasure's record is written as it starts and counts each step in the step's own transaction, finished with
  // its last (server/stores/erasure-records.ts): the records before this were written once whole. One unfinished
  // record a device at most, which an erasure that failed midway leaves for the next to go on with.
  `
  ALTER TABLE device_erasures ADD COLUMN finished integer NOT NULL DEFAULT 1;
  CREATE UNIQUE INDEX device_erasures_unfinished ON device_erasures (app_key, udid) WHERE finished = 0;
  `,
  // A record of each file of stored data downloaded (docs/privacy.md#each-download-is-recorded), as on SQLite.
  `
  CREATE TABLE downloads (
    id bigserial PRIMARY KEY,
    app_key text NOT NULL,
    kind text NOT NULL,
    udid text,
    view text,
    format text NOT NULL,
    downloaded_at text NOT NULL,
    downloaded_by text NOT NULL,
    logs bigint NOT NULL,
    finished integer NOT NULL
  );
  CREATE INDEX downloads_by_app ON downloads (app_key, id);
  `,
];
