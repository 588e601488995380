// Fault injection for the tests: makes the collector fail one app's requests on purpose (an error status, a body
// that is not JSON, or an answer that never comes), so that the tests can see Sidelog keep its data and retry. The
// product carries none of it: tests mount it ahead of the service's routes with startService's `beforeRoutes`
// (mountCollectorFaults), and set a fault with `POST FAULTS_PATH { app, mode, ops? }` (open to any origin, since the
// browser tests call it from their page). Faults live in this process's memory, one set per service.
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { WIRE_PATHS, type WireOperation } from '../../protocol/wire.ts';
import { COLLECTOR_BASE } from '../../server/collector/collector.ts';
import type { CollectorStore } from '../../server/stores/store.types.ts';

export const FAULTS_PATH = '/sidelog/test/faults';
const FAULT_MODES = ['none', 'error-500', 'error-400', 'error-413', 'hang', 'non-json'] as const;
type FaultMode = (typeof FAULT_MODES)[number];

const OPERATIONS = Object.keys(WIRE_PATHS) as WireOperation[];
const OPERATION_AT = new Map(OPERATIONS.map((op) => [`${COLLECTOR_BASE}${WIRE_PATHS[op]}`, op]));

/** Resolves once the client gives up, or the service closes its connection (which aborts the request's signal):
 * closing never waits on a hanging request. */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );

/** A fault's answer, before anything is stored. */
async function answer(c: Context, mode: Exclude<FaultMode, 'none'>): Promise<Response> {
  switch (mode) {
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
      await aborted(c.req.raw.signal);
      return c.body(null, 503);
  }
}

/** Mounts the faults on the service's app (startService's `beforeRoutes`). A fault names its app by the
 * `X-App-Token` header, as Sidelog sends it; a faulted request is recorded as the collector records the others. */
export function mountCollectorFaults(app: Hono, store: CollectorStore): void {
  const faults = new Map<string, { mode: Exclude<FaultMode, 'none'>; ops?: WireOperation[] }>();

  app.use(FAULTS_PATH, cors());
  app.post(FAULTS_PATH, async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as
      | { app?: unknown; mode?: unknown; ops?: unknown }
      | undefined;
    if (typeof body?.app !== 'string' || body.app === '')
      return c.json({ error: `'app' must be a non-empty string` }, 400);
    const mode = body.mode as FaultMode;
    if (!FAULT_MODES.includes(mode)) return c.json({ error: `'mode' must be one of ${FAULT_MODES.join(', ')}` }, 400);
    const ops = body.ops ?? undefined;
    if (ops !== undefined && (!Array.isArray(ops) || !ops.every((op) => OPERATIONS.includes(op)))) {
      return c.json({ error: `'ops' must list operations among ${OPERATIONS.join(', ')}` }, 400);
    }
    if (mode === 'none') faults.delete(body.app);
    else faults.set(body.app, { mode, ops });
    return c.json({ app: body.app, mode, ops: ops ?? null });
  });

  app.use(`${COLLECTOR_BASE}/*`, async (c, next) => {
    const op = c.req.method === 'POST' ? OPERATION_AT.get(c.req.path) : undefined;
    const appKey = c.req.header('X-App-Token');
    const fault = appKey && faults.get(appKey);
    if (!op || !appKey || !fault || (fault.ops && !fault.ops.includes(op))) return next();
    // The collector's own CORS answer is not reached; a page on another origin must still read this one.
    c.header('Access-Control-Allow-Origin', '*');
    // A hanging request is recorded as it arrives: its answer never comes.
    if (fault.mode === 'hang') await store.recordRequest(appKey, op, 0);
    const response = await answer(c, fault.mode);
    if (fault.mode !== 'hang') await store.recordRequest(appKey, op, response.status);
    return response;
  });
}
