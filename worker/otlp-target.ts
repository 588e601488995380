// OTLP/HTTP in its JSON encoding as an upload target: any OpenTelemetry backend's logs endpoint
// (docs/opentelemetry.md#sidelog-uploads-otlp). The one place that knows what OTLP's answers mean
// (docs/uploader.md#targets-and-outcomes). OTLP has no sessions, devices or issues of its own: registering a session
// and setting a device key are accepted here without a request (the session is each record's `session.id`, the
// device's keys are on each request's resource), and an issue is a record of its own.
import type { DeviceData, OtlpConfig } from '../protocol/index.ts';
// Not through protocol/index.ts: what only this target uses stays in its own chunk, which only an engine given
// `otlp` loads (docs/benchmarks.md#otlp-and-gzip).
import {
  otlpIssue,
  otlpLog,
  otlpRequest,
  otlpResource,
  type BrowserFacts,
  type OtlpLogRecord,
} from '../protocol/otlp-logs.ts';
import { ISSUE_LOG_TAG } from '../protocol/page-constants.ts';
import { createBodyEncoder, fetchEncoded } from './request-body.ts';
import { retryAfterOf } from './retry-after.ts';
import { KEEPALIVE_CHUNK_BYTES, REQUEST_TIMEOUT_MS } from './tuning.ts';
import type { Dropped, Outcome, RegisteredSession, UploadTarget } from './upload-target.types.ts';

export interface OtlpTargetDeps {
  otlp: OtlpConfig;
  browser: BrowserFacts;
  /** The device's keys as they stand now: read for each request. */
  deviceKeys: () => DeviceData;
  /** Requests that outlive the page (fetch keepalive): the flavour for mode C's send as the page is hidden. */
  keepalive?: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** OTLP's answer to data it cannot take (400), and a body too large (413), which a smaller batch gets past. Every
 * other failure leaves the data stored and is retried with back-off (OTLP's 429, 502, 503 and 504, honouring
 * Retry-After, but also the statuses OTLP would have a client drop its data for, such as 401, 403 and 404: they
 * are about the endpoint or its credentials, which a deploy mends, not about the data). */
const REFUSING_STATUSES = new Set([400, 413]);

/** The most of a reason kept: it goes into a log of its own (the refused-log marker). */
const REASON_CHARS = 200;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An answer's JSON body: undefined when empty, null when it is not JSON. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A failure's reason: the Status message the body carries (`{ code, message }`). */
async function reasonOf(response: Response): Promise<string> {
  const body = await bodyOf(response).catch(() => undefined);
  const message = isObject(body) && typeof body.message === 'string' ? body.message.slice(0, REASON_CHARS) : '';
  return message ? `${response.status}: ${message}` : String(response.status);
}

/** A 2xx answer: accepted, letting go the records it says it rejected (partial success; `rejectedLogRecords` is an
 * int64, so a string in JSON). A body that is neither empty nor JSON is not OTLP's (a captive portal's page, a
 * proxy's): nothing is taken as accepted on its word. */
async function acceptanceOf(response: Response): Promise<Outcome<{ dropped?: Dropped }>> {
  const body = await bodyOf(response);
  if (body === null || (body !== undefined && !isObject(body)))
    return { outcome: 'retry-later', reason: `OTLP export answered ${response.status} with something other than JSON` };
  const partial = isObject(body) && isObject(body.partialSuccess) ? body.partialSuccess : {};
  const count = Number(partial.rejectedLogRecords ?? 0);
  if (!(count > 0)) return { outcome: 'accepted' };
  const reason =
    typeof partial.errorMessage === 'string' && partial.errorMessage
      ? partial.errorMessage.slice(0, REASON_CHARS)
      : 'rejected';
  return { outcome: 'accepted', dropped: { count, reason } };
}

const encoder = new TextEncoder();

interface UserAgentData {
  brands?: { brand: string; version: string }[];
  platform?: string;
  mobile?: boolean;
}

/** The browser as the engine's navigator tells it (the semantic conventions' browser.*: from the client hints API
 * where the browser has it, left out where not). */
export function browserFacts(nav: WorkerNavigator = navigator): BrowserFacts {
  const hints = (nav as { userAgentData?: UserAgentData }).userAgentData;
  return {
    brands: hints?.brands?.map(({ brand, version }) => `${brand} ${version}`),
    platform: hints?.platform || undefined,
    mobile: hints?.mobile,
    userAgent: nav.userAgent,
  };
}

export function createOtlpTarget({
  otlp,
  browser,
  deviceKeys,
  keepalive = false,
  timeoutMs = REQUEST_TIMEOUT_MS,
  fetch: fetchImpl = (...args) => fetch(...args),
  now = Date.now,
}: OtlpTargetDeps): UploadTarget {
  const bodies = createBodyEncoder(otlp.compression);

  async function post(text: string): Promise<Outcome<{ dropped?: Dropped }>> {
    let response: Response;
    try {
      response = await fetchEncoded(fetchImpl, bodies, otlp.url, text, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...otlp.headers },
        signal: AbortSignal.timeout(timeoutMs),
        keepalive,
      });
      if (response.ok) return await acceptanceOf(response);
    } catch (error) {
      return { outcome: 'retry-later', reason: `OTLP export failed: ${messageOf(error)}` };
    }
    const reason = await reasonOf(response);
    if (REFUSING_STATUSES.has(response.status)) return { outcome: 'refused', reason };
    const afterMs = retryAfterOf(response);
    return {
      outcome: 'retry-later',
      reason: `OTLP export answered ${reason}`,
      ...(afterMs !== undefined && { afterMs }),
    };
  }

  /** One request of the session's records; a keepalive one over its cap goes in halves, one after the other (what
   * the keepalive send does with a batch is only to delete it once accepted, so the first half's dropped count
   * goes unsaid). */
  async function send(session: RegisteredSession, records: OtlpLogRecord[]): Promise<Outcome<{ dropped?: Dropped }>> {
    const resource = otlpResource(session.payload, otlp.serviceName, browser, deviceKeys());
    const text = JSON.stringify(otlpRequest(resource, session.payload.sdk_version, records));
    if (keepalive && records.length > 1 && encoder.encode(text).length > KEEPALIVE_CHUNK_BYTES) {
      const half = Math.ceil(records.length / 2);
      const first = await send(session, records.slice(0, half));
      return first.outcome === 'accepted' ? send(session, records.slice(half)) : first;
    }
    return post(text);
  }

  return {
    registerSession: async () => ({ outcome: 'accepted', sessionId: 0 }),
    sendIssue: (session, issue) => send(session, [otlpIssue(issue, session.uuid, now())]),
    // An issue's own line is the wire format's mark of where it happened; in OTLP the issue is an event record of
    // its own (otlpIssue), so the line is not sent (docs/opentelemetry.md#sidelog-uploads-otlp).
    sendLogs: async (session, logs) => {
      const records = logs.filter((log) => log.tg !== ISSUE_LOG_TAG).map((log) => otlpLog(log, session.uuid));
      return records.length === 0 ? { outcome: 'accepted' } : send(session, records);
    },
    sendKey: async () => ({ outcome: 'accepted' }),
  };
}
