// The one way the collector stores a batch of checked logs, whichever protocol brought them (the wire format's
// /log/batch, OTLP's /v1/logs): a step every log must go through at ingest belongs here, so that it applies to both.
import { FIELD_CAPS } from '../../protocol/limits.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { capText } from '../../protocol/sanitise.ts';
import { redactLogs, redactorOf } from './ingest-redaction.ts';
import { wellFormed } from './wire-validation.ts';
import type { App, CollectorStore } from '../stores/store.types.ts';

/** Stores logs that passed the per-log checks (server/collector/wire-validation.ts) in the session, redacted with the app's
 * rules (server/collector/ingest-redaction.ts); how many were new. */
export function ingestLogs(store: CollectorStore, app: App, sessionId: number, logs: LogRecord[]): Promise<number> {
  return store.addLogs(app.key, sessionId, redactLogs(logs.map(capTag), redactorOf(app)));
}

/** A tag is a label that filters and facets group by, and a key of PostgreSQL's tag index, whose keys hold at most
 * about 2,700 bytes: cut at the page's own cap, with the ellipsis (docs/local-service.md#collector), and made
 * well-formed again where the cut split a surrogate pair. */
function capTag(log: LogRecord): LogRecord {
  if (log.tg === undefined || log.tg.length <= FIELD_CAPS.tag) return log;
  return { ...log, tg: wellFormed(capText(log.tg, FIELD_CAPS.tag)) };
}
