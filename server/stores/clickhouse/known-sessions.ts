// The sessions a collector process has found, remembered for a minute (docs/clickhouse.md#two-processes-ingest): with the
// logs in ClickHouse, looking a batch's session up in SIDELOG_DB was one of its two round trips there, and a session's
// row never changes once made (putSession adds, never updates). Only retention and a device's erasure delete one: each
// empties this process's memory, and another process's delete is seen within KNOWN_FOR_MS, as a batch that raced the
// delete would be; a batch taken meanwhile finds no session when it is counted, and its logs go (with-logs.ts).
import type { StoredSession } from '../store.types.ts';

/** How long a found session is taken as still there. */
export const KNOWN_FOR_MS = 60_000;
/** Sessions remembered at most; past it the oldest found is forgotten first. */
const MAX_KNOWN = 10_000;

type Lookup = (appKey: string, id: number) => Promise<StoredSession | undefined>;

export function knownSessions(lookup: Lookup, now: () => number = Date.now) {
  const known = new Map<string, { session: StoredSession; until: number }>();
  return {
    async sessionById(appKey: string, id: number): Promise<StoredSession | undefined> {
      const key = `${id} ${appKey}`;
      const found = known.get(key);
      if (found && found.until > now()) return found.session;
      known.delete(key);
      const session = await lookup(appKey, id);
      // An unknown session is asked again each time: it may be made a moment later.
      if (session) {
        if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
        known.set(key, { session, until: now() + KNOWN_FOR_MS });
      }
      return session;
    },
    forget: () => known.clear(),
  };
}
