// What tests ask of an engine storage beyond its own seam (worker/storage/storage.types.ts): logs put in directly,
// and one session read back. Built on the seam's own calls, so that a test stores as the writer does.
import type { SessionRecord, StoredLog } from '../../protocol/index.ts';
import type { SidelogStorage } from '../../worker/storage/storage.types.ts';

/** Stores `logs` in order, all or none, as one write with no run mark (worker/storage/log-batches.ts: a log of a
 * stored session is kept above its `lastAt`); returns their ids. Rejects with a QuotaError when they do not fit. */
export async function addLogs(storage: SidelogStorage, logs: StoredLog[]): Promise<number[]> {
  await storage.addLogBatches([{ logs }]);
  if (logs.length === 0) return [];
  // Ids grow: the logs just added are the newest.
  const all = await storage.oldestLogsOfAll(await storage.countLogs());
  return all.slice(-logs.length).map((log) => log.id!);
}

/** The stored record of one session. */
export async function sessionOf(storage: SidelogStorage, uuid: string): Promise<SessionRecord | undefined> {
  return (await storage.sessions()).find((session) => session.uuid === uuid);
}
