// The one way the collector stores a batch of checked logs, whichever protocol brought them (the wire format's
// /log/batch, OTLP's /v1/logs): a step every log must go through at ingest belongs here, so that it applies to both.
import type { LogRecord } from '../protocol/records.types.ts';
import { redactLogs, redactorOf } from './ingest-redaction.ts';
import type { App, CollectorStore } from './store.types.ts';

/** Stores logs that passed the per-log checks (server/wire-validation.ts) in the session, redacted with the app's
 * rules (server/ingest-redaction.ts); how many were new. */
export function ingestLogs(store: CollectorStore, app: App, sessionId: number, logs: LogRecord[]): Promise<number> {
  return store.addLogs(app.key, sessionId, redactLogs(logs, redactorOf(app)));
}
