// The logging collector: the five operations of the wire format (design.md §5) under /sidelog/api.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { INVALID_APP_CODE, WIRE_PATHS, type WireAnswers, type WireOperation, type WireRequests } from '../protocol/wire.ts';
import type { App, Store } from './db.ts';
import type { Hangs } from './hangs.ts';
import { checkRequest } from './wire-validation.ts';

export const COLLECTOR_BASE = '/sidelog/api';
/** Larger bodies answer 413. A full batch of ordinary log lines is well under this. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

type Env = { Variables: { appKey?: string; recorded?: boolean } };

/** An operation's work once its body is checked and its app is known: the answer, or a status and reason. */
type Handle<Op extends WireOperation> = (
  request: WireRequests[Op],
  app: App,
) => WireAnswers[Op] | { status: 400 | 401; error: string };

/** The app key a body names, for requests that come without X-App-Token. */
const bodyAppKey: { [Op in WireOperation]: (body: Record<string, any>) => unknown } = {
  getDeviceStatus: (body) => body.app_token,
  sendSession: (body) => body.app_version?.app?.key,
  sendIssue: (body) => body.app?.key,
  sendLogs: () => undefined,
  setDeviceKey: (body) => body.app_key,
};

/** The parsed body; `undefined` when it is not JSON. Any content type is read, so sendBeacon-style bodies work. */
async function parseBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}

async function appKeyOf(c: Context<Env>, op: WireOperation): Promise<string | undefined> {
  const header = c.req.header('X-App-Token');
  if (header) return header;
  const body = await parseBody(c);
  const key = typeof body === 'object' && body !== null ? bodyAppKey[op](body) : undefined;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

export interface CollectorOptions {
  /** Whether the admin API may make this app's requests fail (for tests). */
  faults: boolean;
  hangs: Hangs;
}

export function createCollector(store: Store, options: CollectorOptions): Hono<Env> {
  const collector = new Hono<Env>();
  collector.use(
    `${COLLECTOR_BASE}/*`,
    cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Content-Type', 'X-App-Token', 'X-User-Agent'], maxAge: 600 }),
  );

  /** Records every request of the operation, whatever its answer, under the app key it named. */
  const record =
    (op: WireOperation): MiddlewareHandler<Env> =>
    async (c, next) => {
      await next();
      if (!c.var.recorded) store.recordRequest(c.var.appKey ?? c.req.header('X-App-Token') ?? '', op, c.res.status);
    };

  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `body larger than ${MAX_BODY_BYTES} bytes` }, 413) });

  /** Fails the request as the admin API asked, before anything is stored. */
  const fault =
    (op: WireOperation): MiddlewareHandler<Env> =>
    async (c, next) => {
      const appKey = await appKeyOf(c, op);
      const mode = appKey ? store.fault(appKey, op) : 'none';
      c.set('appKey', appKey);
      switch (mode) {
        case 'none':
          return next();
        case 'error-500':
          return c.json({ error: 'injected fault' }, 500);
        // A refusal of the body itself, as a validating collector or a proxy's size limit would answer it.
        case 'error-400':
          return c.json({ error: 'injected fault: body refused' }, 400);
        case 'error-413':
          return c.json({ error: 'injected fault: body too large' }, 413);
        case 'non-json':
          return c.html('<html><body>Service temporarily unavailable</body></html>', 200);
        case 'hang':
          // Recorded now: the answer never comes.
          store.recordRequest(appKey!, op, 0);
          c.set('recorded', true);
          await options.hangs.wait(c.req.raw.signal);
          return c.body(null, 503);
      }
    };

  function operation<Op extends WireOperation>(op: Op, handle: Handle<Op>) {
    const path = `${COLLECTOR_BASE}${WIRE_PATHS[op]}`;
    collector.use(path, record(op), limit);
    if (options.faults) collector.use(path, fault(op));
    collector.post(path, async (c) => {
      const body = await parseBody(c);
      if (body === undefined) return c.json({ error: 'malformed JSON' }, 400);
      const checked = checkRequest(op, body);
      if (!checked.ok) return c.json({ error: checked.reason }, 400);
      const appKey = await appKeyOf(c, op);
      c.set('appKey', appKey);
      const app = appKey === undefined ? undefined : store.app(appKey);
      if (!app) {
        // Device status is how Sidelog learns that its key is invalid (design.md §5).
        if (op === 'getDeviceStatus') return c.json({ error: { code: INVALID_APP_CODE } });
        return c.json({ error: 'unknown app key' }, 401);
      }
      const answer = handle(checked.value, app);
      if ('status' in answer && 'error' in answer) return c.json({ error: answer.error }, answer.status);
      return c.json(answer);
    });
  }

  const unknownSession = { status: 400, error: 'unknown session_id' } as const;

  operation('getDeviceStatus', ({ device }, app) => {
    store.putDevice(app.key, device);
    return { logger_enabled: app.enabled };
  });
  operation('sendSession', (session, app) => ({ id: store.putSession(app.key, session) }));
  operation('sendIssue', (issue, app) => {
    if (!store.sessionById(app.key, issue.session_id)) return unknownSession;
    store.addIssue(app.key, issue);
    return {};
  });
  operation('sendLogs', ({ session_id, logs }, app) => {
    if (!store.sessionById(app.key, session_id)) return unknownSession;
    store.addLogs(app.key, session_id, logs);
    return {};
  });
  operation('setDeviceKey', ({ device_id, key, value }, app) => {
    store.setDeviceKey(app.key, device_id, key, value);
    return {};
  });

  return collector;
}
