// Rows of either database's tables back to the records the stores answer with: both keep the same columns.
import type { DeviceKeyValue, LogRecord, SessionPayload } from '../../protocol/records.types.ts';
import type { RedactConfig } from '../../protocol/redact/redact-options.ts';
import type { SkippedLog } from '../../protocol/wire.ts';
import { COLUMN_NAMES } from './log-columns.ts';
import type { AdminList, App, ForwardCursor, StoredSession } from './store.types.ts';

export const now = () => new Date().toISOString();

/** A log's fields as stored (server/stores/log-columns.ts). */
export const LOG_FIELDS = COLUMN_NAMES;

/** A log row back to the record as it was sent: absent fields stay absent. */
export function toLog(row: Record<string, unknown>): LogRecord {
  const log: Record<string, unknown> = {};
  for (const field of LOG_FIELDS) if (row[field] !== null && row[field] !== undefined) log[field] = row[field];
  return log as unknown as LogRecord;
}

export interface SessionRow {
  id: number;
  session_uid: string;
  udid: string;
  time: string;
  received_at: string;
  payload: string;
}
export const toSession = (row: SessionRow): StoredSession => ({
  ...row,
  payload: JSON.parse(row.payload) as SessionPayload,
});

export type AppRow = {
  key: string;
  app_id: string;
  enabled: number;
  redact: string | null;
  identity_key: string | null;
};
/** The columns an AppRow is read from. */
export const APP_COLUMNS = 'key, app_id, enabled, redact, identity_key';
export const toApp = (row: AppRow): App => ({
  key: row.key,
  appId: row.app_id,
  enabled: row.enabled === 1,
  ...(row.redact === null ? {} : { redact: JSON.parse(row.redact) as RedactConfig }),
  ...(row.identity_key === null ? {} : { identityKey: row.identity_key }),
});

/** An admin list page's row as the full list answered it before pagination. */
export const LIST_ROW: Record<AdminList, (row: Record<string, unknown>) => unknown> = {
  logs: (row) => ({ ...toLog(row), session_uid: row.session_uid as string }),
  batches: (row) => row,
  sessions: (row) => toSession(row as unknown as SessionRow),
  issues: (row) => row,
  'device-keys': (row) => ({
    device_id: row.udid,
    key: row.key,
    value: JSON.parse(row.value as string) as DeviceKeyValue,
  }),
  requests: ({ skipped, ...row }) =>
    skipped === null ? row : { ...row, skipped: JSON.parse(skipped as string) as SkippedLog[] },
};

/** A row of `forward_cursors` (server/collector/otlp/forwarder.ts). */
export interface CursorRow {
  app_key: string;
  last_id: number;
  forwarded: number;
  refused: number;
  last_forwarded_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}
export const toCursor = (row: CursorRow): ForwardCursor => ({
  appKey: row.app_key,
  lastId: row.last_id,
  forwarded: row.forwarded,
  refused: row.refused,
  lastForwardedAt: row.last_forwarded_at,
  lastError: row.last_error,
  lastErrorAt: row.last_error_at,
});
