// The page's rescue in real localStorage (docs/durability.md): what a page going away keeps is text only, capped,
// found again by the next page of the same app, and cut to a gap entry rather than lost when it does not fit.
import Dexie from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import {
  FIELD_CAPS,
  GAP_LOG_TAG,
  LogLevel,
  STORAGE_KEYS,
  DEFAULT_REDACT,
  columnsOf,
  rowsOf,
  type LogColumns,
  type Rescue,
  type SessionPayload,
  type SessionRecord,
  type WriteMessage,
} from '../../../protocol/index.ts';
import { createRedactor, keepText } from '../../../protocol/redact/redactor.ts';
import {
  RESCUE_PREFIX,
  findRescues,
  removeRescue,
  rescuesInCurrentLayout,
  saveRescue,
} from '../../../app/logging/rescue.ts';
import { logsOf, newApp } from './collector.ts';
import { cleanUp, hideWorkers, startSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

const session = { session_uid: 'session-1' } as SessionPayload;
const logsWrite = (
  seq: number,
  rows: { at: number; p?: unknown[]; t?: unknown; tg?: unknown; l?: unknown }[],
): WriteMessage => ({
  sl: 'logs',
  seq,
  logs: columnsOf(rows.map((row) => ({ ...row, x: row.at, ll: LogLevel.Info, u: 'http://page/' }))),
});
const rescue = (run: string, writes: WriteMessage[], appKey = 'app'): Rescue => ({ appKey, run, session, writes });
const rowsOfWrite = (write: WriteMessage) => (write.sl === 'logs' ? rowsOf(write.logs) : []);

/** This tab's session as mode B's engine, in this page, stored it. */
async function storedSession(): Promise<SessionRecord> {
  const db = new Dexie('bf_sdk');
  await db.open();
  const stored = (await db.table('sessions').get(sessionStorage.getItem(STORAGE_KEYS.sessionUuid)!)) as SessionRecord;
  db.close();
  return stored;
}

afterEach(async () => {
  await cleanUp();
  for (const key of Object.keys(localStorage)) if (key.startsWith(RESCUE_PREFIX)) localStorage.removeItem(key);
});

describe('a rescue', () => {
  test('keeps the arguments as the engine would format them, and every field capped', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    saveRescue(
      rescue('r1', [
        logsWrite(3, [
          { at: 10, p: ['cart', { items: 3 }, 12n, cyclic] },
          { at: 11, t: 'huge tag', tg: 't'.repeat(100_000), l: 4.5 },
        ]),
        { sl: 'key', seq: 4, key: 'user', value: 7 },
      ]),
      keepText,
    );
    const [found] = findRescues('app');
    expect(found).toMatchObject({ appKey: 'app', run: 'r1', session });
    const [first, second] = rowsOfWrite(found.writes[0]);
    expect(first).toMatchObject({
      at: 10,
      x: 10,
      ll: LogLevel.Info,
      t: 'cart {"items":3} 12n {"name":"loop","self":"[Circular]"}',
      u: 'http://page/',
    });
    expect(second).toMatchObject({ at: 11, t: 'huge tag', l: 4 });
    expect(second.tg).toHaveLength(FIELD_CAPS.tag + 1);
    expect(found.writes[1]).toEqual({ sl: 'key', seq: 4, key: 'user', value: 7 });
  });

  test("is redacted with the page's rules: texts, URLs, raw stacks, issues and keys, but not a value the app unmasked", () => {
    const write = logsWrite(1, [
      { at: 1, p: ['user', { email: 'ivan@shop.ru' }] },
      { at: 2, t: '{"event":"input","value":"ivan@shop.ru"}' },
    ]);
    if (write.sl !== 'logs') throw new Error('a logs write');
    write.logs.e[1].v = true;
    write.logs.s[0] = 'Error\n    at pay (https://cdn.shop.ru/app.js?token=t0ken:12:3)';
    write.logs.u = [[0, 'https://shop.ru/reset?token=t0ken']];
    saveRescue(
      rescue('r1', [
        write,
        {
          sl: 'issue',
          seq: 2,
          issue: { type: 'issue', title: 'From ivan@shop.ru', text: 'card 4111 1111 1111 1111', uuid: 'u' },
        },
        { sl: 'key', seq: 3, key: 'contact', value: '+7 912 345 67 89' },
      ]),
      createRedactor(DEFAULT_REDACT),
    );
    const [found] = findRescues('app');
    const [first, unmasked] = rowsOfWrite(found.writes[0]);
    expect(first).toMatchObject({
      t: 'user {"email":"[email]"}',
      u: 'https://shop.ru/reset?token=[secret]',
      s: 'Error\n    at pay (https://cdn.shop.ru/app.js?token=[secret]:12:3)',
    });
    // The engine that stores it leaves it too.
    expect(unmasked).toMatchObject({ t: '{"event":"input","value":"ivan@shop.ru"}', v: true });
    expect(found.writes[1]).toMatchObject({ issue: { title: 'From [email]', text: 'card [card]' } });
    expect(found.writes[2]).toMatchObject({ key: 'contact', value: '[phone]' });
  });

  test("is found only by the same app's next page, until removed; one that cannot be read is dropped", () => {
    saveRescue(rescue('mine', [logsWrite(1, [{ at: 1, t: 'a' }])]), keepText);
    saveRescue(rescue('other-app', [logsWrite(1, [{ at: 1, t: 'b' }])], 'another'), keepText);
    localStorage.setItem(`${RESCUE_PREFIX}broken`, '{not json');
    expect(findRescues('app').map((found) => found.run)).toEqual(['mine']);
    expect(localStorage.getItem(`${RESCUE_PREFIX}broken`)).toBeNull();
    removeRescue('mine');
    expect(findRescues('app')).toEqual([]);
    expect(findRescues('another')).toHaveLength(1);
  });

  test('with nothing left to keep, the key goes', () => {
    saveRescue(rescue('r1', [logsWrite(1, [{ at: 1, t: 'a' }])]), keepText);
    saveRescue(rescue('r1', []), keepText);
    expect(localStorage.getItem(`${RESCUE_PREFIX}r1`)).toBeNull();
  });

  test('an earlier rescue carried inside a later one is handed on once, while its own key is still there', () => {
    const earlier = rescue('r1', [logsWrite(1, [{ at: 1, t: 'from the first page' }])]);
    saveRescue(earlier, keepText);
    saveRescue(
      rescue('r2', [{ sl: 'rescued', seq: 1, rescue: earlier }, logsWrite(2, [{ at: 5, t: 'from the second page' }])]),
      keepText,
    );
    const found = findRescues('app');
    const texts = found.flatMap((one) => one.writes.flatMap((write) => rowsOfWrite(write).map((row) => row.t)));
    expect(texts.sort()).toEqual(['from the first page', 'from the second page']);
  });

  test('too large for localStorage: the oldest writes give way to one gap entry over their times', () => {
    // 400 writes of one 32,000-character line: about 13 M characters, more than an origin's localStorage holds.
    const writes = Array.from({ length: 400 }, (_, i) =>
      logsWrite(i + 1, [{ at: 1000 + i, t: `${i} `.padEnd(32_000, 'x') }]),
    );
    saveRescue(rescue('big', writes), keepText);
    const [found] = findRescues('app');
    const [gap, ...kept] = found.writes.flatMap(rowsOfWrite);
    expect(gap.tg).toBe(GAP_LOG_TAG);
    const range = JSON.parse(gap.t as string) as { start: number; end: number };
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(400);
    // The newest are kept, in order, right after the gap.
    expect(kept.map((row) => row.at)).toEqual(Array.from({ length: kept.length }, (_, i) => 1400 - kept.length + i));
    expect(range).toEqual({ start: 1000, end: 1399 - kept.length });
  });
});

describe('a rescue handed to the next page', () => {
  test('its writes the first engine stored after all are skipped; the rest are stored and delivered once', async () => {
    hideWorkers(); // mode B: the engine runs in this page, so the test reads the same database
    const app = await newApp(false); // not enabled: nothing leaves the database until the forced send
    const first = await startSidelog(app);
    first.log('stored by the first engine 1');
    first.log('stored by the first engine 2');
    await first.settle();
    await first.close();

    // What the first page would have rescued had it gone before hearing back: that write, and one more.
    const stored = await storedSession();
    const [run, seq] = Object.entries(stored.runs!)[0];
    const at = stored.lastAt!;
    const write = (n: number, texts: string[]) =>
      logsWrite(
        n,
        texts.map((t, i) => ({ at: at - texts.length + 1 + i, t })),
      );
    saveRescue(
      {
        appKey: app,
        run,
        session: stored.payload,
        writes: [
          write(seq, ['stored by the first engine 1', 'stored by the first engine 2']),
          logsWrite(seq + 1, [{ at: at + 1, t: 'never stored' }]),
        ],
      },
      keepText,
    );

    const next = await startSidelog(app);
    await next.settle();
    // Two stored by the first engine, one from the rescue: the rescued copies of the two were skipped.
    expect((await internalsOf(next).status()).pending.logs).toBe(3);
    await next.forceSendOnce();
    await expect
      .poll(async () => (await logsOf(app)).map((log) => log.t), { timeout: 30_000 })
      .toEqual(['stored by the first engine 1', 'stored by the first engine 2', 'never stored']);
    // Confirmed stored: the rescue is gone.
    expect(findRescues(app)).toEqual([]);
  });
});

describe('a rescue an earlier version of the page left', () => {
  test('in its layout (a column each for the times, the codes and the arguments) is read, stored and delivered', async () => {
    hideWorkers(); // mode B: the engine runs in this page, so the test reads the session it stored
    const app = await newApp();
    const first = await startSidelog(app);
    await first.settle();
    await first.close();
    const stored = await storedSession();
    const at = stored.lastAt! + 1;
    // As that version's saveRescue wrote it: text-only calls with fields (a count of -1) in split columns.
    const split = {
      from: at - 1,
      x: [at, at + 1],
      c: [-8 + LogLevel.Info, -8 + LogLevel.Warning],
      p: [],
      s: {},
      e: { 0: { t: 'kept by an earlier version 1' }, 1: { t: 'kept by an earlier version 2' } },
      u: [[0, 'http://page/']],
    };
    const run = 'a-run-of-an-earlier-version';
    localStorage.setItem(
      RESCUE_PREFIX + run,
      JSON.stringify({ appKey: app, run, session: stored.payload, writes: [{ sl: 'logs', seq: 1, logs: split }] }),
    );

    const next = await startSidelog(app);
    await next.settle();
    await next.forceSendOnce();
    await expect
      .poll(async () => (await logsOf(app)).map((log) => [log.t, log.ll]), { timeout: 30_000 })
      .toEqual([
        ['kept by an earlier version 1', LogLevel.Info],
        ['kept by an earlier version 2', LogLevel.Warning],
      ]);
    expect(findRescues(app)).toEqual([]);
  });
});

describe("an earlier version's rescue carried on in this page's own", () => {
  test('is put in the current layout as it is found, then kept with every text redacted by this page', async () => {
    const split = {
      from: 9,
      x: [10, 11],
      c: [8 + LogLevel.Info, -8 + LogLevel.Warning],
      p: ['mail ivan@shop.ru'],
      s: {},
      e: { 1: { t: 'and ivan@shop.ru again' } },
      u: [[0, 'http://page/']],
    };
    const [older] = await rescuesInCurrentLayout([
      rescue('earlier', [{ sl: 'logs', seq: 1, logs: split as unknown as LogColumns }]),
    ]);
    saveRescue(rescue('later', [{ sl: 'rescued', seq: 2, rescue: older }]), createRedactor(DEFAULT_REDACT));
    const [found] = findRescues('app');
    const inner = found.writes[0].sl === 'rescued' ? found.writes[0].rescue.writes[0] : undefined;
    expect(rowsOfWrite(inner!).map((row) => [row.at, row.ll, row.t])).toEqual([
      [10, LogLevel.Info, 'mail [email]'],
      [11, LogLevel.Warning, 'and [email] again'],
    ]);
  });
});

describe('a page going away', () => {
  /** The rescue keys localStorage was asked to write, while `during` runs. */
  function rescueWrites(during: () => void): string[] {
    const keys: string[] = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key.startsWith(RESCUE_PREFIX)) keys.push(key);
      return setItem.call(this, key, value);
    };
    try {
      during();
    } finally {
      Storage.prototype.setItem = setItem;
    }
    return keys;
  }

  test('writes its rescue once though pagehide and the hiding both come, and again once it logged more', async () => {
    const app = await newApp(false);
    const sidelog = await startSidelog(app);
    // A closing tab: pagehide, then the hiding (the order Chromium gives a tab that closes itself).
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
    try {
      const goingAway = () => {
        dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
        document.dispatchEvent(new Event('visibilitychange'));
      };
      const first = rescueWrites(() => {
        for (let i = 1; i <= 100; i++) sidelog.log(`line ${i}`);
        goingAway();
      });
      expect(first).toHaveLength(1);
      const second = rescueWrites(() => {
        sidelog.log('one more');
        goingAway();
      });
      expect(second).toEqual(first);
      const [kept] = findRescues(app);
      expect(kept.writes.flatMap(rowsOfWrite).map((row) => row.t)).toEqual([
        ...Array.from({ length: 100 }, (_, i) => `line ${i + 1}`),
        'one more',
      ]);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});
