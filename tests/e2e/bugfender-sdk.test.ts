// The unmodified @bugfender/sdk 2.4.0, on a page of another origin, against the service `npm start` runs: every API
// call arrives once, every URL it returns opens a viewer page showing what it names, and no line is lost in the
// cases that used to lose them. Each scenario prints what was sent and what was stored.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../protocol/records.types.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { SDK_UPLOAD_INTERVAL_MS, startBugfenderSite, uploadUntil, type BugfenderSite } from './bugfender-site.ts';
import { lineNumbers, oneTo } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';
import { viewerLinkTarget, viewerText } from './viewer.ts';

let product: Product;
let site: BugfenderSite;
beforeAll(async () => {
  [product, site] = await Promise.all([startProduct(), startBugfenderSite()]);
});
afterAll(async () => {
  await site?.close();
  await product?.close();
});

const LONG = 120_000;

/** A fresh browser profile (its own IndexedDB, so its own device and session) with the SDK's page open, its clock
 * under the test's hand. */
async function openSdk(): Promise<{ context: BrowserContext; page: Page; session: string }> {
  const context = await product.browser.newContext();
  await context.clock.install();
  const page = await site.open(context, product.url, DEMO_APP_KEY);
  const sessionURL = await page.evaluate(() => window.Bugfender.getSessionURL());
  return { context, page, session: sessionURL.split('/').pop()! };
}

const sessionLogs = (session: string): Promise<LogRecord[]> => product.admin.sessionLogs(session);
const report = (scenario: string, sent: number, stored: number) =>
  console.log(`@bugfender/sdk, ${scenario}: ${sent} sent, ${stored} stored`);

describe('@bugfender/sdk 2.4.0 against the collector', () => {
  it(
    'every API call arrives once, and every URL it returns opens a page showing what it names',
    async () => {
      const startedAt = Date.now();
      const { context, page, session } = await openSdk();
      try {
        const urls = await page.evaluate(async () => {
          const sdk = window.Bugfender;
          sdk.log('a debug line');
          sdk.warn('a warning line');
          sdk.error('an error line');
          sdk.trace('a trace line');
          sdk.info('an info line');
          sdk.fatal('a fatal line');
          sdk.sendLog({ tag: 'checkout', text: 'a sendLog line', file: 'cart.ts', line: 42, method: 'pay', level: 1 });
          sdk.setDeviceKey('plan', 'gold');
          sdk.setDeviceKey('visits', 3);
          sdk.setDeviceKey('beta', true);
          sdk.setDeviceKey('temporary', 'soon gone');
          return {
            issue: await sdk.sendIssue('An issue title', 'The issue text'),
            crash: await sdk.sendCrash('A crash title', 'The crash text'),
            feedback: await sdk.sendUserFeedback('A feedback title', 'The feedback text'),
            device: await sdk.getDeviceURL(),
            session: await sdk.getSessionURL(),
          };
        });
        await uploadUntil(page, async () => {
          expect((await product.admin.issues()).filter((issue) => issue.session_uid === session)).toHaveLength(3);
          expect((await sessionLogs(session)).map((log) => log.t)).toContain('a sendLog line');
          expect((await product.admin.deviceKeys()).map((change) => change.key)).toContain('temporary');
        });

        // Removed in a later upload than the one that set it, and the feedback modal, as a person fills it in.
        await page.evaluate(() => window.Bugfender.removeDeviceKey('temporary'));
        const modal = page.evaluate(() => window.Bugfender.getUserFeedback({ title: 'Tell us' }));
        await page.locator('[data-bf-subject]').fill('Modal subject');
        await page.locator('[data-bf-feedback]').fill('Typed into the modal');
        await page.locator('[data-bf-submit]').click();
        const answer = await modal;
        expect(answer).toEqual({ isSent: true, feedbackURL: expect.any(String) });
        const modalURL = (answer as { feedbackURL: string }).feedbackURL;
        await uploadUntil(page, async () => {
          expect((await product.admin.issues()).filter((issue) => issue.session_uid === session)).toHaveLength(4);
          expect((await product.admin.deviceKeys()).filter((change) => change.key === 'temporary')).toHaveLength(2);
          // The SDK logs a bf_issue line for each issue, which goes with its logs' upload, a request apart from the
          // issue's and the keys': under load it arrived after them, and the lines below were read one short.
          expect((await sessionLogs(session)).filter((log) => log.tg === 'bf_issue')).toHaveLength(4);
        });

        const logs = await sessionLogs(session);
        // Their times are the page's clock, which the ticks moved ahead: none before the test began, none past that
        // clock's now.
        const pageNow = await page.evaluate(() => Date.now());
        for (const log of logs) expect(log.at >= startedAt && log.at <= pageNow, `${log.t} at ${log.at}`).toBe(true);
        const once = (text: string) => logs.filter((log) => log.t === text);
        for (const [text, level] of [
          ['a debug line', 0],
          ['a warning line', 1],
          ['an error line', 2],
          ['a trace line', 3],
          ['an info line', 4],
          ['a fatal line', 5],
        ] as const) {
          expect(once(text).map((log) => log.ll)).toEqual([level]);
        }
        expect(once('a sendLog line')).toEqual([
          expect.objectContaining({ tg: 'checkout', f: 'cart.ts', l: 42, m: 'pay', ll: 1 }),
        ]);
        const issues = (await product.admin.issues()).filter((issue) => issue.session_uid === session);
        expect(issues.map((issue) => [issue.type, issue.title, issue.text])).toEqual([
          ['issue', 'An issue title', 'The issue text'],
          ['crash', 'A crash title', 'The crash text'],
          ['user-feedback', 'A feedback title', 'The feedback text'],
          ['user-feedback', 'Modal subject', 'Typed into the modal'],
        ]);
        // The SDK writes a bf_issue line for each, whose text is the issue's uid.
        expect(
          logs
            .filter((log) => log.tg === 'bf_issue')
            .map((log) => log.t)
            .sort(),
        ).toEqual(issues.map((issue) => issue.uid).sort());
        const changes = (await product.admin.deviceKeys()).filter((change) =>
          ['plan', 'visits', 'beta', 'temporary'].includes(change.key),
        );
        expect(changes.map((change) => [change.key, change.value])).toEqual(
          expect.arrayContaining([
            ['plan', 'gold'],
            ['visits', 3],
            ['beta', true],
            ['temporary', 'soon gone'],
            ['temporary', null],
          ]),
        );
        expect(changes).toHaveLength(5);
        expect(logs.filter((log) => log.tg === 'bf_key_value').map((log) => log.t)).toEqual(
          expect.arrayContaining(['Set device data "plan"="gold"', 'Set device data "temporary"="null"']),
        );
        const levelTexts = [
          'a debug line',
          'a warning line',
          'an error line',
          'a trace line',
          'an info line',
          'a fatal line',
          'a sendLog line',
        ];
        report('log lines (6 levels and sendLog)', 7, logs.filter((log) => levelTexts.includes(log.t ?? '')).length);
        for (const [type, calls, sent] of [
          ['issue', 'sendIssue', 1],
          ['crash', 'sendCrash', 1],
          ['user-feedback', 'sendUserFeedback and the feedback modal', 2],
        ] as const) {
          report(`${type} (${calls})`, sent, issues.filter((issue) => issue.type === type).length);
        }
        report('device key changes (4 set, 1 removed)', 5, changes.length);
        const keyLines = logs.filter(
          (log) => log.tg === 'bf_key_value' && /^Set device data "(plan|visits|beta|temporary)"/.test(log.t ?? ''),
        );
        expect(keyLines).toHaveLength(5);
        report(
          'its own lines (bf_issue per issue, bf_key_value per key call)',
          4 + 5,
          logs.filter((log) => log.tg === 'bf_issue').length + keyLines.length,
        );

        // Every URL the SDK returned, with its base58 appID, opens a page that shows what it names.
        const viewer = await context.newPage();
        // Tall enough for the session's 18 lines to be rendered below the histogram: the stream is virtualised, and
        // a row out of view is not in the page's text.
        await viewer.setViewportSize({ width: 1280, height: 2000 });
        const issueText = await viewerText(viewer, urls.issue);
        expect(issueText).toContain('An issue title');
        expect(issueText).toContain('The issue text');
        expect(await viewerText(viewer, urls.crash)).toContain('The crash text');
        expect(await viewerText(viewer, urls.feedback)).toContain('The feedback text');
        expect(await viewerText(viewer, modalURL)).toContain('Typed into the modal');
        const sessionText = await viewerText(viewer, urls.session);
        for (const text of ['a debug line', 'a fatal line', 'a sendLog line', 'Set device data "plan"="gold"'])
          expect(sessionText).toContain(text);
        const deviceText = await viewerText(viewer, urls.device);
        expect(deviceText).toContain('plan');
        expect(deviceText).toContain('"gold"');
        expect(deviceText).toMatch(/OS\s+Linux/);
        // The keys as they stand lack the removed key; its history keeps it, set and then removed.
        expect(await viewer.locator('.keys-table').innerText()).not.toContain('temporary');
        expect(await viewer.locator('.key-history-table tbody tr', { hasText: 'temporary' }).allInnerTexts()).toEqual([
          expect.stringMatching(/temporary\s+\(none\)\s+"soon gone"/),
          expect.stringMatching(/temporary\s+"soon gone"\s+\(removed\)/),
        ]);
        expect(deviceText).toContain(session);
        // The bf_issue line in the session's log links to its issue, named by its title.
        const issueLink = await viewerLinkTarget(viewer, urls.session, 'Open issue: An issue title');
        expect(await viewerText(viewer, issueLink)).toContain('The issue text');
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it(
    'two tabs sharing one session (window.open copies sessionStorage) store every line of both',
    async () => {
      const { context, page, session } = await openSdk();
      try {
        const [second] = await Promise.all([
          context.waitForEvent('page'),
          page.evaluate(() => void window.open(location.href)),
        ]);
        await second.waitForFunction(() => window.bugfenderReady !== undefined);
        await second.evaluate(() => window.bugfenderReady);
        expect((await second.evaluate(() => window.Bugfender.getSessionURL())).endsWith(session)).toBe(true);
        const tabs = [page, second];
        await Promise.all(
          tabs.map((tab, i) =>
            tab.evaluate(
              (prefix) => {
                for (let n = 1; n <= 300; n++) window.Bugfender.log(`${prefix} ${n}`);
              },
              `tab ${i + 1} line`,
            ),
          ),
        );
        const texts = await uploadUntil(page, async () => {
          const texts = (await sessionLogs(session)).map((log) => log.t);
          for (const i of [1, 2]) expect(lineNumbers(texts, `tab ${i} line`)).toHaveLength(300);
          return texts;
        });
        for (const i of [1, 2]) expect(lineNumbers(texts, `tab ${i} line`).sort((a, b) => a - b)).toEqual(oneTo(300));
        report(
          'two tabs, one session',
          600,
          lineNumbers(texts, 'tab 1 line').length + lineNumbers(texts, 'tab 2 line').length,
        );
        // How many of them share their at with a line of the other tab: what deduplicating on at alone lost.
        const stored = await sessionLogs(session);
        const atsOf = (tab: number) =>
          new Set(stored.filter((log) => log.t?.startsWith(`tab ${tab} line`)).map((log) => log.at));
        const [firstAts, secondAts] = [atsOf(1), atsOf(2)];
        console.log(
          `@bugfender/sdk, two tabs, one session: ${[...firstAts].filter((at) => secondAts.has(at)).length} at values used by both tabs`,
        );
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it(
    'lines with a line number of 12.5 or NaN among ten normal ones lose nothing, and block nothing after them',
    async () => {
      const { context, page, session } = await openSdk();
      try {
        await page.evaluate(() => {
          const sdk = window.Bugfender;
          for (let n = 1; n <= 5; n++) sdk.log(`normal ${n}`);
          sdk.sendLog({ text: 'poisoned 12.5', line: 12.5 });
          sdk.sendLog({ text: 'poisoned NaN', line: NaN });
          for (let n = 6; n <= 10; n++) sdk.log(`normal ${n}`);
        });
        const logs = await uploadUntil(page, async () => {
          const logs = await sessionLogs(session);
          expect(
            lineNumbers(
              logs.map((log) => log.t),
              'normal',
            ),
          ).toHaveLength(10);
          return logs;
        });
        expect(
          lineNumbers(
            logs.map((log) => log.t),
            'normal',
          ).sort((a, b) => a - b),
        ).toEqual(oneTo(10));
        expect(logs.find((log) => log.t === 'poisoned 12.5')?.l).toBe(13);
        expect(logs.find((log) => log.t === 'poisoned NaN')).toEqual(
          expect.not.objectContaining({ l: expect.anything() }),
        );
        // The session is not blocked: a line logged afterwards arrives too.
        await page.evaluate(() => window.Bugfender.log('after the poison'));
        await uploadUntil(page, async () =>
          expect((await sessionLogs(session)).map((log) => log.t)).toContain('after the poison'),
        );
        const stored = (await sessionLogs(session)).filter((log) =>
          /^(normal|poisoned|after)/.test(log.t ?? ''),
        ).length;
        report('poisoned lines among ten normal ones, then one more', 13, stored);
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it(
    '200 lines of 30,000 characters arrive (a 6 MB batch)',
    async () => {
      const { context, page, session } = await openSdk();
      try {
        await page.evaluate(() => {
          for (let n = 1; n <= 200; n++) window.Bugfender.log(`big ${n} ${'x'.repeat(30_000)}`);
        });
        const big = await uploadUntil(page, async () => {
          const big = (await sessionLogs(session)).filter((log) => log.t?.startsWith('big '));
          expect(big).toHaveLength(200);
          return big;
        });
        expect(big.every((log) => log.t!.length > 30_000)).toBe(true);
        expect(new Set(big.map((log) => log.t!.split(' ')[1])).size).toBe(200);
        report('200 lines of 30,000 characters', 200, big.length);
      } finally {
        await context.close();
      }
    },
    LONG,
  );

  it(
    '1,200 lines logged offline each arrive once when the page is back online',
    async () => {
      const { context, page, session } = await openSdk();
      try {
        await context.setOffline(true);
        await page.evaluate(() => {
          for (let n = 1; n <= 1200; n++) window.Bugfender.log(`offline ${n}`);
        });
        // Past one upload tick while offline, which the SDK sees (navigator.onLine), so that its run sends nothing:
        // nothing may go, and nothing may be lost.
        expect(await page.evaluate(() => navigator.onLine)).toBe(false);
        await page.clock.fastForward(SDK_UPLOAD_INTERVAL_MS);
        expect(
          lineNumbers(
            (await sessionLogs(session)).map((log) => log.t),
            'offline',
          ),
        ).toEqual([]);
        await context.setOffline(false);
        // 500 a run: three runs at least.
        const texts = await uploadUntil(page, async () => {
          const texts = (await sessionLogs(session)).map((log) => log.t);
          expect(lineNumbers(texts, 'offline')).toHaveLength(1200);
          return texts;
        });
        expect(lineNumbers(texts, 'offline').sort((a, b) => a - b)).toEqual(oneTo(1200));
        report('1,200 lines offline', 1200, lineNumbers(texts, 'offline').length);
      } finally {
        await context.close();
      }
    },
    LONG,
  );
});
