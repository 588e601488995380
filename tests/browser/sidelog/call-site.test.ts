// File, line, column and method of a log call, as they arrive at the collector: taken from a stack on the page only for
// warnings and worse (or every call with captureCallSite), parsed by the engine, and the page's own
// Error.stackTraceLimit left as it was.
import { afterEach, expect, test } from 'vitest';
import { logsOf, newApp } from './collector.ts';
import { cleanUp, startSidelog } from './sidelog.ts';

afterEach(cleanUp);

const POLL = { timeout: 15_000 };
const THIS_FILE = 'call-site.test.ts';

type Logger = Awaited<ReturnType<typeof startSidelog>>;

function placeOrder(sidelog: Logger): void {
  sidelog.warn('order placed twice');
}

function checkStock(sidelog: Logger): void {
  sidelog.log('stock checked');
}

function listItems(sidelog: Logger): void {
  // The first frame is the native forEach, which names no file: the caller is the next one. (forEach hands the
  // method the index and the array too, so the line reads 'item listed 0 ["item listed"]'.)
  ['item listed'].forEach(sidelog.error);
}

async function arrived(app: string, count: number) {
  await expect.poll(async () => (await logsOf(app)).length, POLL).toBe(count);
  return Object.fromEntries((await logsOf(app)).map((log) => [log.t?.split(' 0 ')[0], log]));
}

test('a warning arrives with its caller as method, file and line; a plain log without them', async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app);
  placeOrder(sidelog);
  checkStock(sidelog);
  listItems(sidelog);
  await sidelog.forceSendOnce();
  const logs = await arrived(app, 3);

  expect(logs['order placed twice']).toMatchObject({ m: 'placeOrder' });
  expect(String(logs['order placed twice'].f)).toContain(THIS_FILE);
  expect(Number.isInteger(logs['order placed twice'].l) && (logs['order placed twice'].l as number) > 0).toBe(true);
  // The column of the same frame (the `sidelog.warn` in placeOrder): with the line, what a source map resolves.
  expect(Number.isInteger(logs['order placed twice'].lc) && (logs['order placed twice'].lc as number) > 1).toBe(true);
  expect(logs['item listed']).toMatchObject({ m: 'listItems' });
  expect(String(logs['item listed'].f)).toContain(THIS_FILE);
  for (const field of ['m', 'f', 'l', 'lc']) expect(logs['stock checked'][field] ?? undefined).toBeUndefined();
});

test('with captureCallSite every call takes its site, and the page keeps its own stack limit', async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app, { captureCallSite: true });
  const pageLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 25;
  try {
    checkStock(sidelog);
    expect(Error.stackTraceLimit).toBe(25);
  } finally {
    Error.stackTraceLimit = pageLimit;
  }
  await sidelog.forceSendOnce();
  const logs = await arrived(app, 1);
  expect(logs['stock checked']).toMatchObject({ m: 'checkStock' });
  expect(String(logs['stock checked'].f)).toContain(THIS_FILE);
});

test('a page whose Error.stackTraceLimit cannot be written still gets its line, with its call site', async () => {
  const app = await newApp();
  const sidelog = await startSidelog(app);
  const pageLimit = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')!;
  Object.defineProperty(Error, 'stackTraceLimit', { value: pageLimit.value, writable: false, configurable: true });
  try {
    placeOrder(sidelog);
  } finally {
    Object.defineProperty(Error, 'stackTraceLimit', pageLimit);
  }
  await sidelog.forceSendOnce();
  const logs = await arrived(app, 1);
  expect(logs['order placed twice']).toMatchObject({ m: 'placeOrder' });
});
