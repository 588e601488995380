// Checks of the collector's request bodies against the wire format (protocol/wire.ts). Each returns the typed
// body, or the reason it was refused; the collector answers the reason with 400.
import { isLogLevel, IssueType } from '../protocol/levels.ts';
import { UPLOAD_BATCH_SIZE } from '../protocol/limits.ts';
import type { DeviceInfo, LogRecord } from '../protocol/records.types.ts';
import type { DeviceKeyRequest, DeviceStatusRequest, IssueRequest, LogBatchRequest, SessionRequest, WireRequests } from '../protocol/wire.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Thrown inside a check; caught by `check` and turned into its reason. */
class Refused extends Error {}

type Fields = Record<string, unknown>;

function object(value: unknown, name: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused(`'${name}' must be an object`);
  return value as Fields;
}
function string(value: unknown, name: string, { empty = false } = {}): string {
  if (typeof value !== 'string' || (!empty && value === '')) throw new Refused(`'${name}' must be a ${empty ? '' : 'non-empty '}string`);
  return value;
}
function optional<T>(value: unknown, name: string, check: (value: unknown, name: string) => T): T | undefined {
  return value === undefined ? undefined : check(value, name);
}
function number(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Refused(`'${name}' must be a number`);
  return value;
}
function integer(value: unknown, name: string): number {
  if (!Number.isInteger(value)) throw new Refused(`'${name}' must be an integer`);
  return value as number;
}
const anyString = (value: unknown, name: string) => string(value, name, { empty: true });

function device(value: unknown, name: string): DeviceInfo {
  const fields = object(value, name);
  string(fields.udid, `${name}.udid`);
  if (fields.key_values !== undefined) object(fields.key_values, `${name}.key_values`);
  return fields as unknown as DeviceInfo;
}

function log(value: unknown, name: string): LogRecord {
  const fields = object(value, name);
  number(fields.at, `${name}.at`);
  string(fields.x, `${name}.x`);
  for (const field of ['t', 'm', 'tg', 'f', 'u'] as const) optional(fields[field], `${name}.${field}`, anyString);
  optional(fields.l, `${name}.l`, integer);
  if (fields.ll !== undefined && !isLogLevel(fields.ll)) throw new Refused(`'${name}.ll' must be a log level (0 to 5)`);
  return fields as unknown as LogRecord;
}

const CHECKS: { [Op in keyof WireRequests]: (body: Fields) => WireRequests[Op] } = {
  getDeviceStatus(body): DeviceStatusRequest {
    optional(body.app_token, 'app_token', anyString);
    device(body.device, 'device');
    return body as unknown as DeviceStatusRequest;
  },
  sendSession(body): SessionRequest {
    string(body.session_uid, 'session_uid');
    device(body.device, 'device');
    string(body.time, 'time');
    return body as unknown as SessionRequest;
  },
  sendIssue(body): IssueRequest {
    string(body.uid, 'uid');
    anyString(body.url, 'url');
    anyString(body.title, 'title');
    anyString(body.text, 'text');
    if (!(Object.values(IssueType) as unknown[]).includes(body.type)) throw new Refused(`'type' must be one of ${Object.values(IssueType).join(', ')}`);
    integer(body.session_id, 'session_id');
    return body as unknown as IssueRequest;
  },
  sendLogs(body): LogBatchRequest {
    integer(body.session_id, 'session_id');
    if (!Array.isArray(body.logs)) throw new Refused(`'logs' must be an array`);
    if (body.logs.length > UPLOAD_BATCH_SIZE) throw new Refused(`'logs' holds more than ${UPLOAD_BATCH_SIZE} records`);
    body.logs.forEach((entry, index) => log(entry, `logs[${index}]`));
    return body as unknown as LogBatchRequest;
  },
  setDeviceKey(body): DeviceKeyRequest {
    string(body.device_id, 'device_id');
    anyString(body.key, 'key');
    if (!('value' in body)) throw new Refused(`'value' is missing`);
    const { value } = body;
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      throw new Refused(`'value' must be a string, number, boolean or null`);
    }
    return body as unknown as DeviceKeyRequest;
  },
};

/** Checks a parsed JSON body as the request of `op`. */
export function checkRequest<Op extends keyof WireRequests>(op: Op, body: unknown): Checked<WireRequests[Op]> {
  try {
    return { ok: true, value: CHECKS[op](object(body, 'body')) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
}
