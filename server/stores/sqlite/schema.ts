// The database schema as numbered migrations: each runs once, in order (server/stores/sqlite/store.ts tracks them with
// SQLite's user_version). Append new ones; never edit one that has shipped.

/** The columns of `logs` as the first migration made them, which the second migration's rebuild (dedupe on content)
 * keeps: frozen, as the migrations that use them are. */
const FIRST_LOG_COLUMNS = `    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    x TEXT NOT NULL,
    t TEXT,
    m TEXT,
    at REAL NOT NULL,
    tg TEXT,
    f TEXT,
    l INTEGER,
    ll INTEGER,
    u TEXT,`;

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE partners (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL
  );
  CREATE TABLE partner_tokens (
    token TEXT PRIMARY KEY,
    partner_id INTEGER NOT NULL REFERENCES partners (id),
    expires_at TEXT NOT NULL
  );
  -- What each view of the portal shows a partner, as the JSON the partner API answers.
  CREATE TABLE partner_views (
    partner_id INTEGER NOT NULL REFERENCES partners (id),
    view TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (partner_id, view)
  );

  CREATE TABLE apps (
    key TEXT PRIMARY KEY,
    app_id TEXT NOT NULL,
    enabled INTEGER NOT NULL
  );
  CREATE INDEX apps_by_app_id ON apps (app_id);
  -- Injected failures for tests; ops NULL means every operation.
  CREATE TABLE faults (
    app_key TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    ops TEXT
  );
  -- Every request the collector received, accepted or not; app_key is whatever key the request named.
  CREATE TABLE requests (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    operation TEXT NOT NULL,
    status INTEGER NOT NULL,
    received_at TEXT NOT NULL
  );
  CREATE INDEX requests_by_app ON requests (app_key, id);

  CREATE TABLE devices (
    app_key TEXT NOT NULL,
    udid TEXT NOT NULL,
    name TEXT NOT NULL,
    info TEXT,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    PRIMARY KEY (app_key, udid)
  );
  -- A device's keys as they stand now; device_key_changes keeps every call, in arrival order.
  CREATE TABLE device_keys (
    app_key TEXT NOT NULL,
    udid TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (app_key, udid, key)
  );
  CREATE TABLE device_key_changes (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    udid TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    received_at TEXT NOT NULL
  );
  CREATE INDEX device_key_changes_by_app ON device_key_changes (app_key, id);

  CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    session_uid TEXT NOT NULL,
    udid TEXT NOT NULL,
    time TEXT NOT NULL,
    received_at TEXT NOT NULL,
    payload TEXT NOT NULL,
    UNIQUE (app_key, session_uid)
  );
  CREATE INDEX sessions_by_device ON sessions (app_key, udid);
  -- Delivery is at least once: a resent batch must not add rows, hence UNIQUE (session_id, at).
  CREATE TABLE logs (
${FIRST_LOG_COLUMNS}
    UNIQUE (session_id, at)
  );
  CREATE TABLE log_batches (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    count INTEGER NOT NULL,
    stored INTEGER NOT NULL
  );
  CREATE INDEX log_batches_by_app ON log_batches (app_key, id);
  CREATE TABLE issues (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    uid TEXT NOT NULL,
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    url TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    type TEXT NOT NULL,
    received_at TEXT NOT NULL,
    UNIQUE (app_key, uid)
  );
  `,
  // Dedupe on content. Logs are deduplicated on (session, at, a hash of their content) instead of (session, at), which
  // dropped distinct logs sharing an `at`. SQLite cannot drop a table's UNIQUE constraint, so the table is rebuilt;
  // existing rows get their hash from sidelog_log_hash(), which server/stores/sqlite/store.ts registers before migrating
  // (server/stores/log-hash.ts).
  // Apps also get the appID the Bugfender SDK derives (base58; server/stores/app-id.ts), so its URLs resolve, and each
  // request records the logs the collector skipped in it (JSON, NULL when none were).
  `
  CREATE TABLE logs_by_content (
${FIRST_LOG_COLUMNS}
    content_hash TEXT NOT NULL,
    UNIQUE (session_id, at, content_hash)
  );
  INSERT INTO logs_by_content (id, session_id, x, t, m, at, tg, f, l, ll, u, content_hash)
    SELECT id, session_id, x, t, m, at, tg, f, l, ll, u, sidelog_log_hash(x, t, m, tg, f, l, ll, u) FROM logs;
  DROP TABLE logs;
  ALTER TABLE logs_by_content RENAME TO logs;

  ALTER TABLE apps ADD COLUMN bugfender_app_id TEXT;
  UPDATE apps SET bugfender_app_id = sidelog_bugfender_app_id(key);
  CREATE INDEX apps_by_bugfender_app_id ON apps (bugfender_app_id);

  ALTER TABLE requests ADD COLUMN skipped TEXT;
  `,
  // The service under abuse (README.md#running-it-exposed).
  `
  -- Partner tokens are kept only as their SHA-256, so a copy of the database signs no one in. Tokens issued
  -- before this migration were stored in plaintext; they are dropped and their partners sign in again.
  DROP TABLE partner_tokens;
  CREATE TABLE partner_tokens (
    token_hash TEXT PRIMARY KEY,
    partner_id INTEGER NOT NULL REFERENCES partners (id),
    expires_at TEXT NOT NULL
  );
  CREATE INDEX partner_tokens_by_expiry ON partner_tokens (expires_at);

  -- Requests naming a key no app has are counted here, one row per (key, operation, status), instead of one
  -- row each in requests: a flood of made-up keys adds counts, not rows. recordRequest keeps it small.
  CREATE TABLE refused_keys (
    app_key TEXT NOT NULL,
    operation TEXT NOT NULL,
    status INTEGER NOT NULL,
    count INTEGER NOT NULL,
    last_seen TEXT NOT NULL,
    PRIMARY KEY (app_key, operation, status)
  );
  CREATE INDEX refused_keys_by_last_seen ON refused_keys (last_seen);

  -- Retention (server/stores/retention.ts): now and then the highest row id of each kept table, with the time. Rows
  -- at or below a mark older than the retention period arrived before it and are deleted, in small batches.
  -- Rows carry no arrival time of their own (a log's time is the client's clock), hence the marks.
  CREATE TABLE retention_marks (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    table_name TEXT NOT NULL,
    max_id INTEGER NOT NULL
  );
  CREATE INDEX retention_marks_by_table ON retention_marks (table_name, at);
  `,
  // The log explorer (server/explorer/): full-text search over log texts, per-session summaries kept by
  // triggers so the sessions list never counts logs, indexes for keyset paging in time order (each index ends in
  // the rowid, so (x, at) serves "ORDER BY at DESC, id DESC" under an equality on x), and viewer accounts.
  `
  CREATE VIRTUAL TABLE logs_fts USING fts5 (t, content = 'logs', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
  INSERT INTO logs_fts (logs_fts) VALUES ('rebuild');
  CREATE TRIGGER logs_fts_insert AFTER INSERT ON logs BEGIN
    INSERT INTO logs_fts (rowid, t) VALUES (new.id, new.t);
  END;
  CREATE TRIGGER logs_fts_delete AFTER DELETE ON logs BEGIN
    INSERT INTO logs_fts (logs_fts, rowid, t) VALUES ('delete', old.id, old.t);
  END;
  CREATE TRIGGER logs_fts_update AFTER UPDATE OF t ON logs BEGIN
    INSERT INTO logs_fts (logs_fts, rowid, t) VALUES ('delete', old.id, old.t);
    INSERT INTO logs_fts (rowid, t) VALUES (new.id, new.t);
  END;

  CREATE TABLE session_stats (
    session_id INTEGER PRIMARY KEY REFERENCES sessions (id),
    first_at REAL NOT NULL,
    last_at REAL NOT NULL,
    total INTEGER NOT NULL,
    debug INTEGER NOT NULL,
    warning INTEGER NOT NULL,
    error INTEGER NOT NULL,
    trace INTEGER NOT NULL,
    info INTEGER NOT NULL,
    fatal INTEGER NOT NULL
  );
  INSERT INTO session_stats
    SELECT session_id, min(at), max(at), count(*), sum(ifnull(ll, 0) = 0), sum(ifnull(ll, 0) = 1), sum(ifnull(ll, 0) = 2), sum(ifnull(ll, 0) = 3), sum(ifnull(ll, 0) = 4), sum(ifnull(ll, 0) = 5)
    FROM logs GROUP BY session_id;
  CREATE TRIGGER session_stats_insert AFTER INSERT ON logs BEGIN
    INSERT INTO session_stats VALUES (new.session_id, new.at, new.at, 1,
      ifnull(new.ll, 0) = 0, ifnull(new.ll, 0) = 1, ifnull(new.ll, 0) = 2, ifnull(new.ll, 0) = 3, ifnull(new.ll, 0) = 4, ifnull(new.ll, 0) = 5)
    ON CONFLICT (session_id) DO UPDATE SET
      first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), total = total + 1,
      debug = debug + excluded.debug, warning = warning + excluded.warning, error = error + excluded.error,
      trace = trace + excluded.trace, info = info + excluded.info, fatal = fatal + excluded.fatal;
  END;
  -- Retention deletes old logs, and then sessions left empty: the counts follow (first_at stays the first seen).
  CREATE TRIGGER session_stats_delete AFTER DELETE ON logs BEGIN
    UPDATE session_stats SET total = total - 1,
      debug = debug - (ifnull(old.ll, 0) = 0), warning = warning - (ifnull(old.ll, 0) = 1), error = error - (ifnull(old.ll, 0) = 2),
      trace = trace - (ifnull(old.ll, 0) = 3), info = info - (ifnull(old.ll, 0) = 4), fatal = fatal - (ifnull(old.ll, 0) = 5)
    WHERE session_id = old.session_id;
  END;
  CREATE TRIGGER session_stats_session_delete BEFORE DELETE ON sessions BEGIN
    DELETE FROM session_stats WHERE session_id = old.id;
  END;

  CREATE INDEX logs_by_time ON logs (at);
  CREATE INDEX logs_by_level ON logs (ll, at);
  CREATE INDEX logs_by_tag ON logs (tg, at);
  CREATE INDEX sessions_by_app ON sessions (app_key, id);
  CREATE INDEX issues_by_session ON issues (session_id);
  CREATE INDEX issues_by_app ON issues (app_key, id);
  CREATE INDEX device_keys_by_value ON device_keys (app_key, key, value);

  CREATE TABLE viewers (
    name TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  -- Signed-in viewers: only a SHA-256 of each cookie's token is kept, so the table alone signs no one in.
  CREATE TABLE viewer_sessions (
    token_hash TEXT PRIMARY KEY,
    viewer TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  `,
  // Ingest no longer pays for search as it stores (server/stores/sqlite/search-index.ts). The full-text index follows the
  // logs a little behind, up to search_progress.indexed_to, and a search first brings it up to date; so the insert
  // trigger goes, and the delete and update triggers touch only logs already indexed (FTS5 must not be told to
  // delete what it never held). The sessions' counts are added once per batch by the collector store instead of
  // once per log by a trigger.
  `
  DROP TRIGGER logs_fts_insert;
  DROP TRIGGER logs_fts_delete;
  DROP TRIGGER logs_fts_update;
  DROP TRIGGER session_stats_insert;
  CREATE TABLE search_progress (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_to INTEGER NOT NULL
  );
  INSERT INTO search_progress VALUES (1, (SELECT ifnull(max(id), 0) FROM logs));
  CREATE TRIGGER logs_fts_delete AFTER DELETE ON logs WHEN old.id <= (SELECT indexed_to FROM search_progress) BEGIN
    INSERT INTO logs_fts (logs_fts, rowid, t) VALUES ('delete', old.id, old.t);
  END;
  CREATE TRIGGER logs_fts_update AFTER UPDATE OF t ON logs WHEN old.id <= (SELECT indexed_to FROM search_progress) BEGIN
    INSERT INTO logs_fts (logs_fts, rowid, t) VALUES ('delete', old.id, old.t);
    INSERT INTO logs_fts (rowid, t) VALUES (new.id, new.t);
  END;
  `,
  // Fault injection is no longer the product's (the tests mount their own middleware): its table goes.
  `
  DROP TABLE IF EXISTS faults;
  `,
  // Forwarding stored logs to OTLP endpoints (server/collector/otlp/forwarder.ts). An app's own endpoint, each app's
  // cursor (the highest log id forwarded, with counts and the last error, which the admin API shows), and the lease
  // that lets one process forward at a time (expires_at in epoch milliseconds).
  `
  CREATE TABLE forward_targets (
    app_key TEXT PRIMARY KEY REFERENCES apps (key),
    url TEXT NOT NULL,
    headers TEXT NOT NULL
  );
  CREATE TABLE forward_cursors (
    app_key TEXT PRIMARY KEY REFERENCES apps (key),
    last_id INTEGER NOT NULL,
    forwarded INTEGER NOT NULL,
    refused INTEGER NOT NULL,
    last_forwarded_at TEXT,
    last_error TEXT,
    last_error_at TEXT
  );
  CREATE TABLE forward_lease (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    holder TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  `,
  // Issue groups (docs/explorer.md#issue-groups), kept as each issue is stored; the issues stored before
  // are grouped when the store opens (server/stores/sqlite/issue-groups.ts), through the same code. The app's webhook and
  // the outbox of its notifications (docs/explorer.md#the-webhook), saved views, and an index for a device's key
  // history.
  `
  CREATE TABLE issue_groups (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    top_frame TEXT NOT NULL,
    last_title TEXT NOT NULL,
    status TEXT NOT NULL,
    occurrences INTEGER NOT NULL,
    devices INTEGER NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    status_changed_at TEXT,
    status_by TEXT,
    UNIQUE (app_key, fingerprint)
  );
  CREATE INDEX issue_groups_by_last_seen ON issue_groups (app_key, last_seen);
  CREATE TABLE issue_group_devices (
    group_id INTEGER NOT NULL REFERENCES issue_groups (id),
    udid TEXT NOT NULL,
    PRIMARY KEY (group_id, udid)
  );
  ALTER TABLE issues ADD COLUMN group_id INTEGER REFERENCES issue_groups (id);
  CREATE INDEX issues_by_group ON issues (group_id, id);
  CREATE INDEX issues_ungrouped ON issues (id) WHERE group_id IS NULL;

  CREATE TABLE app_webhooks (
    app_key TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    origin TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    last_status TEXT,
    last_at TEXT
  );
  -- Times are epoch milliseconds.
  CREATE TABLE webhook_outbox (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    event TEXT NOT NULL,
    payload TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_at INTEGER NOT NULL,
    claimed_until INTEGER
  );
  CREATE INDEX webhook_outbox_by_due ON webhook_outbox (next_at);

  CREATE TABLE saved_views (
    id TEXT PRIMARY KEY,
    app_key TEXT NOT NULL,
    owner TEXT NOT NULL,
    shared INTEGER NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL,
    query TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX saved_views_by_app ON saved_views (app_key, name);

  CREATE INDEX device_key_changes_by_device ON device_key_changes (app_key, udid, id);
  `,
  // The trigram index for words found inside other words (docs/explorer.md#search): the text, file, method, URL and
  // tag of each log, kept with the word index by server/stores/sqlite/search-index.ts, up to search_progress.indexed_to.
  `
  CREATE VIRTUAL TABLE logs_infix USING fts5 (t, f, m, u, tg, content = 'logs', content_rowid = 'id', tokenize = 'trigram');
  INSERT INTO logs_infix (rowid, t, f, m, u, tg) SELECT id, t, f, m, u, tg FROM logs WHERE id <= (SELECT indexed_to FROM search_progress);
  CREATE TRIGGER logs_infix_delete AFTER DELETE ON logs WHEN old.id <= (SELECT indexed_to FROM search_progress) BEGIN
    INSERT INTO logs_infix (logs_infix, rowid, t, f, m, u, tg) VALUES ('delete', old.id, old.t, old.f, old.m, old.u, old.tg);
  END;
  CREATE TRIGGER logs_infix_update AFTER UPDATE OF t, f, m, u, tg ON logs WHEN old.id <= (SELECT indexed_to FROM search_progress) BEGIN
    INSERT INTO logs_infix (logs_infix, rowid, t, f, m, u, tg) VALUES ('delete', old.id, old.t, old.f, old.m, old.u, old.tg);
    INSERT INTO logs_infix (rowid, t, f, m, u, tg) VALUES (new.id, new.t, new.f, new.m, new.u, new.tg);
  END;
  `,
  // An app's rule set for redaction at ingest (docs/privacy.md#on-the-service), as JSON; NULL for none.
  `
  ALTER TABLE apps ADD COLUMN redact TEXT;
  `,
  // Per-app access (docs/local-service.md#per-app-access): NULL, every app; else a JSON
  // array of the app keys the viewer may read.
  `
  ALTER TABLE viewers ADD COLUMN apps TEXT;
  `,
  // Every index on logs costs each stored log. The level index keeps only the rarer levels (warning, error,
  // trace, fatal), which a filter needs it for; debug and info are most logs, and a page of them is found by walking
  // the time index. The explorer names the index's levels in its query so that SQLite uses it
  // (server/stores/sqlite/explorer/log-filter.ts, RARE_LEVELS).
  `
  DROP INDEX logs_by_level;
  CREATE INDEX logs_by_level ON logs (ll, at) WHERE ll IN (1, 2, 3, 5);
  `,
  // FTS5 merges its segments as part of any write to an index, and a merge needs room for its output: on a
  // full database even retention's delete of twenty logs (which notes their removal in the indexes) failed. Writes to
  // the word index (logs_fts) and the trigram index (logs_infix) never merge now; the writer thread merges both in
  // bounded steps of its own, when there is room (server/stores/sqlite/search-index.ts). The trigram index removes a deleted
  // log's entries where they are (secure-delete) instead of adding a note of each of its trigrams: with notes, a
  // delete of one log took more room than the log freed, and retention could never empty a full file.
  `
  INSERT INTO logs_fts (logs_fts, rank) VALUES ('automerge', 0);
  INSERT INTO logs_fts (logs_fts, rank) VALUES ('crisismerge', 1000000);
  INSERT INTO logs_infix (logs_infix, rank) VALUES ('automerge', 0);
  INSERT INTO logs_infix (logs_infix, rank) VALUES ('crisismerge', 1000000);
  INSERT INTO logs_infix (logs_infix, rank) VALUES ('secure-delete', 1);
  `,
  // Replies on issue groups (docs/explorer.md#replies), beside the groups: each of a group, and of the issue whose page
  // it was written on, if any (its uid, kept when retention deletes the issue).
  `
  CREATE TABLE issue_replies (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    group_id INTEGER NOT NULL REFERENCES issue_groups (id),
    issue_uid TEXT,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    resolved INTEGER NOT NULL
  );
  CREATE INDEX issue_replies_by_group ON issue_replies (group_id, id);
  `,
  // The volume rollup (docs/volume-and-counts.md#the-rollup): each app's logs counted per second, minute and hour (a
  // grain, in ms) and level, added once per batch by the collector store (server/stores/sqlite/log-volume.ts) and taken out
  // as logs are deleted, slot by slot, the slots left empty with them. Filled from the logs already stored.
  `
  CREATE TABLE log_volume (
    app_key TEXT NOT NULL,
    grain INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    level INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (app_key, grain, slot, level)
  ) WITHOUT ROWID;
  -- Seconds first, in one pass over the logs; a second lies within one minute and one hour, which add up its seconds.
  WITH seconds AS MATERIALIZED (
    SELECT s.app_key, CAST(floor(l.at * 1.0 / 1000) AS INTEGER) AS slot, ifnull(l.ll, 0) AS level, count(*) AS n
    FROM logs l JOIN sessions s ON s.id = l.session_id GROUP BY 1, 2, 3
  )
  INSERT INTO log_volume
    SELECT app_key, 1000, slot, level, n FROM seconds
    UNION ALL SELECT app_key, 60000, CAST(floor(slot / 60.0) AS INTEGER), level, sum(n) FROM seconds GROUP BY 1, 3, 4
    UNION ALL SELECT app_key, 3600000, CAST(floor(slot / 3600.0) AS INTEGER), level, sum(n) FROM seconds GROUP BY 1, 3, 4;
  CREATE TRIGGER log_volume_delete AFTER DELETE ON logs BEGIN
    UPDATE log_volume SET n = n - 1
    WHERE app_key = (SELECT app_key FROM sessions WHERE id = old.session_id) AND level = ifnull(old.ll, 0)
      AND (grain, slot) IN (VALUES (1000, CAST(floor(old.at * 1.0 / 1000) AS INTEGER)),
        (60000, CAST(floor(old.at * 1.0 / 60000) AS INTEGER)), (3600000, CAST(floor(old.at * 1.0 / 3600000) AS INTEGER)));
    DELETE FROM log_volume
    WHERE app_key = (SELECT app_key FROM sessions WHERE id = old.session_id) AND level = ifnull(old.ll, 0) AND n = 0
      AND (grain, slot) IN (VALUES (1000, CAST(floor(old.at * 1.0 / 1000) AS INTEGER)),
        (60000, CAST(floor(old.at * 1.0 / 60000) AS INTEGER)), (3600000, CAST(floor(old.at * 1.0 / 3600000) AS INTEGER)));
  END;
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
  // Source maps (docs/source-maps.md): each app's, per release and minified file's path, kept until deleted through
  // the admin API (retention leaves them: a release's crashes are read with them for as long as they are kept), and
  // never served to a browser. An issue's top frame as its map resolved it at ingest, which its fingerprint uses.
  `
  CREATE TABLE source_maps (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    release TEXT NOT NULL,
    path TEXT NOT NULL,
    map TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    sources INTEGER NOT NULL,
    uploaded_at TEXT NOT NULL,
    UNIQUE (app_key, release, path)
  );
  CREATE INDEX source_maps_by_path ON source_maps (app_key, path, id);
  ALTER TABLE issues ADD COLUMN resolved_frame TEXT;
  `,
  // No trigram index on the ingest path (docs/explorer.md#search): its trigrams were most of what a batch cost
  // (docs/benchmarks.md#where-a-batch-spends-its-time-on-sqlite). Words stay in logs_fts; a fragment is found by reading logs
  // (docs/explorer.md#fragments).
  `
  DROP TRIGGER IF EXISTS logs_infix_delete;
  DROP TRIGGER IF EXISTS logs_infix_update;
  DROP TABLE IF EXISTS logs_infix;
  `,
  // "Resolved in <version>" (docs/explorer.md#resolved-in-a-version): the app version a group was resolved in, after
  // which only an occurrence from that version or a later one reopens it.
  `
  ALTER TABLE issue_groups ADD COLUMN resolved_in TEXT;
  `,
  // An app's identity key: the device key that says who a user is (docs/explorer.md#identity); NULL for none.
  `
  ALTER TABLE apps ADD COLUMN identity_key TEXT;
  `,
  // Alerts on saved views (docs/explorer.md#alerts): a view's one alert, with when it is next checked (claimed by one
  // process at a time: the check moves it on) and the firing still open; and each firing with its clearing. Times are
  // epoch milliseconds.
  `
  CREATE TABLE view_alerts (
    view_id TEXT PRIMARY KEY,
    app_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    threshold INTEGER,
    minutes INTEGER NOT NULL,
    next_check_at INTEGER NOT NULL,
    firing_id INTEGER,
    last_fired_at INTEGER
  );
  CREATE INDEX view_alerts_due ON view_alerts (next_check_at);
  CREATE TABLE alert_firings (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    view_id TEXT NOT NULL,
    view_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    threshold INTEGER,
    minutes INTEGER NOT NULL,
    fired_at INTEGER NOT NULL,
    count INTEGER NOT NULL,
    cleared_at INTEGER,
    cleared_count INTEGER
  );
  CREATE INDEX alert_firings_by_app ON alert_firings (app_key, id);
  `,
  // The tokens of counts paid after SIDELOG_DB first refused them (docs/clickhouse.md#counts-owed-kept-and-paid): a
  // token is recorded with its counts, so that counts paid twice (two processes, or a payer killed before it marked
  // them paid in ClickHouse) count once. A row only for a batch whose counts were owed.
  `
  CREATE TABLE counted_batches (token TEXT PRIMARY KEY) WITHOUT ROWID;
  `,
  // The processes writing logs to ClickHouse and their arrival horizons (server/stores/log-writers.ts,
  // docs/clickhouse.md#the-live-tail-across-hosts).
  `
  CREATE TABLE log_writers (writer TEXT PRIMARY KEY, horizon INTEGER NOT NULL, seen_at INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // Each batch's token, where another store holds its logs (ClickHouse: docs/clickhouse.md#counts-of-a-batch-once):
  // the batch's row is its counts' record, so that counts paid twice, or a batch found in ClickHouse uncounted, count
  // once; retention prunes it with the batch's row. counted_batches keeps the tokens recorded before it.
  `
  ALTER TABLE log_batches ADD COLUMN token TEXT;
  CREATE UNIQUE INDEX log_batches_by_token ON log_batches (token) WHERE token IS NOT NULL;
  `,
  // A record of each device erased on request (docs/privacy.md#erasing-a-device), kept after its data: when, by whom and
  // what went. Retention leaves it.
  `
  CREATE TABLE device_erasures (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    udid TEXT NOT NULL,
    erased_at TEXT NOT NULL,
    erased_by TEXT NOT NULL,
    logs INTEGER NOT NULL,
    sessions INTEGER NOT NULL,
    issues INTEGER NOT NULL,
    key_changes INTEGER NOT NULL
  );
  CREATE INDEX device_erasures_by_app ON device_erasures (app_key, id);
  `,
  // An erasure's record is written as it starts and counts each step in the step's own transaction, finished with
  // its last (server/stores/erasure-records.ts): the records before this were written once whole. One unfinished
  // record a device at most, which an erasure that failed midway leaves for the next to go on with.
  `
  ALTER TABLE device_erasures ADD COLUMN finished INTEGER NOT NULL DEFAULT 1;
  CREATE UNIQUE INDEX device_erasures_unfinished ON device_erasures (app_key, udid) WHERE finished = 0;
  `,
  // A record of each file of stored data downloaded (docs/privacy.md#each-download-is-recorded), kept as the
  // erasures': a device's copy (its udid) or a view's export (its query, the search's words left out), when, by whom,
  // how many logs, and whether the download reached its end. Retention leaves it.
  `
  CREATE TABLE downloads (
    id INTEGER PRIMARY KEY,
    app_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    udid TEXT,
    view TEXT,
    format TEXT NOT NULL,
    downloaded_at TEXT NOT NULL,
    downloaded_by TEXT NOT NULL,
    logs INTEGER NOT NULL,
    finished INTEGER NOT NULL
  );
  CREATE INDEX downloads_by_app ON downloads (app_key, id);
  `,
  // The word index merges 16 segments at a time, not FTS5's default 4: the writer thread's merges after each group
  // (server/stores/sqlite/search-index.ts) rewrite each word's entries half as often, which took their cost from 0.59
  // to 0.23 ms per 1,000 logs over 960,000 of them, and a word's search read the same
  // (docs/benchmarks.md#merging-sixteen-segments-at-a-time). A setting of the index's own, kept in it: nothing is
  // rebuilt.
  `
  INSERT INTO logs_fts (logs_fts, rank) VALUES ('usermerge', 16);
  `,
];
