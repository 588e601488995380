// Rows of either database's tables back to the records the stores answer with: both keep the same columns.
import type { LogRecord, SessionPayload } from '../protocol/records.types.ts';
import type { App, StoredSession } from './store.types.ts';

export const now = () => new Date().toISOString();

export const LOG_FIELDS = ['x', 't', 'm', 'at', 'tg', 'f', 'l', 'll', 'u'] as const;

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
export const toSession = (row: SessionRow): StoredSession => ({ ...row, payload: JSON.parse(row.payload) as SessionPayload });

export type AppRow = { key: string; app_id: string; enabled: number };
export const toApp = (row: AppRow): App => ({ key: row.key, appId: row.app_id, enabled: row.enabled === 1 });
