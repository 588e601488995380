// Redaction at ingest (docs/privacy.md#on-the-service): the rule set an app was given through the admin API applies
// to every free-text field of every operation, before it is stored, with the very function the engine uses on the
// page (protocol/redact/). Ids (a device's udid, a session's uid, an issue's uid, the app key) and times are kept:
// they are how the rows find each other.
import type {
  DeviceData,
  DeviceInfo,
  DeviceKeyValue,
  LogRecord,
  SessionPayload,
} from '../../protocol/records.types.ts';
import { createRedactor, keepText, type Redact } from '../../protocol/redact/redactor.ts';
import type { WireOperation } from '../../protocol/wire.ts';
import { TEXT_COLUMNS } from '../stores/log-columns.ts';
import type { App } from '../stores/store.types.ts';
import type { CheckedRequests } from './wire-validation.ts';

/** Each app's rule set, compiled once; recompiled when the app's row holds another. The row is read on every
 * request, so a change takes effect on the next one. */
const compiled = new Map<string, { rules: string; redact: Redact }>();

/** The app's redaction function: `keepText` for an app without a rule set. */
export function redactorOf(app: App): Redact {
  if (!app.redact) {
    compiled.delete(app.key);
    return keepText;
  }
  const rules = JSON.stringify(app.redact);
  const cached = compiled.get(app.key);
  if (cached?.rules === rules) return cached.redact;
  const redact = createRedactor(app.redact);
  compiled.set(app.key, { rules, redact });
  return redact;
}

/** The texts a person logged (server/stores/log-columns.ts). */
const LOG_TEXTS = TEXT_COLUMNS as readonly TextField[];
type TextField = { [K in keyof LogRecord]-?: LogRecord[K] extends string | undefined ? K : never }[keyof LogRecord];

export function redactLogs(logs: LogRecord[], redact: Redact): LogRecord[] {
  if (redact === keepText) return logs;
  return logs.map((log) => {
    const redacted = { ...log };
    for (const field of LOG_TEXTS) if (redacted[field] !== undefined) redacted[field] = redact(redacted[field]);
    return redacted;
  });
}

/** A device key's value: a number a rule finds (a card number sent as one) becomes the text that replaces it, as on
 * the page (protocol/sanitise.ts). */
function redactKeyValue(value: DeviceKeyValue, redact: Redact): DeviceKeyValue {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'number') return value;
  const redacted = redact(String(value));
  return redacted === String(value) ? value : redacted;
}

/** Every string in a value of a session's or device's (which keep what a client sent beyond the known fields). */
function redactTexts<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactTexts(item, redact)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactTexts(item, redact)])) as T;
}

function redactDevice({ udid, key_values, ...texts }: DeviceInfo, redact: Redact): DeviceInfo {
  const keyValues: DeviceData = {};
  for (const [name, value] of Object.entries(key_values)) keyValues[redact(name)] = redactKeyValue(value, redact);
  return { ...redactTexts(texts, redact), udid, key_values: keyValues };
}

function redactSession(
  { session_uid, time, device, app_version, ...texts }: SessionPayload,
  redact: Redact,
): SessionPayload {
  return {
    ...redactTexts(texts, redact),
    session_uid,
    time,
    device: redactDevice(device, redact),
    // Absent when the client sent none (server/collector/wire-validation.ts); its app key is an id.
    ...(app_version && { app_version: { ...redactTexts(app_version, redact), app: app_version.app } }),
  };
}

type Redactions = { [Op in WireOperation]: (request: CheckedRequests[Op], redact: Redact) => CheckedRequests[Op] };

const REDACTIONS: Redactions = {
  getDeviceStatus: (request, redact) => ({ ...request, device: redactDevice(request.device, redact) }),
  sendSession: redactSession,
  sendIssue: (issue, redact) => ({
    ...issue,
    url: issue.url && redact(issue.url),
    title: redact(issue.title),
    text: redact(issue.text),
  }),
  // A batch's logs are redacted where every protocol's logs are stored (server/collector/log-ingest.ts).
  sendLogs: (batch) => batch,
  setDeviceKey: (request, redact) => ({
    ...request,
    key: redact(request.key),
    value: redactKeyValue(request.value, redact),
  }),
};

/** The operation's request with the app's rules applied to its free-text fields. */
export function redactRequest<Op extends WireOperation>(
  op: Op,
  request: CheckedRequests[Op],
  redact: Redact,
): CheckedRequests[Op] {
  if (redact === keepText) return request;
  return (REDACTIONS[op] as (request: CheckedRequests[Op], redact: Redact) => CheckedRequests[Op])(request, redact);
}
