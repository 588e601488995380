// OTLP/HTTP's logs endpoint, POST /v1/logs at the service's root (docs/opentelemetry.md#the-collector-takes-otlp):
// any OpenTelemetry exporter pointed at the service's address sends here. A request goes as the wire format's do: the
// app key from X-App-Token, checked before the body is read; the body, size-limited and inflated when gzip-encoded;
// decoded from JSON or protobuf; mapped to sessions and wire logs (server/collector/otlp/logs-from-otlp.ts), each checked as the
// wire's are (server/collector/wire-validation.ts) and stored through the same path (server/collector/log-ingest.ts). Answers follow
// OTLP/HTTP: 200 with partialSuccess naming the records refused alone, 400 for a malformed body, 401 for an unknown
// key, 413, 415, and 503 with Retry-After when the store cannot take the write or the collector holds as much work as
// it takes (server/collector/admission.ts, shared with the wire format's operations); protobuf for protobuf requests.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { limitBody } from '../../http/body-limits.ts';
import { cors } from 'hono/cors';
import type { DeviceData, LogRecord } from '../../../protocol/records.types.ts';
import { MAX_LOGS_PER_BATCH } from '../../../protocol/wire.ts';
import {
  BUSY_ERROR,
  createAdmission,
  RETRY_AFTER_SECONDS as ADMISSION_RETRY_AFTER_SECONDS,
  type Admission,
} from '../admission.ts';
import { COLLECTOR_CORS, MAX_BODY_BYTES } from '../collector.ts';
import { storageFault } from '../../http/errors.ts';
import { parseJson } from '../../http/json-body.ts';
import { redactorOf, redactRequest } from '../ingest-redaction.ts';
import { ingestLogs } from '../log-ingest.ts';
import { DEFAULT_MAX_INFLATED_BYTES, readBodyBytes } from '../../http/request-body.ts';
import type { App, AppStore, CollectedReads, CollectorStore } from '../../stores/store.types.ts';
import { checkRequest, coerceLog, type SkippedLog } from '../wire-validation.ts';
import { logsFromOtlp, type SessionGroup } from './logs-from-otlp.ts';
import { decodeLogsRequest, encodeLogsResponse, encodeStatus } from './otlp-proto.ts';
import { jsonRecordCount, MAX_OTLP_RECORDS, protobufRecordCount } from './otlp-record-count.ts';
import { OTLP_CONTENT_TYPES, type OtlpEncoding, type OtlpLogsResponse } from './otlp.types.ts';

/** What storing OTLP takes of a store: the collector's writes, and a device's keys to compare with. */
type OtlpStore = CollectorStore & Pick<CollectedReads, 'deviceKeys'>;

const OTLP_LOGS_PATH = '/v1/logs';

/** google.rpc.Code values for the Status bodies of refusals. */
const CODE = { invalidArgument: 3, resourceExhausted: 8, unavailable: 14, unauthenticated: 16 } as const;
/** Seconds a client is asked to wait when the store cannot take a write. */
const RETRY_AFTER_SECONDS = 5;
/** OTLP/JSON spends three levels of JSON on each level of a value (`{"arrayValue": {"values": [`): room for
 * MAX_VALUE_DEPTH levels of values below a record's own seven. */
const MAX_OTLP_JSON_DEPTH = 64;
/** What a request of more than MAX_OTLP_RECORDS records is answered (413, which exporters do not retry). */
const TOO_MANY_RECORDS = `the request holds more than ${MAX_OTLP_RECORDS.toLocaleString('en')} log records: send them in smaller requests`;
/** How many rejected records the partialSuccess message names before it only counts them. */
const NAMED_REJECTIONS = 10;

type Env = { Variables: { app?: App; encoding?: OtlpEncoding; skipped?: SkippedLog[]; heldLogs?: { count: number } } };

interface OtlpLogsOptions {
  maxInflatedBytes?: number;
  /** The collector's back-pressure (server/collector/admission.ts); one with the default bounds when not given. */
  admission?: Admission;
}

function encodingOf(contentType: string | undefined): OtlpEncoding | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === OTLP_CONTENT_TYPES.json) return 'json';
  if (type === OTLP_CONTENT_TYPES.protobuf) return 'protobuf';
  return undefined;
}

/** An OTLP answer in the request's encoding (JSON when it has none we know). */
function answer(
  c: Context<Env>,
  status: 200 | 400 | 401 | 413 | 415 | 503,
  body: OtlpLogsResponse | { code: number; message: string },
): Response {
  const encoding = c.var.encoding ?? 'json';
  if (encoding === 'json') return c.json(body, status);
  const bytes =
    status === 200
      ? encodeLogsResponse(body as OtlpLogsResponse)
      : encodeStatus(body as { code: number; message: string });
  return c.body(bytes as Uint8Array<ArrayBuffer>, status, { 'Content-Type': OTLP_CONTENT_TYPES.protobuf });
}

const refusal = (c: Context<Env>, status: 400 | 401 | 413 | 415 | 503, message: string) =>
  answer(c, status, {
    code:
      status === 401
        ? CODE.unauthenticated
        : status === 503
          ? CODE.unavailable
          : status === 413
            ? CODE.resourceExhausted
            : CODE.invalidArgument,
    message,
  });

function partialSuccess(rejected: SkippedLog[]): OtlpLogsResponse {
  if (rejected.length === 0) return {};
  const named = rejected.slice(0, NAMED_REJECTIONS).map(({ index, reason }) => `record ${index}: ${reason}`);
  if (rejected.length > NAMED_REJECTIONS) named.push(`and ${rejected.length - NAMED_REJECTIONS} more`);
  return { partialSuccess: { rejectedLogRecords: rejected.length, errorMessage: named.join('; ') } };
}

export function createOtlpLogsEndpoint(store: AppStore & OtlpStore, options: OtlpLogsOptions = {}): Hono<Env> {
  const endpoint = new Hono<Env>();
  const maxInflatedBytes = options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  const admission = options.admission ?? createAdmission();
  endpoint.use(OTLP_LOGS_PATH, cors(COLLECTOR_CORS));

  /** Recorded in `requests` like the wire's operations, with the records it rejected. */
  const record: MiddlewareHandler<Env> = async (c, next) => {
    await next();
    const skipped = c.var.skipped?.length ? c.var.skipped : undefined;
    await store.recordRequest(c.var.app?.key ?? c.req.header('X-App-Token') ?? '', 'otlpLogs', c.res.status, skipped);
  };

  /** The content type, then the key, before the body is read: a stranger's body costs nothing to refuse. */
  const check: MiddlewareHandler<Env> = async (c, next) => {
    const encoding = encodingOf(c.req.header('Content-Type'));
    if (!encoding)
      return refusal(c, 415, `Content-Type must be ${OTLP_CONTENT_TYPES.json} or ${OTLP_CONTENT_TYPES.protobuf}`);
    c.set('encoding', encoding);
    const key = c.req.header('X-App-Token');
    const app = key ? await store.app(key) : undefined;
    if (!app)
      return refusal(c, 401, key ? 'unknown app key (X-App-Token)' : 'the app key is missing: send it as X-App-Token');
    c.set('app', app);
    return next();
  };

  const limit = limitBody(MAX_BODY_BYTES, (c, message) => refusal(c as Context<Env>, 413, message));

  // Admitted as a wire batch (what exporters send is about that size), then held by its records once they are counted:
  // a request decodes and holds them all until it is answered.
  const busy = (c: Context) => refusal(c as Context<Env>, 503, BUSY_ERROR);
  const admit = admission.admit(MAX_LOGS_PER_BATCH, busy);

  endpoint.post(OTLP_LOGS_PATH, record, check, admit, limit, async (c) => {
    const app = c.var.app!;
    const read = await readBodyBytes(c, maxInflatedBytes);
    if (!read.ok) return refusal(c, read.status, read.error);
    const body = c.var.encoding === 'json' ? new TextDecoder().decode(read.body) : read.body;
    // Counted before decoding: a request of millions is refused having cost a scan, not an object per record.
    const counted = typeof body === 'string' ? jsonRecordCount(body) : protobufRecordCount(body);
    if (counted > MAX_OTLP_RECORDS) return refusal(c, 413, TOO_MANY_RECORDS);
    const decoded = decode(body);
    if (!decoded.ok) return refusal(c, 400, decoded.reason);
    const mapped = logsFromOtlp(decoded.value, app.key);
    if (!mapped.ok) return refusal(c, 400, mapped.reason);
    // The decoded count is exact (the scan does not count a record that is not an object, nor a key with escapes).
    if (mapped.value.total > MAX_OTLP_RECORDS) return refusal(c, 413, TOO_MANY_RECORDS);
    if (!admission.holdLogs(c, mapped.value.total)) {
      c.header('Retry-After', String(ADMISSION_RETRY_AFTER_SECONDS));
      return busy(c);
    }
    const rejected = [...mapped.value.rejected];
    try {
      for (const group of mapped.value.groups) rejected.push(...(await storeGroup(store, app, group)));
    } catch (error) {
      // OTLP clients retry 503 (and 429), not 507: a full disk is worth a retry too, once retention frees space.
      const fault = storageFault(error);
      if (!fault) throw error;
      console.error(`POST ${OTLP_LOGS_PATH}: ${fault.status} ${(error as Error).message}`);
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return refusal(c, 503, fault.error);
    }
    rejected.sort((a, b) => a.index - b.index);
    c.set('skipped', rejected);
    return answer(c, 200, partialSuccess(rejected));
  });

  return endpoint;
}

/** The request from its JSON text or its protobuf bytes. */
function decode(body: string | Uint8Array): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (typeof body === 'string') {
    const parsed = parseJson(body, MAX_OTLP_JSON_DEPTH);
    return parsed.ok ? parsed : { ok: false, reason: parsed.reason };
  }
  try {
    return { ok: true, value: decodeLogsRequest(body) };
  } catch {
    // Not protobuf, or nested past the decoder's stack.
    return { ok: false, reason: 'malformed protobuf: not an ExportLogsServiceRequest' };
  }
}

/** Makes the device's stored keys those of `keys`: only what changed is written, so a request that changes nothing
 * writes nothing (docs/opentelemetry.md#device-keys-read-back). */
async function syncDeviceKeys(store: OtlpStore, app: App, udid: string, keys: DeviceData): Promise<void> {
  const stored = new Map((await store.deviceKeys(app.key, udid)).map(({ key, value }) => [key, value]));
  for (const [key, value] of Object.entries(keys))
    if (stored.get(key) !== value) await store.setDeviceKey(app.key, udid, key, value);
  for (const key of stored.keys()) if (!(key in keys)) await store.setDeviceKey(app.key, udid, key, null);
}

/** Registers the group's session and stores its logs, checked one by one as the wire's are; what it rejected. */
async function storeGroup(store: OtlpStore, app: App, group: SessionGroup): Promise<SkippedLog[]> {
  const rejected: SkippedLog[] = [];
  const session = checkRequest('sendSession', group.session);
  if (!session.ok) return group.logs.map(({ index }) => ({ index, reason: `its session: ${session.reason}` }));
  // Redacted with the app's rules before it is stored, its device's keys with it (server/collector/ingest-redaction.ts).
  const redacted = redactRequest('sendSession', session.value, redactorOf(app));
  const sessionId = await store.putSession(app.key, redacted);
  if (group.keysWhole) await syncDeviceKeys(store, app, redacted.device.udid, redacted.device.key_values);
  let batch: LogRecord[] = [];
  for (const { index, log } of group.logs) {
    const coerced = coerceLog(log);
    if (!coerced.ok) rejected.push({ index, reason: coerced.reason });
    else batch.push(coerced.log);
    // Batches of the wire's size: each is one write, as a wire client's would be.
    if (batch.length === MAX_LOGS_PER_BATCH) {
      await ingestLogs(store, app, sessionId, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await ingestLogs(store, app, sessionId, batch);
  return rejected;
}
