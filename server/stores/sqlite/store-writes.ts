// The stores' writes on SQLite, as calls into the writer thread (server/stores/sqlite/writer.ts): the same methods the
// contracts name (server/stores/store.types.ts), each answered once committed. A batch's logs are hashed here, on the
// service's thread, which parses and checks them too, so that the two threads share the work of a batch; the requests
// log is sent without waiting. docs/local-service.md#the-writer-thread
import type {
  AppStore,
  CollectedReads,
  CollectorStore,
  ForwardStore,
  IssueGroupStore,
  IssueReplyStore,
  PartnerStore,
  RetentionStore,
  SavedViewStore,
  SourceMapStore,
  ViewerStore,
  WebhookStore,
} from '../store.types.ts';
import { logParams } from './log-batch.ts';
import type { Writer } from './writer.ts';
import { WRITE_METHODS, type WriteMethod } from './writer.types.ts';

type Stores = PartnerStore &
  AppStore &
  CollectorStore &
  RetentionStore &
  ViewerStore &
  ForwardStore &
  IssueGroupStore &
  IssueReplyStore &
  WebhookStore &
  SavedViewStore &
  SourceMapStore;
type StoreWrites = Pick<Stores, Exclude<WriteMethod, 'addLogParams'> | 'addLogs'>;

export function storeWrites(writer: Writer): StoreWrites {
  const calls = Object.fromEntries(
    WRITE_METHODS.map((method) => [method, (...args: unknown[]) => writer.call(method, args)]),
  ) as Record<WriteMethod, (...args: unknown[]) => Promise<never>>;
  return {
    ...calls,
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
