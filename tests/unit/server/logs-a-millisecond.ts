// One session of an app holding `count` logs, one a millisecond from `start` (log 0 the oldest), each with the fields
// `log(i)` gives it: the seed of the tests that read a view's logs newest first (fragment-scan, scan-facets).
import type { LogRecord } from '../../../protocol/records.types.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';

/** The session's row id, once the logs are stored and searchable. */
export async function logsAMillisecond(
  store: Store,
  app: string,
  { count, start }: { count: number; start: number },
  log: (i: number) => Partial<LogRecord>,
): Promise<number> {
  await store.putApp(app, true);
  const session = await store.putSession(app, sessionPayload('s-1', app));
  await store.addLogs(
    app,
    session,
    Array.from({ length: count }, (_, i) => ({
      x: new Date(start + i).toISOString(),
      at: start + i,
      ...log(i),
    })),
  );
  await store.settled();
  return session;
}
