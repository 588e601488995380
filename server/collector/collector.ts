// The logging collector: the five operations of the wire format (docs/wire-format.md) under /sidelog/api, for any client of
// it (Sidelog, the unmodified @bugfender/sdk). A request goes: the app key from X-App-Token, checked before the body
// is read; the body, size-limited, inflated when gzip-encoded (server/http/request-body.ts) and parsed with a depth limit;
// the key from the body when no header named one; the body checked field by field (server/collector/wire-validation.ts); the
// operation. Logs are checked one at a time: one that cannot be stored is skipped and named in the answer, never the
// batch refused for it. Past a bound on the work it holds, a request is refused at once with 503 and Retry-After
// (server/collector/admission.ts). OTLP's /v1/logs is beside it, in server/collector/otlp/.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import {
  INVALID_APP_CODE,
  MAX_LOGS_PER_BATCH,
  UNKNOWN_SESSION_REASON,
  WIRE_PATHS,
  type WireOperation,
} from '../../protocol/wire.ts';
import { createAdmission, type Admission } from './admission.ts';
import type { App, AppStore, CollectorStore, SourceMapStore } from '../stores/store.types.ts';
import { parseJson } from '../http/json-body.ts';
import { limitBody } from '../http/body-limits.ts';
import { redactorOf, redactRequest } from './ingest-redaction.ts';
import { ingestLogs } from './log-ingest.ts';
import { groupText } from '../explorer/issue-grouping.ts';
import { resolvedFrameOf } from '../sourcemaps/group-frame.ts';
import { DEFAULT_MAX_INFLATED_BYTES, readBodyText } from '../http/request-body.ts';
import { checkRequest, type CheckedRequests, type SkippedLog } from './wire-validation.ts';
import { sessionGone } from '../http/errors.ts';

export const COLLECTOR_BASE = '/sidelog/api';
/**
 * Larger bodies answer 413. The largest batch the Bugfender SDK 2.4.0 can send is 500 logs of 32,000 bytes of text,
 * 256 of method and of file and 2,000 of URL: about 17 MB, and about 104 MB in the worst case where every one of
 * those bytes is a control character that JSON writes as `\u00XX`. Its crash text is capped at 5 MiB. Sidelog caps
 * a batch at 4 MB (UPLOAD_BATCH_MAX_BYTES). 128 MiB covers all of these, with room for tags, which it does not cap.
 */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;

type Env = { Variables: { appKey?: string; app?: App; skipped?: SkippedLog[]; heldLogs?: { count: number } } };

/** An operation's work once its body is checked and its app is known: the answer, or a status and reason. */
type Handle<Op extends WireOperation> = (
  request: CheckedRequests[Op],
  app: App,
  c: Context<Env>,
) => Promise<object | { status: 400 | 401; error: string }>;

/** The app key a body names, for requests that come without X-App-Token. */
const bodyAppKey: { [Op in WireOperation]: (body: Record<string, any>) => unknown } = {
  getDeviceStatus: (body) => body.app_token,
  sendSession: (body) => body.app_version?.app?.key,
  sendIssue: (body) => body.app?.key,
  sendLogs: () => undefined,
  setDeviceKey: (body) => body.app_key,
};

function keyInBody(op: WireOperation, body: unknown): string | undefined {
  const key = typeof body === 'object' && body !== null ? bodyAppKey[op](body) : undefined;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** The headers a page may send the collector: Content-Encoding for gzip bodies (server/http/request-body.ts). */
export const COLLECTOR_CORS = {
  origin: '*',
  allowMethods: ['POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Content-Encoding', 'X-App-Token', 'X-User-Agent'],
  maxAge: 600,
};

interface CollectorOptions {
  /** The largest body once inflated (SIDELOG_MAX_INFLATED_MB); default DEFAULT_MAX_INFLATED_BYTES. */
  maxInflatedBytes?: number;
  /** The back-pressure (server/collector/admission.ts), shared with OTLP's endpoint; one with the default bounds when not given. */
  admission?: Admission;
}

export function createCollector(
  store: AppStore & CollectorStore & SourceMapStore,
  options: CollectorOptions = {},
): Hono<Env> {
  const collector = new Hono<Env>();
  const maxInflatedBytes = options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  const admission = options.admission ?? createAdmission();
  collector.use('*', cors(COLLECTOR_CORS));

  /** Records every request of the operation, whatever its answer, under the app key it named, with what it skipped. */
  const record =
    (op: WireOperation): MiddlewareHandler<Env> =>
    async (c, next) => {
      await next();
      const skipped = c.var.skipped?.length ? c.var.skipped : undefined;
      await store.recordRequest(c.var.appKey ?? c.req.header('X-App-Token') ?? '', op, c.res.status, skipped);
    };

  const limit = limitBody(MAX_BODY_BYTES);

  /** The app's answer to an unknown key. Device status is how a client learns that its key is invalid (docs/wire-format.md). */
  const unknownApp = (c: Context<Env>, op: WireOperation) =>
    op === 'getDeviceStatus'
      ? c.json({ error: { code: INVALID_APP_CODE } })
      : c.json({ error: 'unknown app key' }, 401);

  /** A key in X-App-Token is checked before the body is read, so a stranger's body costs nothing to refuse. */
  const headerKey =
    (op: WireOperation): MiddlewareHandler<Env> =>
    async (c, next) => {
      const appKey = c.req.header('X-App-Token') || undefined;
      if (appKey === undefined) return next();
      c.set('appKey', appKey);
      const app = await store.app(appKey);
      if (!app) return unknownApp(c, op);
      // Kept for the operation, which would otherwise look it up again: on PostgreSQL a round trip a request.
      c.set('app', app);
      return next();
    };

  function operation<Op extends WireOperation>(op: Op, handle: Handle<Op>) {
    const path = WIRE_PATHS[op];
    // A batch counts as the most logs one may hold until its body is read, so that batches arriving together cannot
    // all pass before any is counted.
    collector.use(path, record(op), admission.admit(op === 'sendLogs' ? MAX_LOGS_PER_BATCH : 0), headerKey(op), limit);
    collector.post(path, async (c) => {
      // Any content type is read, so sendBeacon-style bodies work; gzip-encoded or not.
      const body = await readBodyText(c, maxInflatedBytes);
      if (!body.ok) return c.json({ error: body.error }, body.status);
      const parsed = parseJson(body.body);
      if (!parsed.ok) return c.json({ error: parsed.reason }, 400);
      let appKey = c.var.appKey;
      if (appKey === undefined) {
        appKey = keyInBody(op, parsed.value);
        if (appKey === undefined) return unknownApp(c, op);
        c.set('appKey', appKey);
      }
      const app = c.var.app ?? (await store.app(appKey));
      if (!app) return unknownApp(c, op);
      const checked = checkRequest(op, parsed.value);
      if (!checked.ok) return c.json({ error: checked.reason }, 400);
      if ('skipped' in checked.value) c.set('skipped', checked.value.skipped);
      // Every operation's free text is redacted with the app's rules before it is stored.
      const answer = await handle(redactRequest(op, checked.value, redactorOf(app)), app, c);
      if ('status' in answer && 'error' in answer) return c.json({ error: answer.error }, answer.status);
      return c.json(answer);
    });
  }

  const unknownSession = { status: 400, error: UNKNOWN_SESSION_REASON } as const;
  /** A write whose session was deleted after the check (its device erased meanwhile: docs/privacy.md#erasing-a-device)
   * is refused by the session's foreign key, and answered as any unknown session: the client registers it again. */
  const orUnknownSession = (error: unknown) => {
    if (sessionGone(error)) return unknownSession;
    throw error;
  };

  operation('getDeviceStatus', async ({ device }, app) => {
    await store.putDevice(app.key, device);
    return { logger_enabled: app.enabled };
  });
  operation('sendSession', async (session, app) => ({ id: await store.putSession(app.key, session) }));
  operation('sendIssue', async (issue, app) => {
    const session = await store.sessionById(app.key, issue.session_id);
    if (!session) return unknownSession;
    // A crash groups on its original frames where its release's map is uploaded (docs/source-maps.md#grouping).
    const resolved = issue.type === 'crash' ? await resolvedFrameOf(store, app.key, session, issue.text) : undefined;
    return store
      .addIssue(app.key, resolved ? { ...issue, resolved_frame: groupText(resolved) } : issue)
      .then(() => ({}), orUnknownSession);
  });
  operation('sendLogs', async ({ session_id, logs, skipped }, app, c) => {
    admission.holdLogs(c, logs.length);
    if (!(await store.sessionById(app.key, session_id))) return unknownSession;
    const gone = await ingestLogs(store, app, session_id, logs).then(() => undefined, orUnknownSession);
    if (gone) return gone;
    if (skipped.length === 0) return {};
    // 200 all the same: the client deletes the batch, as it should, since nothing in it could ever be stored.
    return { skipped };
  });
  operation('setDeviceKey', async ({ device_id, key, value }, app) => {
    await store.setDeviceKey(app.key, device_id, key, value);
    return {};
  });

  return collector;
}
