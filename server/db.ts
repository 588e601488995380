// All of the service's database access, behind the small `Store` interface. The rest of the process holds no
// state of its own, so the collector could run as several processes over one server database; swapping SQLite
// for a server database means writing another `Store`.
import Database from 'better-sqlite3';
import type { DeviceInfo, DeviceKeyValue, LogRecord, SessionPayload } from '../protocol/records.types.ts';
import type { IssueRequest, SkippedLog, WireOperation } from '../protocol/wire.ts';
import { appIdOf, bugfenderAppIdOf } from './app-id.ts';
import { logContentHash } from './log-hash.ts';
import { MIGRATIONS } from './schema.ts';
import { checkDatabasePath, newerSchema, openFailure, StartupError } from './startup-checks.ts';

export type FaultMode = 'none' | 'error-500' | 'error-400' | 'error-413' | 'hang' | 'non-json';
export type PartnerView = 'profile' | 'sales' | 'stats' | 'warehouse' | 'support';

export interface App {
  key: string;
  appId: string;
  enabled: boolean;
}
export interface Partner {
  id: number;
  email: string;
  passwordHash: string;
}
export interface StoredSession {
  id: number;
  session_uid: string;
  udid: string;
  time: string;
  received_at: string;
  payload: SessionPayload;
}
export interface CollectedLog extends LogRecord {
  session_uid: string;
}
export interface StoredIssue {
  uid: string;
  url: string;
  title: string;
  text: string;
  type: string;
  session_uid: string;
  received_at: string;
}
export interface StoredDevice {
  udid: string;
  name: string;
  info: DeviceInfo | null;
  first_seen: string;
  last_seen: string;
}
export interface DeviceKeyChange {
  device_id: string;
  key: string;
  value: DeviceKeyValue;
}

export interface Store {
  // Partners and their tokens.
  addPartner(partner: { email: string; passwordHash: string }, views: Record<PartnerView, unknown>): number;
  partnerByEmail(email: string): Partner | undefined;
  /** Keeps a token by its hash (server/tokens.ts); expired tokens are deleted on the way. */
  addToken(tokenHash: string, partnerId: number, expiresAt: Date): void;
  /** The partner a token belongs to, when it exists and has not expired. */
  partnerOfToken(tokenHash: string, now: Date): number | undefined;
  /** Deletes the token; whether it existed. */
  revokeToken(tokenHash: string): boolean;
  partnerView(partnerId: number, view: PartnerView): unknown;

  // Apps and faults.
  putApp(key: string, enabled: boolean): App;
  app(key: string): App | undefined;
  appById(appId: string): App | undefined;
  setFault(appKey: string, mode: FaultMode, ops: WireOperation[] | undefined): void;
  fault(appKey: string, op: WireOperation): FaultMode;

  // What the collector receives.
  /** A known app's request is a row of `requests` (the newest MAX_REQUEST_ROWS are kept), with `skipped`, the logs of
   * a batch that could not be stored, which the answer named; one naming an unknown key only counts in `refused_keys`
   * (at most MAX_REFUSED_KEYS rows). */
  recordRequest(appKey: string, op: WireOperation, status: number, skipped?: SkippedLog[]): void;
  putDevice(appKey: string, device: DeviceInfo): void;
  /** The session's id; registering the same session_uid again returns the same id. */
  putSession(appKey: string, session: SessionPayload): number;
  sessionById(appKey: string, id: number): StoredSession | undefined;
  /** Stores the batch, skipping logs already stored for the session (same `at` and content); returns how many were new. */
  addLogs(appKey: string, sessionId: number, logs: LogRecord[]): number;
  /** Stores the issue unless its uid is already stored; returns whether it was new. */
  addIssue(appKey: string, issue: IssueRequest): boolean;
  setDeviceKey(appKey: string, udid: string, key: string, value: DeviceKeyValue): void;

  // What the admin API and the viewer read.
  sessions(appKey: string, limit?: number): StoredSession[];
  issues(appKey: string, limit?: number): StoredIssue[];
  /** One page of an admin list, in arrival order: rows after the cursor `after` (a row id; 0 for the start). */
  listPage(list: AdminList, appKey: string, after: number, limit: number): { rows: unknown[]; last: number | undefined };
  /** Requests that named an unknown key, counted per key, operation and status; most recently seen first. */
  refusedKeys(limit: number): RefusedKey[];
  session(appKey: string, uuid: string): StoredSession | undefined;
  sessionLogs(sessionId: number): LogRecord[];
  issue(appKey: string, uid: string): (StoredIssue & { session_id: number }) | undefined;
  device(appKey: string, udid: string): StoredDevice | undefined;
  deviceKeys(appKey: string, udid: string): { key: string; value: DeviceKeyValue }[];
  deviceSessions(appKey: string, udid: string): StoredSession[];
  apps(): App[];

  // Retention (server/retention.ts).
  /** Notes, with the time, the highest row id of each table retention prunes. */
  markRetention(now: Date): void;
  /** Deletes at most `batch` rows that arrived before `cutoff` (by the marks), from one table; how many it deleted. */
  pruneBefore(cutoff: Date, batch: number): number;

  close(): void;
}

export type AdminList = 'logs' | 'batches' | 'sessions' | 'issues' | 'device-keys' | 'requests';
export interface RefusedKey {
  app_key: string;
  operation: WireOperation;
  status: number;
  count: number;
  last_seen: string;
}

/** The requests table keeps the newest rows only: enough for any test or an operator's look at recent traffic. */
export const MAX_REQUEST_ROWS = 100_000;
/** refused_keys keeps the most recently seen keys only; longer keys are cut to MAX_REFUSED_KEY_LENGTH. */
export const MAX_REFUSED_KEYS = 1_000;
export const MAX_REFUSED_KEY_LENGTH = 128;
/** What retention deletes by age, in this order. Sessions go after them, once nothing refers to them. */
const RETAINED_TABLES = ['logs', 'log_batches', 'issues', 'device_key_changes', 'requests'] as const;

/** Pruning runs every so many recorded requests rather than on each one. */
export const PRUNE_EVERY = 500;

const LOG_FIELDS = ['x', 't', 'm', 'at', 'tg', 'f', 'l', 'll', 'u'] as const;

/** A log row back to the record as it was sent: absent fields stay absent. */
function toLog(row: Record<string, unknown>): LogRecord {
  const log: Record<string, unknown> = {};
  for (const field of LOG_FIELDS) if (row[field] !== null && row[field] !== undefined) log[field] = row[field];
  return log as unknown as LogRecord;
}

interface SessionRow {
  id: number;
  session_uid: string;
  udid: string;
  time: string;
  received_at: string;
  payload: string;
}
const toSession = (row: SessionRow): StoredSession => ({ ...row, payload: JSON.parse(row.payload) as SessionPayload });
const toApp = (row: { key: string; app_id: string; enabled: number }): App => ({ key: row.key, appId: row.app_id, enabled: row.enabled === 1 });

/** The SQLite handle behind each store openStore made, for the explorer's own queries (server/explorer-queries.ts). */
const HANDLES = new WeakMap<Store, Database.Database>();
export function sqliteOf(store: Store): Database.Database {
  const db = HANDLES.get(store);
  if (!db) throw new Error('the store is not one openStore() made');
  return db;
}

export interface StoreOptions {
  /** A cap on the database file's size: past it writes fail as on a full disk (507) until rows are deleted. */
  maxBytes?: number;
}

/** Opens (creating and migrating as needed) the SQLite database at `path`, in WAL mode. Throws a StartupError
 * (server/startup-checks.ts) when the database cannot be used. */
export function openStore(path: string, options: StoreOptions = {}): Store {
  checkDatabasePath(path);
  let db: Database.Database | undefined;
  try {
    db = new Database(path);
    // SQL functions a migration needs to compute what the process computes on insert (server/schema.ts).
    db.function('sidelog_log_hash', { deterministic: true }, (x, t, m, tg, f, l, ll, u) =>
      logContentHash({ x, t, m, tg, f, l, ll, u } as Parameters<typeof logContentHash>[0]),
    );
    db.function('sidelog_bugfender_app_id', { deterministic: true }, (key) => bugfenderAppIdOf(String(key)));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Reads the schema, so a file whose header passes but whose schema does not fails here, not on first use.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length) throw newerSchema(path, version, MIGRATIONS.length);
    migrate(db);
    // A write that changes nothing: fails now on a file SQLite can only read.
    db.prepare('DELETE FROM faults WHERE 0').run();
    if (options.maxBytes) db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxBytes / (db.pragma('page_size', { simple: true }) as number)))}`);
  } catch (error) {
    db?.close();
    throw error instanceof StartupError ? error : openFailure(path, error);
  }
  return storeOver(db);
}

function storeOver(db: Database.Database): Store {

  const now = () => new Date().toISOString();
  const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T | undefined;
  const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

  const upsertDevice = db.prepare(
    `INSERT INTO devices (app_key, udid, name, info, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (app_key, udid) DO UPDATE SET
       name = CASE WHEN excluded.info IS NULL THEN devices.name ELSE excluded.name END,
       info = COALESCE(excluded.info, devices.info), last_seen = excluded.last_seen`,
  );
  const touchDevice = (appKey: string, udid: string, device?: DeviceInfo) => {
    const at = now();
    upsertDevice.run(appKey, udid, device?.name ?? '', device ? JSON.stringify(device) : null, at, at);
  };
  const insertLog = db.prepare(
    `INSERT OR IGNORE INTO logs (session_id, x, t, m, at, tg, f, l, ll, u, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBatch = db.prepare(`INSERT INTO log_batches (app_key, session_id, count, stored) VALUES (?, ?, ?, ?)`);

  const isApp = db.prepare(`SELECT 1 FROM apps WHERE key = ?`).pluck();
  const insertRequest = db.prepare(`INSERT INTO requests (app_key, operation, status, received_at, skipped) VALUES (?, ?, ?, ?, ?)`);
  const countRefused = db.prepare(
    `INSERT INTO refused_keys (app_key, operation, status, count, last_seen) VALUES (?, ?, ?, 1, ?)
     ON CONFLICT (app_key, operation, status) DO UPDATE SET count = count + 1, last_seen = excluded.last_seen`,
  );
  let recorded = 0;
  /** Row ids only grow, so "all but the newest N" is one range delete on the primary key. */
  const pruneRequests = () => {
    db.prepare(`DELETE FROM requests WHERE id <= (SELECT MAX(id) FROM requests) - ?`).run(MAX_REQUEST_ROWS);
    db.prepare(
      `DELETE FROM refused_keys WHERE rowid IN (SELECT rowid FROM refused_keys ORDER BY last_seen DESC LIMIT -1 OFFSET ?)`,
    ).run(MAX_REFUSED_KEYS);
  };

  /** Each admin list's page: its rows after a row id, with that id as `cursor_id`. */
  const listQueries: Record<AdminList, Database.Statement> = {
    logs: db.prepare(
      `SELECT logs.id AS cursor_id, logs.*, sessions.session_uid FROM logs JOIN sessions ON sessions.id = logs.session_id
       WHERE sessions.app_key = ? AND logs.id > ? ORDER BY logs.id LIMIT ?`,
    ),
    batches: db.prepare(
      `SELECT log_batches.id AS cursor_id, sessions.session_uid, log_batches.count, log_batches.stored FROM log_batches
       JOIN sessions ON sessions.id = log_batches.session_id WHERE log_batches.app_key = ? AND log_batches.id > ? ORDER BY log_batches.id LIMIT ?`,
    ),
    sessions: db.prepare(`SELECT id AS cursor_id, * FROM sessions WHERE app_key = ? AND id > ? ORDER BY id LIMIT ?`),
    issues: db.prepare(
      `SELECT issues.id AS cursor_id, uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
       JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = ? AND issues.id > ? ORDER BY issues.id LIMIT ?`,
    ),
    'device-keys': db.prepare(
      `SELECT id AS cursor_id, udid, key, value FROM device_key_changes WHERE app_key = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    requests: db.prepare(`SELECT id AS cursor_id, operation, status, skipped FROM requests WHERE app_key = ? AND id > ? ORDER BY id LIMIT ?`),
  };
  /** A page's row as the full list answered it before pagination. */
  const listRow: Record<AdminList, (row: Record<string, unknown>) => unknown> = {
    logs: (row) => ({ ...toLog(row), session_uid: row.session_uid as string }),
    batches: (row) => row,
    sessions: (row) => toSession(row as unknown as SessionRow),
    issues: (row) => row,
    'device-keys': (row) => ({ device_id: row.udid, key: row.key, value: JSON.parse(row.value as string) as DeviceKeyValue }),
    requests: ({ skipped, ...row }) => (skipped === null ? row : { ...row, skipped: JSON.parse(skipped as string) as SkippedLog[] }),
  };

  const store: Store = {
    addPartner(partner, views) {
      return db.transaction(() => {
        const { lastInsertRowid } = db
          .prepare(`INSERT INTO partners (email, password_hash) VALUES (?, ?)`)
          .run(partner.email.toLowerCase(), partner.passwordHash);
        const id = Number(lastInsertRowid);
        const insertView = db.prepare(`INSERT INTO partner_views (partner_id, view, data) VALUES (?, ?, ?)`);
        for (const [view, data] of Object.entries(views)) insertView.run(id, view, JSON.stringify(data));
        return id;
      })();
    },
    partnerByEmail(email) {
      const row = one<{ id: number; email: string; password_hash: string }>(
        `SELECT id, email, password_hash FROM partners WHERE email = ?`,
        email.trim().toLowerCase(),
      );
      return row && { id: row.id, email: row.email, passwordHash: row.password_hash };
    },
    addToken(tokenHash, partnerId, expiresAt) {
      db.transaction(() => {
        db.prepare(`DELETE FROM partner_tokens WHERE expires_at <= ?`).run(now());
        db.prepare(`INSERT INTO partner_tokens (token_hash, partner_id, expires_at) VALUES (?, ?, ?)`).run(tokenHash, partnerId, expiresAt.toISOString());
      })();
    },
    partnerOfToken(tokenHash, at) {
      const row = one<{ partner_id: number }>(
        `SELECT partner_id FROM partner_tokens WHERE token_hash = ? AND expires_at > ?`,
        tokenHash,
        at.toISOString(),
      );
      return row?.partner_id;
    },
    revokeToken(tokenHash) {
      return db.prepare(`DELETE FROM partner_tokens WHERE token_hash = ?`).run(tokenHash).changes > 0;
    },
    partnerView(partnerId, view) {
      const row = one<{ data: string }>(`SELECT data FROM partner_views WHERE partner_id = ? AND view = ?`, partnerId, view);
      return row && JSON.parse(row.data);
    },

    putApp(key, enabled) {
      db.prepare(
        `INSERT INTO apps (key, app_id, bugfender_app_id, enabled) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET enabled = excluded.enabled`,
      ).run(key, appIdOf(key), bugfenderAppIdOf(key), enabled ? 1 : 0);
      return this.app(key)!;
    },
    app(key) {
      const row = one<{ key: string; app_id: string; enabled: number }>(`SELECT key, app_id, enabled FROM apps WHERE key = ?`, key);
      return row && toApp(row);
    },
    appById(appId) {
      // Sidelog's appID or the Bugfender SDK's (server/app-id.ts).
      const row = one<{ key: string; app_id: string; enabled: number }>(
        `SELECT key, app_id, enabled FROM apps WHERE app_id = ? UNION SELECT key, app_id, enabled FROM apps WHERE bugfender_app_id = ?`,
        appId,
        appId,
      );
      return row && toApp(row);
    },
    setFault(appKey, mode, ops) {
      if (mode === 'none') db.prepare(`DELETE FROM faults WHERE app_key = ?`).run(appKey);
      else
        db.prepare(`INSERT OR REPLACE INTO faults (app_key, mode, ops) VALUES (?, ?, ?)`).run(appKey, mode, ops ? JSON.stringify(ops) : null);
    },
    fault(appKey, op) {
      const row = one<{ mode: FaultMode; ops: string | null }>(`SELECT mode, ops FROM faults WHERE app_key = ?`, appKey);
      if (!row) return 'none';
      if (row.ops && !(JSON.parse(row.ops) as string[]).includes(op)) return 'none';
      return row.mode;
    },

    recordRequest(appKey, op, status, skipped) {
      if (appKey !== '' && isApp.get(appKey)) insertRequest.run(appKey, op, status, now(), skipped ? JSON.stringify(skipped) : null);
      else countRefused.run(appKey.slice(0, MAX_REFUSED_KEY_LENGTH), op, status, now());
      if (++recorded % PRUNE_EVERY === 0) pruneRequests();
    },
    putDevice(appKey, device) {
      touchDevice(appKey, device.udid, device);
    },
    putSession(appKey, session) {
      return db.transaction(() => {
        touchDevice(appKey, session.device.udid, session.device);
        db.prepare(
          `INSERT OR IGNORE INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(appKey, session.session_uid, session.device.udid, session.time, now(), JSON.stringify(session));
        return one<{ id: number }>(`SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?`, appKey, session.session_uid)!.id;
      })();
    },
    sessionById(appKey, id) {
      const row = one<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? AND id = ?`, appKey, id);
      return row && toSession(row);
    },
    addLogs(appKey, sessionId, logs) {
      return db.transaction(() => {
        let stored = 0;
        for (const log of logs) {
          const fields = { x: log.x, t: log.t ?? null, m: log.m ?? null, tg: log.tg ?? null, f: log.f ?? null, l: log.l ?? null, ll: log.ll ?? null, u: log.u ?? null };
          const { x, t, m, tg, f, l, ll, u } = fields;
          stored += insertLog.run(sessionId, x, t, m, log.at, tg, f, l, ll, u, logContentHash(fields)).changes;
        }
        insertBatch.run(appKey, sessionId, logs.length, stored);
        return stored;
      })();
    },
    addIssue(appKey, issue) {
      const result = db
        .prepare(
          `INSERT OR IGNORE INTO issues (app_key, uid, session_id, url, title, text, type, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(appKey, issue.uid, issue.session_id, issue.url ?? '', issue.title, issue.text, issue.type, now());
      return result.changes === 1;
    },
    setDeviceKey(appKey, udid, key, value) {
      db.transaction(() => {
        touchDevice(appKey, udid);
        const json = JSON.stringify(value);
        if (value === null) db.prepare(`DELETE FROM device_keys WHERE app_key = ? AND udid = ? AND key = ?`).run(appKey, udid, key);
        else
          db.prepare(`INSERT OR REPLACE INTO device_keys (app_key, udid, key, value) VALUES (?, ?, ?, ?)`).run(appKey, udid, key, json);
        db.prepare(`INSERT INTO device_key_changes (app_key, udid, key, value, received_at) VALUES (?, ?, ?, ?, ?)`).run(
          appKey,
          udid,
          key,
          json,
          now(),
        );
      })();
    },

    sessions(appKey, limit = -1) {
      return all<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? ORDER BY id DESC LIMIT ?`, appKey, limit)
        .reverse()
        .map(toSession);
    },
    issues(appKey, limit = -1) {
      return all<StoredIssue>(
        `SELECT * FROM (SELECT issues.id, uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = ? ORDER BY issues.id DESC LIMIT ?) ORDER BY id`,
        appKey,
        limit,
      ).map(({ id: _id, ...issue }: StoredIssue & { id?: number }) => issue);
    },
    listPage(list, appKey, after, limit) {
      const rows = listQueries[list].all(appKey, after, limit) as ({ cursor_id: number } & Record<string, unknown>)[];
      return { rows: rows.map(({ cursor_id: _id, ...row }) => listRow[list](row)), last: rows.at(-1)?.cursor_id };
    },
    refusedKeys(limit) {
      return all<RefusedKey>(`SELECT app_key, operation, status, count, last_seen FROM refused_keys ORDER BY last_seen DESC LIMIT ?`, limit);
    },
    session(appKey, uuid) {
      const row = one<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? AND session_uid = ?`, appKey, uuid);
      return row && toSession(row);
    },
    sessionLogs(sessionId) {
      return all<Record<string, unknown>>(`SELECT * FROM logs WHERE session_id = ? ORDER BY at, id`, sessionId).map(toLog);
    },
    issue(appKey, uid) {
      return one(
        `SELECT uid, url, title, text, type, session_id, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = ? AND uid = ?`,
        appKey,
        uid,
      );
    },
    device(appKey, udid) {
      const row = one<{ udid: string; name: string; info: string | null; first_seen: string; last_seen: string }>(
        `SELECT udid, name, info, first_seen, last_seen FROM devices WHERE app_key = ? AND udid = ?`,
        appKey,
        udid,
      );
      return row && { ...row, info: row.info === null ? null : (JSON.parse(row.info) as DeviceInfo) };
    },
    deviceKeys(appKey, udid) {
      return all<{ key: string; value: string }>(`SELECT key, value FROM device_keys WHERE app_key = ? AND udid = ? ORDER BY key`, appKey, udid).map(
        (row) => ({ key: row.key, value: JSON.parse(row.value) as DeviceKeyValue }),
      );
    },
    deviceSessions(appKey, udid) {
      return all<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? AND udid = ? ORDER BY id`, appKey, udid).map(toSession);
    },
    apps() {
      return all<{ key: string; app_id: string; enabled: number }>(`SELECT key, app_id, enabled FROM apps ORDER BY key`).map(toApp);
    },

    markRetention(at) {
      db.transaction(() => {
        for (const table of RETAINED_TABLES) {
          const maxId = (db.prepare(`SELECT MAX(id) FROM ${table}`).pluck().get() as number | null) ?? 0;
          db.prepare(`INSERT INTO retention_marks (at, table_name, max_id) VALUES (?, ?, ?)`).run(at.toISOString(), table, maxId);
        }
      })();
    },
    pruneBefore(cutoff, batch) {
      const before = cutoff.toISOString();
      // Logs, then what refers to sessions, so that sessions left with nothing can go last.
      for (const table of RETAINED_TABLES) {
        const mark = db
          .prepare(`SELECT max_id FROM retention_marks WHERE table_name = ? AND at <= ? ORDER BY at DESC LIMIT 1`)
          .pluck()
          .get(table, before) as number | undefined;
        if (!mark) continue;
        const { changes } = db.prepare(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE id <= ? ORDER BY id LIMIT ?)`).run(mark, batch);
        if (changes > 0) return changes;
        // Marks older than the one in use are of no more use.
        db.prepare(`DELETE FROM retention_marks WHERE table_name = ? AND at < (SELECT at FROM retention_marks WHERE table_name = ? AND at <= ? ORDER BY at DESC LIMIT 1)`).run(table, table, before);
      }
      return db
        .prepare(
          `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE received_at < ?
             AND NOT EXISTS (SELECT 1 FROM logs WHERE logs.session_id = sessions.id)
             AND NOT EXISTS (SELECT 1 FROM log_batches WHERE log_batches.session_id = sessions.id)
             AND NOT EXISTS (SELECT 1 FROM issues WHERE issues.session_id = sessions.id) LIMIT ?)`,
        )
        .run(before, batch).changes;
    },

    close() {
      db.close();
    },
  };
  HANDLES.set(store, db);
  return store;
}

/** Brings the schema up to date: each migration runs once, in order, tracked by `user_version`. Each step takes
 * the write lock first (IMMEDIATE) and re-reads the version, so processes starting together migrate once. */
function migrate(db: Database.Database): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  while (version() < MIGRATIONS.length) {
    db.transaction(() => {
      const next = version();
      if (next >= MIGRATIONS.length) return;
      db.exec(MIGRATIONS[next]);
      db.pragma(`user_version = ${next + 1}`);
    }).immediate();
  }
}
