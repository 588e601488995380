// The forwarder (docs/opentelemetry.md#the-collector-forwards): exports what the collector stored to OTLP/HTTP
// endpoints, SIDELOG_FORWARD_OTLP for every app and an app's own endpoint where the admin API set one. Each app has a
// cursor in the database, the highest log id its endpoint acknowledged; the forwarder reads the logs after it a page
// at a time in id order, sends the page, and moves the cursor once the endpoint answers 2xx: at least once, in order
// per session, resuming after a restart where it stopped. One request is in flight at a time, each step is one page
// (a bounded read and encoding between turns of the event loop), an endpoint that fails is left alone for a back-off
// that doubles, and of several processes only the one holding the lease (a row, renewed each step) forwards.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { App, AppStore, ForwardStore } from '../../stores/store.types.ts';
import { sendLogs, type ForwardEndpoint } from './forward-client.ts';
import { encodeWithin, MAX_REQUEST_BYTES } from './forward-encoding.ts';
import { otlpRequestOf } from './otlp-from-logs.ts';
import type { OtlpEncoding } from './otlp.types.ts';

/** The service-wide setting: SIDELOG_FORWARD_OTLP and its companions. */
export interface ForwardSettings {
  url?: string;
  headers?: Record<string, string>;
  encoding?: OtlpEncoding;
}

export interface ForwarderOptions extends ForwardSettings {
  /** Logs per request: the wire format's batch. */
  pageSize?: number;
  /** The wait when there is nothing to forward. */
  idleMs?: number;
  /** The first wait after a failed request, doubling up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long the lease lasts unless renewed; longer than a request may take. */
  leaseMs?: number;
  timeoutMs?: number;
  /** The largest request body: a page over it is split, a log over it alone refused. */
  maxRequestBytes?: number;
  fetch?: typeof fetch;
}

const FORWARD_DEFAULTS = {
  pageSize: 500,
  idleMs: 1_000,
  firstBackoffMs: 1_000,
  maxBackoffMs: 5 * 60_000,
  leaseMs: 60_000,
  timeoutMs: 30_000,
  maxRequestBytes: MAX_REQUEST_BYTES,
};
/** Logs refused alone in a row that are passed as bad data; the next one refused alone shows the endpoint refuses
 * everything (a wrong format, a revoked key answered 400), and is kept: the engine's rule for its markers refused in
 * turn (docs/uploader.md#refused-batches), with a count where the engine has a marker to try. */
const REFUSED_IN_A_ROW = 3;
/** The most log ids one step reads past a cursor: an app whose logs are rare among others' costs a bounded scan. */
const SCAN_WINDOW = 20_000;

export interface Forwarder {
  stop(): Promise<void>;
}

/** The endpoint each app forwards to: its own, else the service's; apps with neither are not forwarded. */
export async function forwardEndpoints(
  store: ForwardStore & AppStore,
  settings: ForwardSettings,
): Promise<{ app: App; endpoint: ForwardEndpoint; own: boolean }[]> {
  const [apps, targets] = await Promise.all([store.apps(), store.forwardTargets()]);
  const own = new Map(targets.map((target) => [target.appKey, target]));
  const encoding = settings.encoding ?? 'json';
  return apps.flatMap((app): { app: App; endpoint: ForwardEndpoint; own: boolean }[] => {
    const target = own.get(app.key);
    if (target) return [{ app, endpoint: { url: target.url, headers: target.headers, encoding }, own: true }];
    if (settings.url)
      return [{ app, endpoint: { url: settings.url, headers: settings.headers ?? {}, encoding }, own: false }];
    return [];
  });
}

/** What the forwarder keeps between its steps, and what each step reads. */
interface Forwarding {
  store: ForwardStore & AppStore;
  settings: typeof FORWARD_DEFAULTS & ForwarderOptions;
  signal: AbortSignal;
  /** Apps whose endpoint failed: not before `until`, and the wait that got them there. */
  waits: Map<string, { until: number; ms: number }>;
  /** Apps whose endpoint refused a page for what it held: smaller pages until one is taken. */
  pageSizes: Map<string, number>;
  /** Apps' logs refused alone in a row, since the endpoint last took a page. */
  refusedInARow: Map<string, number>;
}

/** One page of one app: read, sent, the cursor moved. Whether the app can go on at once. */
async function step(
  forwarding: Forwarding,
  app: App,
  endpoint: ForwardEndpoint,
  cursor: number,
  horizon: number,
): Promise<boolean> {
  const { store, settings, signal, pageSizes, refusedInARow, waits } = forwarding;
  const upTo = Math.min(horizon, cursor + SCAN_WINDOW);
  const limit = pageSizes.get(app.key) ?? settings.pageSize;
  const { logs, sessions, through = upTo } = await store.forwardPage(app.key, cursor, upTo, limit);
  if (logs.length === 0) {
    await store.saveForwardCursor(app.key, { lastId: through });
    return true;
  }
  // A full page ends at its last log (a page past `limit` holds that log's ties: ClickHouse, arrival.ts); a short one
  // read everything up to `through`.
  const lastId = logs.length >= limit ? logs[logs.length - 1]!.id : through;
  const encoded = encodeWithin(otlpRequestOf(app, logs, sessions), endpoint.encoding, settings.maxRequestBytes);
  if ('over' in encoded) {
    // Our own bound, not the endpoint's answer: split as a refused page is, and a log over it alone passed.
    if (logs.length > 1) {
      pageSizes.set(app.key, Math.ceil(logs.length / 2));
      return true;
    }
    await store.saveForwardCursor(app.key, {
      lastId: logs[0]!.id,
      refused: 1,
      error: `log ${logs[0]!.id} refused: ${encoded.over}`,
    });
    return true;
  }
  const outcome = await sendLogs(endpoint, encoded.body, {
    timeoutMs: settings.timeoutMs,
    signal,
  });
  if (signal.aborted) return false;
  if (outcome.kind === 'sent') {
    waits.delete(app.key);
    refusedInARow.delete(app.key);
    if (limit < settings.pageSize) pageSizes.set(app.key, Math.min(settings.pageSize, limit * 2));
    // The last error stays, with its time, for the status to show; a success after it is newer.
    await store.saveForwardCursor(app.key, {
      lastId,
      forwarded: logs.length - outcome.refused,
      refused: outcome.refused,
      error: outcome.message,
    });
    return true;
  }
  if (outcome.kind === 'refused') {
    if (logs.length > 1) {
      pageSizes.set(app.key, Math.ceil(logs.length / 2));
      await store.saveForwardCursor(app.key, { error: outcome.message });
      return true;
    }
    const inARow = (refusedInARow.get(app.key) ?? 0) + 1;
    if (inARow > REFUSED_IN_A_ROW) {
      await backOff(
        forwarding,
        app,
        `log ${logs[0]!.id} kept: the endpoint refused ${inARow} logs in a row, each alone, so it is taken as ` +
          `refusing everything rather than these logs (${outcome.message})`,
      );
      return false;
    }
    refusedInARow.set(app.key, inARow);
    // The one log the endpoint will never take: counted, and passed.
    await store.saveForwardCursor(app.key, {
      lastId: logs[0]!.id,
      refused: 1,
      error: `log ${logs[0]!.id} refused: ${outcome.message}`,
    });
    return true;
  }
  await backOff(forwarding, app, outcome.message, outcome.retryAfterMs);
  return false;
}

/** The app is left alone for a wait that doubles with each failure in a row, or for what the endpoint asked. */
async function backOff(forwarding: Forwarding, app: App, message: string, retryAfterMs = 0): Promise<void> {
  const { store, settings, waits } = forwarding;
  const previous = waits.get(app.key);
  const backoff = previous ? Math.min(previous.ms * 2, settings.maxBackoffMs) : settings.firstBackoffMs;
  const ms = Math.max(backoff, Math.min(retryAfterMs, settings.maxBackoffMs));
  waits.set(app.key, { until: Date.now() + ms, ms });
  await store.saveForwardCursor(app.key, { error: message });
}

export function startForwarder(store: ForwardStore & AppStore, options: ForwarderOptions): Forwarder {
  const settings = { ...FORWARD_DEFAULTS, ...options };
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const waits = new Map<string, { until: number; ms: number }>();
  const forwarding: Forwarding = {
    store,
    settings,
    signal: stopping.signal,
    waits,
    pageSizes: new Map(),
    refusedInARow: new Map(),
  };
  let lastProblem = '';

  /** One page for each app that has logs past its cursor; how long to wait before the next round. */
  async function round(): Promise<number> {
    const endpoints = await forwardEndpoints(store, settings);
    if (endpoints.length === 0 || !(await store.claimForwarding(holder, settings.leaseMs))) return settings.idleMs;
    const horizon = await store.forwardHorizon();
    const cursors = new Map((await store.forwardCursors()).map((cursor) => [cursor.appKey, cursor.lastId]));
    let wait = settings.idleMs;
    for (const { app, endpoint } of endpoints) {
      if (stopping.signal.aborted) break;
      const cursor = cursors.get(app.key) ?? 0;
      const waiting = waits.get(app.key);
      if (cursor >= horizon) continue;
      if (waiting && waiting.until > Date.now()) {
        wait = Math.min(wait, waiting.until - Date.now());
        continue;
      }
      // Renewed before each request, so a slow endpoint never lets the lease lapse mid-request.
      if (!(await store.claimForwarding(holder, settings.leaseMs))) return settings.idleMs;
      let goesOn: boolean;
      try {
        goesOn = await step(forwarding, app, endpoint, cursor, horizon);
      } catch (error) {
        // Whatever one app's step throws is that app's failure, backed off as a failing endpoint is: the apps after it
        // in the round still go.
        await backOff(forwarding, app, `forwarding failed: ${(error as Error).message ?? String(error)}`);
        goesOn = false;
      }
      if (goesOn) wait = 0;
      else wait = Math.min(wait, waits.get(app.key)?.ms ?? settings.idleMs);
    }
    return wait;
  }

  const running = (async () => {
    while (!stopping.signal.aborted) {
      let wait: number;
      try {
        wait = await round();
        lastProblem = '';
      } catch (error) {
        // The database is away, say: said once, and tried again after a pause.
        const problem = (error as Error).message ?? String(error);
        if (problem !== lastProblem) console.error('forwarder:', problem);
        lastProblem = problem;
        wait = settings.idleMs;
      }
      if (stopping.signal.aborted) break;
      if (wait <= 0) await yieldToEventLoop();
      else await sleep(wait, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
    await store.releaseForwarding(holder).catch(() => undefined);
  })();

  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
