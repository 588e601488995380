// What both storages do when they store a page's writes of logs (docs/durability.md): inside one transaction
// with the sessions they belong to, each batch is skipped if its run's mark says it is stored already (a
// rescued write whose original made it after all), and every log's `at` is kept above the session's last one,
// so that `at` never repeats within a session, across reloads, tabs and engines.
import { nextAt, type SessionRecord, type StoredLog } from '../../protocol/index.ts';

/** Which write of which page run a batch is (seq grows in the order the engine gets a run's writes; 0 for one
 * never given to an engine); `session` registers the session if it is not stored (a rescue). */
export interface RunMark {
  run: string;
  seq: number;
  session?: SessionRecord;
}

/** The logs of one write, all of one session. `partial`: only a part of the write (the writer split it to fit),
 * so storing it does not mark the write as stored. */
export interface LogBatch {
  logs: StoredLog[];
  mark?: RunMark;
  partial?: boolean;
}

/** Marks kept per session: older runs are long stored or gone, and the record must stay small. */
const RUNS_KEPT = 32;

function withRun(runs: Record<string, number> | undefined, run: string, seq: number): Record<string, number> {
  const next = { ...runs };
  delete next[run];
  next[run] = seq;
  const names = Object.keys(next);
  for (const name of names.slice(0, Math.max(0, names.length - RUNS_KEPT))) delete next[name];
  return next;
}

/**
 * The logs to add, `at` moved up where needed, and the session records to put, from the stored records of
 * the batches' sessions (`stored`, by uuid; undefined where none is stored).
 */
export function placeBatches(
  batches: LogBatch[],
  stored: Map<string, SessionRecord | undefined>,
): { logs: StoredLog[]; sessions: SessionRecord[] } {
  const logs: StoredLog[] = [];
  const touched = new Map<string, SessionRecord>();
  for (const { logs: batch, mark, partial } of batches) {
    if (batch.length === 0) continue;
    const uuid = batch[0].sessionUUID;
    const known = touched.get(uuid) ?? stored.get(uuid);
    const session = known ? { ...known } : mark?.session && { ...mark.session, uuid };
    if (!session) {
      // No session to keep `at` in: stored as given (it can only be a session nobody registered).
      logs.push(...batch);
      continue;
    }
    // seq 0: a write that never reached an engine (rescued while it waited), so none can have stored it.
    const counted = mark !== undefined && mark.seq > 0;
    if (counted && (session.runs?.[mark.run] ?? 0) >= mark.seq) continue;
    let last = session.lastAt ?? -Infinity;
    for (const log of batch) {
      const at = nextAt(last, log.at);
      logs.push(at === log.at ? log : { ...log, at });
      last = at;
    }
    session.lastAt = last;
    if (counted && !partial) session.runs = withRun(session.runs, mark.run, mark.seq);
    touched.set(uuid, session);
  }
  return { logs, sessions: [...touched.values()] };
}

/** The uuids of the sessions the batches name. */
export const sessionsOf = (batches: LogBatch[]) => [
  ...new Set(batches.flatMap((batch) => (batch.logs.length > 0 ? [batch.logs[0].sessionUUID] : []))),
];
