// Every role of SQLite's store on one connection, its reads apart from its writes: the service's thread keeps the
// reads, on its read-only connection, and sends each write by name to the writer thread, which runs it on the
// connection that writes (docs/local-service.md#the-writer-thread). The names are the writes' own keys: a write a role
// adds goes to the writer thread with nothing else to change.
import type Database from 'better-sqlite3';
import { alertStore } from '../alerts.ts';
import { appStore } from '../app-store.ts';
import { issueReplyStore } from '../issue-replies.ts';
import { logWriterBoard } from '../log-writers.ts';
import { partnerStore } from '../partner-store.ts';
import { savedViewStore } from '../saved-views.ts';
import { downloadRecordStore } from '../download-records.ts';
import { erasureRecordStore } from '../erasure-records.ts';
import { sourceMapStore } from '../source-maps.ts';
import { viewerStore } from '../viewers.ts';
import { webhookStore } from '../webhooks.ts';
import { collectorStore } from './collector-store.ts';
import { deviceErasure } from './device-erasure.ts';
import { sqliteDb } from './dialect.ts';
import { forwardStore } from './forward-store.ts';
import { issueGroupStore } from './issue-groups.ts';
import { retentionStore } from './retention-store.ts';
import { promised, type Sync } from './rows.ts';

/** A synchronous role's methods as promises, as the contracts (server/stores/store.types.ts) answer. */
type Promised<S> = { [K in keyof S]: S[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : S[K] };
const promises = <S extends object>(sync: S) => promised(sync as Sync<Promised<S>>);

export function sqliteRoles(connection: Database.Database) {
  const db = sqliteDb(connection);
  // Written once for both databases over the dialect (server/stores/dialect.ts): their methods answer promises.
  const app = appStore(db);
  const partner = partnerStore(db);
  const viewer = viewerStore(db);
  const replies = issueReplyStore(db);
  const webhooks = webhookStore(db);
  const savedViews = savedViewStore(db);
  const erasures = erasureRecordStore(db);
  const downloads = downloadRecordStore(db);
  const alerts = alertStore(db);
  const sourceMaps = sourceMapStore(db);
  const logWriters = logWriterBoard(db);
  // SQLite's own, synchronous: their reads made promises here, their writes run in the writer thread as they are.
  const collector = collectorStore(connection);
  const retention = retentionStore(connection);
  const erasure = deviceErasure(connection);
  const forward = forwardStore(connection);
  const issueGroups = issueGroupStore(connection);
  return {
    reads: {
      ...app.reads,
      ...partner.reads,
      ...viewer.reads,
      ...replies.reads,
      ...webhooks.reads,
      ...savedViews.reads,
      ...erasures.reads,
      ...downloads.reads,
      ...alerts.reads,
      ...sourceMaps.reads,
      ...logWriters.reads,
      ...promises(collector.reads),
      ...promises(forward.reads),
      ...promises(issueGroups.reads),
    },
    writes: {
      ...app.writes,
      ...partner.writes,
      ...viewer.writes,
      ...replies.writes,
      ...webhooks.writes,
      ...savedViews.writes,
      ...erasures.writes,
      ...downloads.writes,
      ...alerts.writes,
      ...sourceMaps.writes,
      ...logWriters.writes,
      ...collector.writes,
      ...retention.writes,
      ...erasure.writes,
      ...forward.writes,
      ...issueGroups.writes,
    },
  };
}

/** Every write of SQLite's store, as the writer thread runs it. */
export type SqliteWrites = ReturnType<typeof sqliteRoles>['writes'];
export type WriteMethod = keyof SqliteWrites;
