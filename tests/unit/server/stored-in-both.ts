// A store that takes each session and batch into two stores at once, as the collector would store them in each: for
// the ClickHouse cluster files, whose answers are checked against SQLite alone's over the same logs. What it answers
// (the session's id, the batch's counts) is the first store's; everything else is the first store's own.
import type { Store } from '../../../server/stores/store.types.ts';

export function storedInBoth(first: Store, second: Store): Store {
  const both = Object.create(first) as Store;
  both.putSession = async (appKey, payload) => {
    const [id] = await Promise.all([first.putSession(appKey, payload), second.putSession(appKey, payload)]);
    return id;
  };
  both.addLogs = async (appKey, sessionId, batch) => {
    const [stored] = await Promise.all([
      first.addLogs(appKey, sessionId, batch),
      second.addLogs(appKey, sessionId, batch),
    ]);
    return stored;
  };
  return both;
}
