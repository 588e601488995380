// Each operation mode is really taken, and a worker that cannot start costs no log.
import { afterEach, describe, expect, test } from 'vitest';
import { defaultWorkers } from '../../../app/logging/engines/worker-engine.ts';
import { logsOf, newApp } from './collector.ts';
import {
  cleanUp,
  createSidelog,
  hideLocks,
  hideSharedWorker,
  hideWorkers,
  initSidelog,
  silentWorkerURL,
  startSidelog,
} from './sidelog.ts';

afterEach(cleanUp);

async function expectDelivered(app: string, texts: string[]) {
  await expect.poll(async () => (await logsOf(app)).map((log) => log.t), { timeout: 15_000 }).toEqual(texts);
}

describe('operation modes', () => {
  test('mode A runs the engine in one SharedWorker', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(sidelog.mode).toBe('A-shared');
    sidelog.log('hello from', 'a SharedWorker');
    await sidelog.forceSendOnce();
    await expectDelivered(app, ['hello from a SharedWorker']);
  });

  test('mode A takes a dedicated Worker where SharedWorker is missing', async () => {
    hideSharedWorker();
    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(sidelog.mode).toBe('A-dedicated');
    sidelog.info('hello from a dedicated Worker');
    await sidelog.forceSendOnce();
    await expectDelivered(app, ['hello from a dedicated Worker']);
  });

  test('mode B runs the database engine in the page when workers are missing', async () => {
    hideWorkers();
    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(sidelog.mode).toBe('B');
    sidelog.warn('hello from mode B');
    await sidelog.forceSendOnce();
    await expectDelivered(app, ['hello from mode B']);
  });

  test('mode C keeps data in memory when there is no leader election either', async () => {
    hideWorkers();
    hideLocks();
    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(sidelog.mode).toBe('C');
    sidelog.error('hello from mode C');
    await sidelog.forceSendOnce();
    await expectDelivered(app, ['hello from mode C']);
  });

  test('a SharedWorker that never answers is abandoned for a dedicated Worker, losing no log', async () => {
    const app = await newApp();
    const sidelog = createSidelog({
      workers: { shared: () => new SharedWorker(silentWorkerURL()), dedicated: defaultWorkers.dedicated },
      workerDeadlineMs: 1_000,
    });
    sidelog.log('logged before init');
    const started = initSidelog(sidelog, app);
    sidelog.log('logged while the worker was not answering');
    await started;
    expect(sidelog.mode).toBe('A-dedicated');
    sidelog.log('logged after the fall-back');
    await sidelog.forceSendOnce();
    await expectDelivered(app, [
      'logged before init',
      'logged while the worker was not answering',
      'logged after the fall-back',
    ]);
  });

  test('a Worker whose script fails to load falls to mode B, losing no log', async () => {
    hideSharedWorker();
    const app = await newApp();
    const sidelog = await startSidelog(
      app,
      {},
      {
        workers: { ...defaultWorkers, dedicated: () => new Worker(new URL('./no-such-worker.js', location.href)) },
        workerDeadlineMs: 5_000,
      },
    );
    expect(sidelog.mode).toBe('B');
    sidelog.log('still here');
    await sidelog.forceSendOnce();
    await expectDelivered(app, ['still here']);
  });
});
