// All of the service's database access, behind the small `Store` interface. The rest of the process holds no
// state of its own, so the collector could run as several processes over one server database; swapping SQLite
// for a server database means writing another `Store`.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { DeviceInfo, DeviceKeyValue, LogRecord, SessionPayload } from '../protocol/records.types.ts';
import type { IssueRequest, WireOperation } from '../protocol/wire.ts';
import { appIdOf } from './app-id.ts';
import { MIGRATIONS } from './schema.ts';

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
  addToken(token: string, partnerId: number, expiresAt: Date): void;
  /** The partner a token belongs to, when it exists and has not expired. */
  partnerOfToken(token: string, now: Date): number | undefined;
  partnerView(partnerId: number, view: PartnerView): unknown;

  // Apps and faults.
  putApp(key: string, enabled: boolean): App;
  app(key: string): App | undefined;
  appById(appId: string): App | undefined;
  setFault(appKey: string, mode: FaultMode, ops: WireOperation[] | undefined): void;
  fault(appKey: string, op: WireOperation): FaultMode;

  // What the collector receives.
  recordRequest(appKey: string, op: WireOperation, status: number): void;
  putDevice(appKey: string, device: DeviceInfo): void;
  /** The session's id; registering the same session_uid again returns the same id. */
  putSession(appKey: string, session: SessionPayload): number;
  sessionById(appKey: string, id: number): StoredSession | undefined;
  /** Stores the batch, skipping logs already stored for the session (same `at`); returns how many were new. */
  addLogs(appKey: string, sessionId: number, logs: LogRecord[]): number;
  /** Stores the issue unless its uid is already stored; returns whether it was new. */
  addIssue(appKey: string, issue: IssueRequest): boolean;
  setDeviceKey(appKey: string, udid: string, key: string, value: DeviceKeyValue): void;

  // What the admin API and the viewer read.
  logs(appKey: string): CollectedLog[];
  batches(appKey: string): { session_uid: string; count: number; stored: number }[];
  sessions(appKey: string, limit?: number): StoredSession[];
  issues(appKey: string, limit?: number): StoredIssue[];
  deviceKeyChanges(appKey: string): DeviceKeyChange[];
  requests(appKey: string): { operation: WireOperation; status: number }[];
  session(appKey: string, uuid: string): StoredSession | undefined;
  sessionLogs(sessionId: number): LogRecord[];
  issue(appKey: string, uid: string): (StoredIssue & { session_id: number }) | undefined;
  device(appKey: string, udid: string): StoredDevice | undefined;
  deviceKeys(appKey: string, udid: string): { key: string; value: DeviceKeyValue }[];
  deviceSessions(appKey: string, udid: string): StoredSession[];
  apps(): App[];

  close(): void;
}

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

/** Opens (creating and migrating as needed) the SQLite database at `path`, in WAL mode. */
export function openStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

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
    `INSERT OR IGNORE INTO logs (session_id, x, t, m, at, tg, f, l, ll, u) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBatch = db.prepare(`INSERT INTO log_batches (app_key, session_id, count, stored) VALUES (?, ?, ?, ?)`);

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
    addToken(token, partnerId, expiresAt) {
      db.prepare(`INSERT INTO partner_tokens (token, partner_id, expires_at) VALUES (?, ?, ?)`).run(token, partnerId, expiresAt.toISOString());
    },
    partnerOfToken(token, at) {
      const row = one<{ partner_id: number }>(
        `SELECT partner_id FROM partner_tokens WHERE token = ? AND expires_at > ?`,
        token,
        at.toISOString(),
      );
      return row?.partner_id;
    },
    partnerView(partnerId, view) {
      const row = one<{ data: string }>(`SELECT data FROM partner_views WHERE partner_id = ? AND view = ?`, partnerId, view);
      return row && JSON.parse(row.data);
    },

    putApp(key, enabled) {
      db.prepare(
        `INSERT INTO apps (key, app_id, enabled) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET enabled = excluded.enabled`,
      ).run(key, appIdOf(key), enabled ? 1 : 0);
      return this.app(key)!;
    },
    app(key) {
      const row = one<{ key: string; app_id: string; enabled: number }>(`SELECT key, app_id, enabled FROM apps WHERE key = ?`, key);
      return row && toApp(row);
    },
    appById(appId) {
      const row = one<{ key: string; app_id: string; enabled: number }>(`SELECT key, app_id, enabled FROM apps WHERE app_id = ?`, appId);
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

    recordRequest(appKey, op, status) {
      db.prepare(`INSERT INTO requests (app_key, operation, status, received_at) VALUES (?, ?, ?, ?)`).run(appKey, op, status, now());
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
          stored += insertLog.run(sessionId, log.x, log.t ?? null, log.m ?? null, log.at, log.tg ?? null, log.f ?? null, log.l ?? null, log.ll ?? null, log.u ?? null).changes;
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
        .run(appKey, issue.uid, issue.session_id, issue.url, issue.title, issue.text, issue.type, now());
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

    logs(appKey) {
      return all<Record<string, unknown>>(
        `SELECT logs.*, sessions.session_uid FROM logs JOIN sessions ON sessions.id = logs.session_id
         WHERE sessions.app_key = ? ORDER BY logs.id`,
        appKey,
      ).map((row) => ({ ...toLog(row), session_uid: row.session_uid as string }));
    },
    batches(appKey) {
      return all(
        `SELECT sessions.session_uid, log_batches.count, log_batches.stored FROM log_batches
         JOIN sessions ON sessions.id = log_batches.session_id WHERE log_batches.app_key = ? ORDER BY log_batches.id`,
        appKey,
      );
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
    deviceKeyChanges(appKey) {
      return all<{ udid: string; key: string; value: string }>(
        `SELECT udid, key, value FROM device_key_changes WHERE app_key = ? ORDER BY id`,
        appKey,
      ).map((row) => ({ device_id: row.udid, key: row.key, value: JSON.parse(row.value) as DeviceKeyValue }));
    },
    requests(appKey) {
      return all(`SELECT operation, status FROM requests WHERE app_key = ? ORDER BY id`, appKey);
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
