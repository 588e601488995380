// Before init and after close (docs/durability.md#before-init-and-after-close): logs made before there is an engine
// wait in a bounded queue, the oldest giving way to one gap entry; close() stores what was logged before it; calls
// after it are dropped.
import { afterEach, expect, test, vi } from 'vitest';

// Sidelog prints through the console as it was when Sidelog loaded: record it before anything imports it. The
// 10,000 lines logged before init are printed too (printToConsole is known only at init): kept out of the run's output.
const printed = vi.hoisted(() => {
  const lines: string[] = [];
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    lines.push(parts.map(String).join(' '));
    warn.apply(console, parts);
  };
  const log = console.log;
  console.log = (...parts: unknown[]) => {
    if (!String(parts[0]).startsWith('early ')) log.apply(console, parts);
  };
  return lines;
});

import { GAP_LOG_TAG, STORAGE_KEYS, WAITING_LOG_CAP } from '../../../protocol/index.ts';
import { logsOf, newApp } from './collector.ts';
import { cleanUp, createSidelog, initSidelog, startModeC, startSidelog } from './sidelog.ts';

afterEach(cleanUp);

const POLL = { timeout: 30_000, interval: 250 };

test('init not called while 10,000 lines are logged: the newest wait, the oldest become one gap entry, delivered once init comes', async () => {
  const app = await newApp();
  const sidelog = createSidelog();
  const total = 10_000;
  for (let i = 1; i <= total; i++) sidelog.log(`early ${i}`);
  await initSidelog(sidelog, app);
  await sidelog.settle();
  await sidelog.forceSendOnce();

  const kept = WAITING_LOG_CAP - 1;
  await expect.poll(async () => (await logsOf(app)).length, POLL).toBe(kept + 1);
  const [gap, ...lines] = await logsOf(app);
  expect(gap.tg).toBe(GAP_LOG_TAG);
  expect(lines.map((log) => log.t)).toEqual(Array.from({ length: kept }, (_, i) => `early ${total - kept + 1 + i}`));
  const range = JSON.parse(gap.t!) as { start: number; end: number };
  expect(range.start).toBe(gap.at);
  expect(range.end).toBeLessThan(lines[0].at);
  // Every dropped line had its own `at`, strictly increasing: the range spans them all.
  expect(range.end - range.start).toBeGreaterThanOrEqual(total - kept - 1);
});

test('close() stores what was logged before it; log calls after it are dropped, with one warning in debug', async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app, { debug: true });
  for (let i = 1; i <= 50; i++) sidelog.log(`before close ${i}`);
  const closed = sidelog.close();
  sidelog.log('after close');
  sidelog.sendLog({ text: 'after close too' });
  await closed;
  sidelog.log('long after close');
  sidelog.setDeviceKey('after_close', 'dropped');
  expect(localStorage.getItem(STORAGE_KEYS.deviceData) ?? '').not.toContain('after_close');
  expect(printed.filter((line) => line.includes('logs after close() are dropped'))).toHaveLength(1);
  await expect(sidelog.forceSendOnce()).rejects.toThrow('Sidelog has been closed.');

  // A later page of the same app uploads what the closed one stored.
  const later = await startSidelog(app);
  await later.forceSendOnce();
  await expect
    .poll(async () => (await logsOf(app)).map((log) => log.t), POLL)
    .toEqual(Array.from({ length: 50 }, (_, i) => `before close ${i + 1}`));
});

test('in mode C, whose logs live only in the page, close() sends what was logged before it', async () => {
  const app = await newApp();
  const sidelog = await startModeC(app);
  for (let i = 1; i <= 50; i++) sidelog.log(`mode C before close ${i}`);
  await sidelog.close();

  // Nothing else is left to send them: the engine, its memory and its uploader are gone with close().
  await expect
    .poll(async () => (await logsOf(app)).map((log) => log.t), POLL)
    .toEqual(Array.from({ length: 50 }, (_, i) => `mode C before close ${i + 1}`));
});
