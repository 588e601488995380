// Group commit on SQLite (docs/local-service.md#the-writer-thread) never acknowledges a batch before the commit that
// holds it: the real service under load from 8 clients; once some batches are acknowledged, a connection of the test's
// own takes the database's write lock (between two of the writer's commits), so nothing more can be committed; a batch
// sent then is never acknowledged (it waits, then answers 503 when the lock does not come), and neither is any batch
// in flight that the last commit did not hold. Then the service is killed with SIGKILL: every acknowledged log is in
// the file, once.
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startServiceProcess } from '../../../scripts/service-process.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase } from './test-databases.ts';

const CLIENTS = 8;

test('on SQLite, no batch is acknowledged before its commit, and every acknowledged log survives SIGKILL', async () => {
  const database = await createTestDatabase('sqlite');
  const service = await startServiceProcess({ SIDELOG_DB: database.db, SIDELOG_RETENTION_DAYS: '0' });
  let lock: Database.Database | undefined;
  try {
    const post = (op: keyof typeof WIRE_PATHS, body: unknown) =>
      fetch(`${service.url}/sidelog/api${WIRE_PATHS[op]}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify(body),
      });
    const { id: session_id } = (await (await post('sendSession', sessionPayload('group-commit'))).json()) as {
      id: number;
    };
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let sent = 0;
    const batch = () => {
      const n = sent++;
      return logs(200, n * 200).map((log) => ({ ...log, t: `batch ${n} ${log.t}` }));
    };
    const deliver = async (logsOfBatch: ReturnType<typeof batch>) => {
      const answer = await post('sendLogs', { session_id, logs: logsOfBatch });
      (answer.status === 200 ? acknowledged : refused).push(...logsOfBatch.map((log) => log.t!));
      return answer.status;
    };

    let locked = false;
    let afterLock: Promise<number> | undefined;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (!locked) {
          await deliver(batch());
          if (acknowledged.length >= 40 * 200 && !locked) {
            // Taken between two commits: BEGIN IMMEDIATE waits for the writer's transaction to end.
            lock = new Database(database.db, { timeout: 30_000 });
            lock.prepare('BEGIN IMMEDIATE').run();
            locked = true;
            // Sent while nothing can be committed: it must not be acknowledged.
            afterLock = deliver(batch());
          }
        }
      }),
    );
    expect(await afterLock).toBe(503);

    const exited = new Promise((resolve) => service.child.once('exit', resolve));
    service.child.kill('SIGKILL');
    await exited;
    lock!.prepare('ROLLBACK').run();
    lock!.close();
    lock = undefined;

    const file = new Database(database.db, { readonly: true });
    const stored = file.prepare(`SELECT t FROM logs`).pluck().all() as string[];
    file.close();
    const inFile = new Set(stored);
    expect(inFile.size).toBe(stored.length);
    expect(acknowledged.filter((text) => !inFile.has(text))).toEqual([]);
    // What was refused was not stored either (nothing of it was committed).
    expect(refused.filter((text) => inFile.has(text))).toEqual([]);
  } finally {
    lock?.close();
    await service.stop();
    await database.drop();
  }
}, 60_000);
