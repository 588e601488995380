// Stored logs as an OTLP logs request, for the forwarder (docs/opentelemetry.md#the-collector-forwards): one resource
// per session, its records in id order; each field by the table of protocol/otlp-names.ts.
import type { App, ForwardLog, StoredSession } from '../../stores/store.types.ts';
import { RECORD_UID_ATTRIBUTE, SESSION_ATTRIBUTE, SEVERITIES } from '../../../protocol/otlp-names.ts';
import { OTLP_COLUMNS } from '../../stores/log-columns.ts';
import type { OtlpAnyValue, OtlpKeyValue, OtlpLogRecord, OtlpLogsRequest, OtlpResourceLogs } from './otlp.types.ts';

/** A JavaScript value as an AnyValue. */
function anyValue(value: unknown): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (typeof value === 'object' && value !== null)
    return { kvlistValue: { values: keyValues(value as Record<string, unknown>) } };
  return {};
}

function keyValues(fields: Record<string, unknown>): OtlpKeyValue[] {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => ({ key, value: anyValue(value) }));
}

/** Milliseconds (with a fraction down to microseconds) as OTLP's nanoseconds, exactly, as decimal text. */
const nanos = (ms: number) => String(BigInt(Math.round(ms * 1000)) * 1000n);

/** The session's resource: a session that came in over OTLP keeps the resource it came with; a wire client's gets
 * what its registration says. Either way it names the session and the device. */
function resourceOf(app: App, session: StoredSession | undefined): OtlpResourceLogs['resource'] {
  const payload = (session?.payload ?? {}) as unknown as Record<string, any>;
  const sent =
    typeof payload.resource === 'object' && payload.resource !== null
      ? (payload.resource as Record<string, unknown>)
      : undefined;
  const attrs: Record<string, unknown> = sent
    ? { ...sent }
    : {
        'service.name': `sidelog-${app.appId}`,
        'service.version': payload.app_version?.version,
        'browser.language': payload.language,
      };
  if (session) {
    attrs['device.id'] ??= session.udid;
    attrs[SESSION_ATTRIBUTE] ??= session.session_uid;
  }
  return { attributes: keyValues(attrs) };
}

function recordOf(app: App, log: ForwardLog): OtlpLogRecord {
  const record: OtlpLogRecord = { timeUnixNano: nanos(log.at) };
  if (log.ll !== undefined && log.ll in SEVERITIES) {
    const severity = SEVERITIES[log.ll];
    record.severityNumber = severity.number;
    record.severityText = severity.text;
  }
  if (log.t !== undefined) record.body = { stringValue: log.t };
  const attrs: Record<string, unknown> = {};
  for (const { name, otlp } of OTLP_COLUMNS) attrs[otlp[0]] = log[name];
  attrs[RECORD_UID_ATTRIBUTE] = `${app.appId}-${log.id}`;
  record.attributes = keyValues(attrs);
  return record;
}

/** The logs (in id order) of one app as one request: a resource per session, in the order of their first log. */
export function otlpRequestOf(app: App, logs: ForwardLog[], sessions: StoredSession[]): OtlpLogsRequest {
  const sessionsById = new Map(sessions.map((session) => [session.id, session]));
  const resources = new Map<number, OtlpLogRecord[]>();
  for (const log of logs) {
    let records = resources.get(log.session_id);
    if (!records) resources.set(log.session_id, (records = []));
    records.push(recordOf(app, log));
  }
  return {
    resourceLogs: [...resources].map(([sessionId, logRecords]) => ({
      resource: resourceOf(app, sessionsById.get(sessionId)),
      // No scope name: the collector reads a scope's name as the tag of records that have none.
      scopeLogs: [{ scope: {}, logRecords }],
    })),
  };
}
