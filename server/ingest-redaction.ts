// Redaction at ingest (docs/privacy.md#on-the-service): the rule set an app was given through the admin API applies
// to every free-text field of every operation, before it is stored, with the very function the engine uses on the
// page (protocol/redact/). Ids (a device's udid, a session's uid, an issue's uid, the app key) and times are kept:
// they are how the rows find each other.
import type { DeviceData, DeviceInfo, DeviceKeyValue, LogRecord } from '../protocol/records.types.ts';
import { createRedactor, keepText, type Redact } from '../protocol/redact/redactor.ts';
import type { WireOperation } from '../protocol/wire.ts';
import type { App } from './store.types.ts';
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

const LOG_TEXTS = ['t', 'tg', 'm', 'f', 'u'] as const;

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

/** Every string in a session's or device's fields (which keep what a client sent beyond the known ones), but the
 * members named in `kept`. */
function redactTexts(value: unknown, redact: Redact, kept: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactTexts(item, redact, kept));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, kept.has(name) ? item : redactTexts(item, redact, kept)]));
}

const DEVICE_IDS = new Set(['udid', 'key_values']);
const SESSION_IDS = new Set(['session_uid', 'time', 'device', 'key']);

function redactDevice(device: DeviceInfo, redact: Redact): DeviceInfo {
  const keyValues: DeviceData = {};
  for (const [name, value] of Object.entries(device.key_values)) keyValues[redact(name)] = redactKeyValue(value, redact);
  return { ...(redactTexts(device, redact, DEVICE_IDS) as DeviceInfo), key_values: keyValues };
}

type Redactions = { [Op in WireOperation]: (request: CheckedRequests[Op], redact: Redact) => CheckedRequests[Op] };

const REDACTIONS: Redactions = {
  getDeviceStatus: (request, redact) => ({ ...request, device: redactDevice(request.device, redact) }),
  sendSession: (session, redact) => ({
    ...(redactTexts(session, redact, SESSION_IDS) as typeof session),
    device: redactDevice(session.device, redact),
  }),
  sendIssue: (issue, redact) => ({ ...issue, url: issue.url && redact(issue.url), title: redact(issue.title), text: redact(issue.text) }),
  // A batch's logs are redacted where every protocol's logs are stored (server/log-ingest.ts).
  sendLogs: (batch) => batch,
  setDeviceKey: (request, redact) => ({ ...request, key: redact(request.key), value: redactKeyValue(request.value, redact) }),
};

/** The operation's request with the app's rules applied to its free-text fields. */
export function redactRequest<Op extends WireOperation>(op: Op, request: CheckedRequests[Op], redact: Redact): CheckedRequests[Op] {
  if (redact === keepText) return request;
  return (REDACTIONS[op] as (request: CheckedRequests[Op], redact: Redact) => CheckedRequests[Op])(request, redact);
}
