// Redaction in the engine, in every mode (docs/privacy.md#where-redaction-runs): the same calls leave the same
// redacted texts in IndexedDB and at the collector, whichever mode ran them; the page's rescue in localStorage is
// redacted with the same built-ins, the app's rules left to the engine.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ISSUE_LOG_TAG, LogLevel, STORAGE_KEYS } from '../../../protocol/index.ts';
import { RESCUE_PREFIX } from '../../../app/logging/rescue.ts';
import type { SidelogClient } from '../../../app/logging/index.ts';
import { deviceKeysOf, issuesOf, logsOf, newApp, sessionsOf, setFault } from './collector.ts';
import { cleanUp, MODES, startSidelog } from './sidelog.ts';

const EMAIL = 'ivan.petrov@partner-shop.ru';
const PHONE = '+7 (912) 345-67-89';
const CARD = '4111 1111 1111 1111';
// Each holds a letter past 'f': the page's random ids are hex (see beforeEach below), which a secret of hex digits
// alone ('c0de' once) can be read in by chance, failing a check with nothing leaked.
const RAW = [EMAIL, PHONE, CARD, 't0ken', 'oauth-c0de', 'qwerty1234567890', 'ORD-000123'];

/** Console capture on (its arguments are redacted too), and one rule of the app's. */
const OPTIONS = { overrideConsoleMethods: true, redact: { rules: [{ name: 'order', pattern: 'ORD-\\d+' }] } };

/** The same calls in every mode: every kind of free text there is. */
function makeCalls(sidelog: SidelogClient): Promise<string> {
  sidelog.log('user', { email: EMAIL, phone: PHONE });
  sidelog.info('paid with', CARD, 'for ORD-000123');
  sidelog.sendLog({
    level: LogLevel.Info,
    tag: `tag ${EMAIL}`,
    method: `pay ${PHONE}`,
    file: 'https://cdn.shop.ru/app.js?token=t0ken',
    line: 7,
    text: 'Authorization: Bearer qwerty1234567890',
    url: 'https://shop.ru/cb?code=oauth-c0de&lang=ru',
  });
  console.info('console', EMAIL);
  sidelog.setDeviceKey(`contact ${EMAIL}`, PHONE);
  return sidelog.sendIssue(`From ${EMAIL}`, `card ${CARD}`);
}

const EXPECTED_LOGS = [
  { t: 'user {"email":"[email]","phone":"[phone]"}' },
  { t: 'paid with [card] for [order]' },
  {
    t: 'Authorization: Bearer [credential]',
    tg: 'tag [email]',
    m: 'pay [phone]',
    f: 'https://cdn.shop.ru/app.js?token=[secret]',
    l: 7,
    u: 'https://shop.ru/cb?code=[secret]&lang=ru',
  },
  { t: 'console [email]' },
];

const withoutRaw = (what: unknown) => {
  const text = JSON.stringify(what);
  return RAW.filter((raw) => text.includes(raw));
};

async function browserDatabase(): Promise<unknown[]> {
  const db = new Dexie('bf_sdk');
  await db.open();
  const rows = await Promise.all(
    ['logs', 'issues', 'devicekeys', 'sessions'].map((table) => db.table(table).toArray()),
  );
  db.close();
  return rows.flat();
}

// Every random id the page makes (its run, the device's, the session's) starts with the hex 'c0de', which about one
// id of 32 hex digits in 2,000 holds somewhere: what a check finds must be a secret as it was logged, never what a
// random id may spell. With 'c0de' itself among RAW, a few runs in 100 failed so (the rescue's check among them), with
// every secret masked.
beforeEach(() => {
  const random = crypto.getRandomValues.bind(crypto);
  vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
    const filled = random(array);
    if (filled instanceof Uint8Array && filled.length >= 2) filled.set([0xc0, 0xde]);
    return filled;
  });
});
afterEach(() => vi.restoreAllMocks());
afterEach(cleanUp);

describe('the same calls, redacted the same in every mode', () => {
  test.each(MODES)('mode %s', async (mode, hide) => {
    hide();
    const app = await newApp();
    // The collector refuses everything at first, so that what the engine stored stays in IndexedDB to be read.
    if (mode !== 'C') await setFault(app, 'error-500');
    const sidelog = await startSidelog(app, OPTIONS);
    expect(sidelog.mode).toBe(mode);

    const issueURL = makeCalls(sidelog);
    await sidelog.settle();
    if (mode !== 'C') {
      const stored = await browserDatabase();
      expect(withoutRaw(stored)).toEqual([]);
      expect(JSON.stringify(stored)).toContain('"t":"user {\\"email\\":\\"[email]\\",\\"phone\\":\\"[phone]\\"}"');
      await setFault(app, 'none');
    }
    expect(withoutRaw(localStorage.getItem(STORAGE_KEYS.deviceData))).toEqual([]);
    await issueURL;
    await sidelog.forceSendOnce();

    // The calls' lines, and the issue's own line last (its uid, which no rule takes for a secret).
    await expect.poll(async () => (await logsOf(app)).length, { timeout: 20_000 }).toBe(EXPECTED_LOGS.length + 1);
    const logs = await logsOf(app);
    const issueLine = logs.pop()!;
    expect(logs.map(({ t, tg, m, f, l, u }) => (tg ? { t, tg, m, f, l, u } : { t }))).toEqual(EXPECTED_LOGS);
    await expect.poll(async () => (await issuesOf(app)).length, { timeout: 20_000 }).toBe(1);
    expect(await issuesOf(app)).toMatchObject([{ title: 'From [email]', text: 'card [card]' }]);
    expect([issueLine.tg, issueLine.t]).toEqual([ISSUE_LOG_TAG, (await issuesOf(app))[0]!.uid]);
    await expect.poll(async () => (await deviceKeysOf(app)).length, { timeout: 20_000 }).toBe(1);
    expect(await deviceKeysOf(app)).toMatchObject([{ key: 'contact [email]', value: '[phone]' }]);
    expect(withoutRaw([logs, await issuesOf(app), await deviceKeysOf(app), await sessionsOf(app)])).toEqual([]);
  });
});

describe("the page's rescue", () => {
  test("what the page keeps in localStorage as it goes is redacted with the built-ins, not the app's rules", async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app, OPTIONS);

    // Logged and, in the same task, the page goes: none of it is confirmed stored yet.
    sidelog.log('user', { email: EMAIL, phone: PHONE });
    sidelog.info('paid with', CARD, 'for ORD-000123');
    sidelog.warn('token in a stack', new Error('failed at https://cdn.shop.ru/app.js?token=t0ken'));
    void sidelog.sendIssue(`From ${EMAIL}`, `card ${CARD}`);
    dispatchEvent(new PageTransitionEvent('pagehide'));

    const keys = Object.keys(localStorage).filter((key) => key.startsWith(RESCUE_PREFIX));
    const kept = keys.map((key) => localStorage.getItem(key)).join('\n');
    for (const key of keys) localStorage.removeItem(key);
    expect(kept).toContain('user {\\"email\\":\\"[email]\\",\\"phone\\":\\"[phone]\\"}');
    // An app's rule never runs on the page's main thread: the engine that stores the rescue applies it
    // (docs/privacy.md#where-redaction-runs).
    expect(kept).toContain('paid with [card] for ORD-000123');
    expect(kept).toContain('From [email]');
    expect(kept).toContain('token=[secret]');
    expect(withoutRaw(kept)).toEqual(['ORD-000123']);
  });
});

describe('a rule that could backtrack without bound (docs/privacy.md#rules-that-could-hang)', () => {
  test.each(MODES)(
    "mode %s: the engine refuses it as it starts, and init rejects with the engine's reason",
    async (_mode, hide) => {
      hide();
      const app = await newApp();
      const rules = [{ name: 'words', pattern: '(\\w+\\s?)+$' }];
      await expect(startSidelog(app, { redact: { rules } })).rejects.toThrow(
        "'redact.rules[0].pattern' may backtrack without bound: in '(\\w+\\s?)+'",
      );
    },
  );
});
