// The public API's promises to the developer: validation texts, issue URLs, device keys, calls made
// before init, and `debug`, which alone lets Sidelog talk about its own failures on the console.
import { afterEach, describe, expect, test, vi } from 'vitest';

// Sidelog prints through the console as it was when Sidelog loaded: record it before anything imports it.
const printed = vi.hoisted(() => {
  const lines: string[] = [];
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    lines.push(parts.map(String).join(' '));
    warn.apply(console, parts);
  };
  return lines;
});

import { deviceKeysOf, issuesOf, logsOf, newApp, setFault } from './collector.ts';
import { cleanUp, createSidelog, hideWorkers, initSidelog, startSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

afterEach(async () => {
  await cleanUp();
  printed.length = 0;
});

const POLL = { timeout: 15_000 };

describe('issues, crashes and feedback', () => {
  test('each resolves to its issue URL and arrives with its type', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    const urls = [
      await sidelog.sendIssue('Issue title', 'issue text'),
      await sidelog.sendCrash('Crash title', 'crash text'),
      await sidelog.sendUserFeedback('Feedback subject', 'feedback text'),
    ];
    await expect.poll(async () => (await issuesOf(app)).length, POLL).toBe(3);
    const issues = await issuesOf(app);
    expect(issues.map((issue) => [issue.type, issue.title, issue.text, issue.url])).toEqual([
      ['issue', 'Issue title', 'issue text', urls[0]],
      ['crash', 'Crash title', 'crash text', urls[1]],
      ['user-feedback', 'Feedback subject', 'feedback text', urls[2]],
    ]);
    for (const url of urls) expect(url.startsWith(`${location.protocol}//`)).toBe(true);
  });

  test('a title that is not a string throws its error text; the text is stringified', async () => {
    const sidelog = await startSidelog(await newApp());
    const error = "The crash/issue/feedback 'title' must be a string.";
    expect(() => sidelog.sendIssue(42 as unknown as string, 'x')).toThrow(error);
    expect(() => sidelog.sendCrash(undefined as unknown as string, 'x')).toThrow(error);
    expect(() => sidelog.sendUserFeedback({} as unknown as string, 'x')).toThrow(error);
  });
});

describe('device keys', () => {
  test('a key that is not a string throws; values are kept as booleans, numbers and strings, else stringified', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(() => sidelog.setDeviceKey(7 as unknown as string, 'x')).toThrow("The device-key 'key' must be a string.");
    expect(() => sidelog.removeDeviceKey(null as unknown as string)).toThrow("The device-key 'key' must be a string.");
    sidelog.setDeviceKey('vip', true);
    sidelog.setDeviceKey('orders', 12);
    sidelog.setDeviceKey('city', 'Казань');
    sidelog.setDeviceKey('since', new Date(Date.UTC(2024, 0, 2)));
    await sidelog.forceSendOnce();
    await expect
      .poll(async () => (await deviceKeysOf(app)).map((row) => [row.key, row.value]), POLL)
      .toEqual([
        ['vip', true],
        ['orders', 12],
        ['city', 'Казань'],
        ['since', '"2024-01-02T00:00:00.000Z"'],
      ]);
  });
});

test('calls made before init are kept with their own time and sent once Sidelog starts', async () => {
  const app = await newApp();
  const sidelog = createSidelog();
  const before = Date.now();
  sidelog.warn('logged before init');
  sidelog.setDeviceKey('early', 'yes');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const initAt = Date.now();
  await initSidelog(sidelog, app);
  await sidelog.forceSendOnce();
  await expect.poll(async () => (await logsOf(app)).length, POLL).toBe(1);
  const [log] = await logsOf(app);
  expect(log.t).toBe('logged before init');
  expect(Date.parse(log.x as string)).toBeGreaterThanOrEqual(before);
  expect(Date.parse(log.x as string)).toBeLessThan(initAt);
  await expect.poll(async () => (await deviceKeysOf(app)).map((row) => row.key), POLL).toEqual(['early']);
});

test("each line carries the page's URL at the time of the call, across pushState, replaceState and hash changes", async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app);
  const start = location.href;
  try {
    sidelog.log('at the start');
    history.pushState({}, '', '/orders/1042');
    sidelog.log('after pushState');
    history.replaceState({}, '', '/orders/1042?tab=history');
    sidelog.log('after replaceState');
    location.hash = 'items';
    sidelog.sendLog({ text: 'after a hash change' });
    sidelog.sendLog({ text: 'with its own url', url: 'https://example.com/elsewhere' });
    sidelog.log('back to the page');
  } finally {
    history.replaceState({}, '', start);
  }
  await sidelog.forceSendOnce();
  await expect.poll(async () => (await logsOf(app)).length, POLL).toBe(6);
  const path = (url: unknown) => String(url).replace(location.origin, '');
  expect((await logsOf(app)).map((log) => [log.t, path(log.u)])).toEqual([
    // The test runner's page carries its own sessionId in its query, which the default rules redact.
    ['at the start', path(start).replace(/sessionId=[^&]+/, 'sessionId=[secret]')],
    ['after pushState', '/orders/1042'],
    ['after replaceState', '/orders/1042?tab=history'],
    ['after a hash change', '/orders/1042?tab=history#items'],
    ['with its own url', 'https://example.com/elsewhere'],
    ['back to the page', '/orders/1042?tab=history#items'],
  ]);
});

test('arguments a worker cannot receive (functions, DOM nodes, cycles holding them) arrive as text', async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app);
  expect(sidelog.mode).toBe('A-shared');
  const button = document.createElement('button');
  button.id = 'pay';
  function onPay() {}
  const cart: Record<string, unknown> = { items: 2, onPay };
  cart.self = cart;
  sidelog.log('clicked', button, onPay, cart);
  sidelog.sendLog({ text: onPay as unknown as string, tag: 'fields' });
  sidelog.log('still fine', { items: 3 });
  await sidelog.forceSendOnce();
  await expect
    .poll(async () => (await logsOf(app)).map((log) => log.t), POLL)
    .toEqual([
      'clicked <button#pay> [Function onPay] {"items":2,"onPay":"[Function onPay]","self":"[Circular]"}',
      '[Function onPay]',
      'still fine {"items":3}',
    ]);
});

describe('debug', () => {
  test('on: Sidelog reports its own HTTP failures and a missing worker on the console', async () => {
    hideWorkers();
    const app = await newApp();
    await setFault(app, 'error-500', ['sendLogs']);
    try {
      const sidelog = await startSidelog(app, { debug: true });
      expect(printed).toContain('[Sidelog] Inline worker is not supported');
      sidelog.log('will fail');
      await sidelog.forceSendOnce();
      await expect.poll(() => printed.some((line) => line.includes('sendLogs answered 500')), POLL).toBe(true);
    } finally {
      await setFault(app, 'none');
    }
  });

  test('off: Sidelog says nothing about itself', async () => {
    hideWorkers();
    const app = await newApp();
    await setFault(app, 'error-500', ['sendLogs']);
    try {
      const sidelog = await startSidelog(app);
      sidelog.log('will fail quietly');
      await sidelog.forceSendOnce();
      expect((await internalsOf(sidelog).status()).pending.logs).toBe(1);
      expect(printed.filter((line) => line.includes('Sidelog'))).toEqual([]);
    } finally {
      await setFault(app, 'none');
    }
  });
});
