// The stores' writes on SQLite, as calls into the writer thread (server/stores/sqlite/writer.ts): one for each of the
// roles' writes (server/stores/sqlite/roles.ts), by its name, each answered once committed. A batch's logs are hashed
// here, on the service's thread, which parses and checks them too, so that the two threads share the work of a batch;
// the requests log is sent without waiting. docs/local-service.md#the-writer-thread
import type { CollectedReads, CollectorStore } from '../store.types.ts';
import { logParams } from './log-batch.ts';
import type { SqliteWrites, WriteMethod } from './roles.ts';
import type { Writer } from './writer.ts';

/** Each write as the contracts (server/stores/store.types.ts) have it: a promise of what the writer thread answered. */
type Calls<W> = {
  [K in keyof W]: W[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

export type StoreWrites = Omit<Calls<SqliteWrites>, 'addLogParams'> & Pick<CollectorStore, 'addLogs'>;

/** `writes` names the methods; none of them runs here. */
export function storeWrites(writer: Writer, writes: SqliteWrites): StoreWrites {
  const calls = Object.fromEntries(
    Object.keys(writes).map((method) => [method, (...args: unknown[]) => writer.call(method as WriteMethod, args)]),
  ) as Calls<SqliteWrites>;
  const { addLogParams: _, ...named } = calls;
  return {
    ...named,
    addLogs: (appKey, sessionId, logs) => writer.call('addLogParams', [appKey, sessionId, logParams(sessionId, logs)]),
    async recordRequest(...args) {
      writer.send('recordRequest', args);
    },
  };
}

/** The admin lists that show the requests log read it once what was sent to it is committed. */
export function afterRequestsLog(
  writer: Writer,
  reads: CollectedReads,
): Pick<CollectedReads, 'listPage' | 'refusedKeys'> {
  return {
    async listPage(list, ...rest) {
      if (list === 'requests') await writer.settled({ index: false });
      return reads.listPage(list, ...rest);
    },
    async refusedKeys(limit) {
      await writer.settled({ index: false });
      return reads.refusedKeys(limit);
    },
  };
}
