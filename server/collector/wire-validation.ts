// Checks of the collector's request bodies against the wire format (protocol/wire.ts), for any client of it: Sidelog,
// the unmodified Bugfender SDK, or anything else. Each returns the body as it will be stored, every field of a known
// type, or the reason it was refused (the collector answers 400). What is stored can always be displayed: strings are
// well-formed, numbers finite, and a field whose meaning is clear is coerced instead of refused (see `coerceLog`).
import { IssueType, type LogLevel } from '../../protocol/levels.ts';
import { FIELD_CAPS } from '../../protocol/limits.ts';
import { capText } from '../../protocol/sanitise.ts';
import type { DeviceData, DeviceInfo, LogRecord } from '../../protocol/records.types.ts';
import { MAX_ID_LENGTH, MAX_LOGS_PER_BATCH } from '../../protocol/wire.ts';
import { columnsOfKind } from '../stores/log-columns.ts';
import type {
  DeviceKeyRequest,
  DeviceStatusRequest,
  IssueRequest,
  LogBatchRequest,
  SessionRequest,
  SkippedLog,
  WireRequests,
} from '../../protocol/wire.ts';

export type { SkippedLog };

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A log batch as stored: the logs that can be, and the ones skipped. */
interface CheckedLogBatch extends LogBatchRequest {
  skipped: SkippedLog[];
}
export type CheckedRequests = Omit<WireRequests, 'sendLogs'> & { sendLogs: CheckedLogBatch };

/** Thrown inside a check; caught by `checkRequest` and turned into its reason. */
class Refused extends Error {}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown, name: string): Fields {
  if (!isObject(value)) throw new Refused(`'${name}' must be an object`);
  return value;
}

/** ES2024's String.prototype.isWellFormed and toWellFormed, which Node 20 has and the ES2023 library does not name. */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/** `text` with each lone surrogate replaced by U+FFFD. Every string of every batch passes here: the check alone,
 * without a copy, for the text that needs none. */
export function wellFormed(text: string): string {
  const es2024 = text as Es2024String;
  return es2024.isWellFormed() ? text : es2024.toWellFormed();
}

/** Any JSON value as text that can be shown, or undefined for null and absent. Lone surrogates become U+FFFD, so
 * what is stored reads back the same (SQLite stores UTF-8) and an id in a URL finds its row. */
export function displayText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return wellFormed(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return wellFormed(JSON.stringify(value));
}

/** An id: a non-empty string, well-formed. */
function id(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new Refused(`'${name}' must be a non-empty string`);
  if (value.length > MAX_ID_LENGTH) throw new Refused(`'${name}' must be at most ${MAX_ID_LENGTH} characters`);
  return wellFormed(value);
}
function integer(value: unknown, name: string): number {
  if (!Number.isSafeInteger(value)) throw new Refused(`'${name}' must be an integer`);
  return value as number;
}

/** JSON.parse reads 1e400 as Infinity, which JSON.stringify would store as null: refused wherever a body is kept
 * as JSON, naming the first such field. */
function finiteThroughout(value: unknown, name: string): void {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Refused(`'${name}' must be a finite number`);
  if (Array.isArray(value)) value.forEach((item, index) => finiteThroughout(item, `${name}[${index}]`));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) finiteThroughout(item, `${name}.${key}`);
}

/** A copy of `value` with every string in it, object keys included, well-formed: the fields of a session or device
 * that are kept as sent still read back as JSON (PostgreSQL's json refuses the escape of a lone surrogate). */
function wellFormedThroughout(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(wellFormedThroughout);
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormedThroughout(item)]),
    );
  return value;
}

/** Sets `fields[key]` to its display text, or removes it when it has none. */
function asText(fields: Fields, key: string): void {
  const text = displayText(fields[key]);
  if (text === undefined) delete fields[key];
  else fields[key] = text;
}

/** A device key's name, cut at the page's own cap (protocol/limits.ts FIELD_CAPS): a name is part of PostgreSQL's
 * keys for device keys, which hold at most about 2,700 bytes (docs/local-service.md#collector). Made well-formed after
 * the cut, which can split a surrogate pair. */
const keyName = (key: string) => wellFormed(capText(key, FIELD_CAPS.deviceKeyName));

/** Device keys as values a device page can show: objects become their JSON, null and non-finite numbers go. */
function keyValues(value: unknown): DeviceData {
  if (!isObject(value)) return {};
  const values: DeviceData = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item))) values[keyName(key)] = item;
    else if (item !== null && typeof item !== 'number') values[keyName(key)] = displayText(item)!;
  }
  return values;
}

/** The text fields of a device. Bugfender's SDK sends `os` and `device_type` (the browser's name), and its own
 * numbers as strings; Sidelog sends `os_version`. Other fields are kept as sent. */
const DEVICE_TEXTS = [
  'name',
  'device_type',
  'language',
  'os',
  'os_version',
  'sdk_type',
  'sdk_version',
  'build',
  'version',
];

function device(value: unknown, name: string): DeviceInfo {
  const fields = wellFormedThroughout(object(value, name)) as Fields;
  finiteThroughout(fields, name);
  fields.udid = id(fields.udid, `${name}.udid`);
  for (const key of DEVICE_TEXTS) asText(fields, key);
  fields.key_values = keyValues(fields.key_values);
  return fields as unknown as DeviceInfo;
}

// ---- Logs, one at a time ----

/** Text fields of a log: anything is shown as its text (objects as JSON); null means absent. */
const LOG_TEXTS = columnsOfKind('text');
/** Integer fields of a log (its line, …): rounded. */
const LOG_INTEGERS = columnsOfKind('integer');

function finiteNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** The furthest a JavaScript Date reaches either side of 1970, in milliseconds: a later `at` is no time a page can
 * show (the explorer writes each log's time as a date). */
const MAX_DATE_MS = 8.64e15;
const showableTime = (ms: number | undefined) => (ms !== undefined && Math.abs(ms) <= MAX_DATE_MS ? ms : undefined);

/** The time an ISO `x` names, when it names one. */
function timeOfX(x: unknown): number | undefined {
  const ms = typeof x === 'string' ? Date.parse(x) : NaN;
  return showableTime(Number.isFinite(ms) ? ms : undefined);
}

/**
 * One log as it can be stored, or why it cannot. The coercion table:
 * - not an object: skipped;
 * - `at`: a number, or a string of one, within the dates JavaScript knows (±8.64e15 ms); else the time `x` names;
 *   else the log is skipped;
 * - `x`: a string; else the ISO time of `at`;
 * - `t`, `m`, `tg`, `f`, `u` (a `text` column of server/stores/log-columns.ts): strings as sent; numbers and booleans as their text, objects and arrays as JSON;
 *   null dropped;
 * - `l` (an `integer` column): rounded to an integer (a numeric string too); null (NaN on the wire), other types and numbers past 2^53 dropped;
 * - `ll`: an integer 0 to 5 (rounded); anything else dropped, the log stays without a level;
 * - other fields are not stored.
 */
export function coerceLog(value: unknown): { ok: true; log: LogRecord } | { ok: false; reason: string } {
  if (!isObject(value)) return { ok: false, reason: 'not an object' };
  // `x` is parsed only for a log without a usable `at` (a Date.parse a log was a tenth of checking a batch).
  const at = showableTime(finiteNumber(value.at)) ?? timeOfX(value.x);
  if (at === undefined)
    return { ok: false, reason: `'at' must be a time in milliseconds (a number within ±${MAX_DATE_MS})` };
  const log: Record<string, unknown> = {
    x: typeof value.x === 'string' ? wellFormed(value.x) : new Date(at).toISOString(),
    at,
  };
  for (const key of LOG_TEXTS) {
    const text = displayText(value[key]);
    if (text !== undefined) log[key] = text;
  }
  for (const key of LOG_INTEGERS) {
    const number = finiteNumber(value[key]);
    if (number !== undefined && Number.isSafeInteger(Math.round(number))) log[key] = Math.round(number);
  }
  const level = finiteNumber(value.ll);
  if (level !== undefined && Math.round(level) >= 0 && Math.round(level) <= 5) log.ll = Math.round(level) as LogLevel;
  return { ok: true, log: log as unknown as LogRecord };
}

// ---- The five operations ----

const CHECKS: { [Op in keyof CheckedRequests]: (body: Fields) => CheckedRequests[Op] } = {
  getDeviceStatus(body): DeviceStatusRequest {
    return { ...body, app_token: displayText(body.app_token) ?? '', device: device(body.device, 'device') };
  },
  sendSession(body): SessionRequest {
    const session = wellFormedThroughout(body) as Fields;
    finiteThroughout(session, 'body');
    session.session_uid = id(body.session_uid, 'session_uid');
    session.device = device(body.device, 'device');
    if (typeof body.time !== 'string') throw new Refused(`'time' must be a string`);
    session.time = wellFormed(body.time);
    // Bugfender's SDK sends sdk_version as a number (20251107); shown as text either way.
    for (const key of ['language', 'sdk_type', 'sdk_version']) asText(session, key);
    if (isObject(session.app_version)) {
      const version = session.app_version;
      for (const key of ['version', 'build']) asText(version, key);
      if (isObject(version.app)) version.app = { ...version.app, key: displayText(version.app.key) ?? '' };
      session.app_version = version;
    } else {
      delete session.app_version;
    }
    return session as unknown as SessionRequest;
  },
  sendIssue(body): IssueRequest {
    if (!(Object.values(IssueType) as unknown[]).includes(body.type))
      throw new Refused(`'type' must be one of ${Object.values(IssueType).join(', ')}`);
    return {
      uid: id(body.uid, 'uid'),
      // Bugfender's SDK sends no url: the issue's page is known from its app and uid.
      url: displayText(body.url) ?? '',
      title: displayText(body.title) ?? '',
      text: displayText(body.text) ?? '',
      app: { key: isObject(body.app) ? (displayText(body.app.key) ?? '') : '' },
      type: body.type as IssueType,
      session_id: integer(body.session_id, 'session_id'),
    };
  },
  sendLogs(body): CheckedLogBatch {
    const session_id = integer(body.session_id, 'session_id');
    if (!Array.isArray(body.logs)) throw new Refused(`'logs' must be an array`);
    if (body.logs.length > MAX_LOGS_PER_BATCH)
      throw new Refused(`'logs' holds more than ${MAX_LOGS_PER_BATCH} records`);
    const logs: LogRecord[] = [];
    const skipped: SkippedLog[] = [];
    body.logs.forEach((entry, index) => {
      const coerced = coerceLog(entry);
      if (coerced.ok) logs.push(coerced.log);
      else skipped.push({ index, reason: coerced.reason });
    });
    return { session_id, logs, skipped };
  },
  setDeviceKey(body): DeviceKeyRequest {
    const text = displayText(body.key);
    if (text === undefined || isObject(body.key) || Array.isArray(body.key))
      throw new Refused(`'key' must be a string`);
    const key = keyName(text);
    if (!('value' in body)) throw new Refused(`'value' is missing`);
    const { value } = body;
    // Bugfender's SDK sends removeDeviceKey as the string "null" (its sanitiser stringifies null); Sidelog sends
    // null. Both remove the key, so a key cannot hold the text "null".
    if (value === null || value === 'null')
      return { app_key: displayText(body.app_key) ?? '', device_id: id(body.device_id, 'device_id'), key, value: null };
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Refused(`'value' must be a finite number`);
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw new Refused(`'value' must be a string, number, boolean or null`);
    return {
      app_key: displayText(body.app_key) ?? '',
      device_id: id(body.device_id, 'device_id'),
      key,
      value: typeof value === 'string' ? wellFormed(value) : (value as number | boolean),
    };
  },
};

/** Checks a parsed JSON body as the request of `op`. */
export function checkRequest<Op extends keyof CheckedRequests>(op: Op, body: unknown): Checked<CheckedRequests[Op]> {
  try {
    return { ok: true, value: CHECKS[op](object(body, 'body')) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
}
