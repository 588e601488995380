// The scenarios of the Bugfender SDK run (bugfender-sdk.test.ts), from Sidelog's own client in the portal, plus a
// reload during a burst: `at` runs ahead of the clock and the session survives the reload, which once lost every
// line logged after it (their `at` repeated the burst's, and the collector deduplicated on `at` alone). The page
// now carries on above the burst's last `at` (docs/durability.md) and the collector keeps different logs that share
// one (tests/unit/server/log-dedupe.test.ts); every line must arrive.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { lineNumbers, logLines, oneTo, openPortal, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { useProductPage } from './product.ts';
import { viewerText } from './viewer.ts';

const e2e = useProductPage();

const DELIVERY = { timeout: 60_000, interval: 250 };
const LONG = 120_000;

const openPortalTab = (page: Page = e2e.page): Promise<string> => openPortal(page, e2e.product.url);
const sessionLogs = (session: string): Promise<LogRecord[]> => e2e.product.admin.sessionLogs(session);
const report = (scenario: string, sent: number, stored: number) =>
  console.log(`Sidelog, ${scenario}: ${sent} sent, ${stored} stored`);

describe("Sidelog's own client against the collector", () => {
  it(
    'every API call arrives once, and every URL it returns opens a page showing what it names',
    async () => {
      const session = await openPortalTab();
      const urls = await e2e.page.evaluate(async () => {
        const sdk = window.Sidelog;
        sdk.log('a debug line');
        sdk.warn('a warning line');
        sdk.error('an error line');
        sdk.trace('a trace line');
        sdk.info('an info line');
        sdk.fatal('a fatal line');
        sdk.sendLog({ tag: 'checkout', text: 'a sendLog line', file: 'cart.ts', line: 42, method: 'pay', level: 1 });
        sdk.setDeviceKey('plan', 'gold');
        sdk.setDeviceKey('temporary', 'soon gone');
        sdk.removeDeviceKey('temporary');
        return {
          issue: await sdk.sendIssue('An issue title', 'The issue text'),
          crash: await sdk.sendCrash('A crash title', 'The crash text'),
          feedback: await sdk.sendUserFeedback('A feedback title', 'The feedback text'),
          device: await sdk.getDeviceURL(),
          session: await sdk.getSessionURL(),
        };
      });
      // The feedback dialog, as a person fills it in: it opens with the subject focused (its shadow root is closed).
      const modal = e2e.page.evaluate(() => window.Sidelog.getUserFeedback({ title: 'Tell us' }));
      await e2e.page.waitForFunction(() => document.activeElement?.hasAttribute('data-sidelog-feedback'));
      await e2e.page.keyboard.type('Modal subject');
      await e2e.page.keyboard.press('Tab');
      await e2e.page.keyboard.type('Typed into the modal');
      await e2e.page.keyboard.press('Tab');
      await e2e.page.keyboard.press('Enter');
      const answer = await modal;
      expect(answer).toEqual({ isSent: true, feedbackURL: expect.any(String) });
      const modalURL = (answer as { feedbackURL: string }).feedbackURL;
      await sendNow(e2e.page);
      await waitFor(async () => {
        expect((await e2e.product.admin.issues()).filter((issue) => issue.session_uid === session)).toHaveLength(4);
        expect((await sessionLogs(session)).map((log) => log.t)).toContain('a sendLog line');
        expect((await e2e.product.admin.deviceKeys()).filter((change) => change.key === 'temporary')).toHaveLength(2);
      }, DELIVERY);
      const issues = (await e2e.product.admin.issues()).filter((issue) => issue.session_uid === session);
      expect(issues.map((issue) => [issue.type, issue.title, issue.text])).toEqual([
        ['issue', 'An issue title', 'The issue text'],
        ['crash', 'A crash title', 'The crash text'],
        ['user-feedback', 'A feedback title', 'The feedback text'],
        ['user-feedback', 'Modal subject', 'Typed into the modal'],
      ]);
      const logs = await sessionLogs(session);
      for (const [text, level] of [
        ['a debug line', 0],
        ['a warning line', 1],
        ['an error line', 2],
        ['a trace line', 3],
        ['an info line', 4],
        ['a fatal line', 5],
      ] as const) {
        expect(logs.filter((log) => log.t === text).map((log) => log.ll)).toEqual([level]);
      }
      expect(logs.filter((log) => log.t === 'a sendLog line')).toEqual([
        expect.objectContaining({ tg: 'checkout', f: 'cart.ts', l: 42, m: 'pay', ll: 1 }),
      ]);

      const viewer = await e2e.page.context().newPage();
      expect(await viewerText(viewer, urls.issue)).toContain('The issue text');
      expect(await viewerText(viewer, urls.crash)).toContain('The crash text');
      expect(await viewerText(viewer, urls.feedback)).toContain('The feedback text');
      expect(await viewerText(viewer, modalURL)).toContain('Typed into the modal');
      expect(await viewerText(viewer, urls.session)).toContain('a sendLog line');
      const deviceText = await viewerText(viewer, urls.device);
      expect(deviceText).toContain('"gold"');
      // The keys as they stand lack the removed key; its history keeps it, set and then removed.
      expect(await viewer.locator('.keys-table').innerText()).not.toContain('temporary');
      expect(await viewer.locator('.key-history-table tbody tr', { hasText: 'temporary' }).allInnerTexts()).toEqual([
        expect.stringMatching(/temporary\s+\(none\)\s+"soon gone"/),
        expect.stringMatching(/temporary\s+"soon gone"\s+\(removed\)/),
      ]);
      report(
        'API calls (6 levels and sendLog; issue, crash, 2 feedback)',
        7 + 4,
        logs.filter((log) => /line$/.test(log.t ?? '')).length + issues.length,
      );
    },
    LONG,
  );

  it(
    'two tabs sharing one session (window.open copies sessionStorage) store every line of both',
    async () => {
      const session = await openPortalTab();
      const [second] = await Promise.all([
        e2e.page.context().waitForEvent('page'),
        e2e.page.evaluate(() => void window.open(location.href)),
      ]);
      await sidelogMode(second);
      expect(await sessionUUID(second)).toBe(session);
      const tabs = [e2e.page, second];
      await Promise.all(tabs.map((tab, i) => logLines(tab, `tab ${i + 1} line`, 300)));
      for (const tab of tabs) await sendNow(tab);
      const texts = await waitFor(async () => {
        const texts = (await sessionLogs(session)).map((log) => log.t);
        for (const i of [1, 2]) expect(lineNumbers(texts, `tab ${i} line`)).toHaveLength(300);
        return texts;
      }, DELIVERY);
      for (const i of [1, 2]) expect(lineNumbers(texts, `tab ${i} line`).sort((a, b) => a - b)).toEqual(oneTo(300));
      report(
        'two tabs, one session',
        600,
        lineNumbers(texts, 'tab 1 line').length + lineNumbers(texts, 'tab 2 line').length,
      );
    },
    LONG,
  );

  it(
    'a reload during a burst: every line of the burst and of the page after the reload arrives',
    async () => {
      const session = await openPortalTab();
      // 2,000 calls in one task: `at` is strictly increasing, so it runs ahead of the clock.
      await logLines(e2e.page, 'before reload', 2000);
      await e2e.page.evaluate(() => window.Sidelog.settle());
      await e2e.page.reload();
      await sidelogMode(e2e.page);
      expect(await sessionUUID(e2e.page)).toBe(session);
      await logLines(e2e.page, 'after reload', 200);
      await sendNow(e2e.page);
      const texts = await waitFor(async () => {
        const texts = (await sessionLogs(session)).map((log) => log.t);
        expect(lineNumbers(texts, 'before reload')).toHaveLength(2000);
        expect(lineNumbers(texts, 'after reload')).toHaveLength(200);
        return texts;
      }, DELIVERY);
      expect(lineNumbers(texts, 'before reload').sort((a, b) => a - b)).toEqual(oneTo(2000));
      expect(lineNumbers(texts, 'after reload').sort((a, b) => a - b)).toEqual(oneTo(200));
      report(
        'reload during a burst',
        2200,
        lineNumbers(texts, 'before reload').length + lineNumbers(texts, 'after reload').length,
      );
    },
    LONG,
  );

  it(
    'lines with a line number of 12.5 or NaN among ten normal ones lose nothing',
    async () => {
      const session = await openPortalTab();
      await e2e.page.evaluate(() => {
        const sdk = window.Sidelog;
        for (let n = 1; n <= 5; n++) sdk.log(`normal ${n}`);
        sdk.sendLog({ text: 'poisoned 12.5', line: 12.5 });
        sdk.sendLog({ text: 'poisoned NaN', line: NaN });
        for (let n = 6; n <= 10; n++) sdk.log(`normal ${n}`);
      });
      await sendNow(e2e.page);
      const logs = await waitFor(async () => {
        const logs = await sessionLogs(session);
        expect(
          lineNumbers(
            logs.map((log) => log.t),
            'normal',
          ),
        ).toHaveLength(10);
        expect(logs.map((log) => log.t)).toEqual(expect.arrayContaining(['poisoned 12.5', 'poisoned NaN']));
        return logs;
      }, DELIVERY);
      expect(
        lineNumbers(
          logs.map((log) => log.t),
          'normal',
        ).sort((a, b) => a - b),
      ).toEqual(oneTo(10));
      expect(logs.find((log) => log.t === 'poisoned NaN')).toEqual(
        expect.not.objectContaining({ l: expect.anything() }),
      );
      report(
        'poisoned lines among ten normal ones',
        12,
        logs.filter((log) => /^(normal|poisoned)/.test(log.t ?? '')).length,
      );
    },
    LONG,
  );

  it(
    '200 lines of 30,000 characters arrive',
    async () => {
      const session = await openPortalTab();
      await e2e.page.evaluate(() => {
        for (let n = 1; n <= 200; n++) window.Sidelog.log(`big ${n} ${'x'.repeat(30_000)}`);
      });
      await sendNow(e2e.page);
      const big = await waitFor(async () => {
        const big = (await sessionLogs(session)).filter((log) => log.t?.startsWith('big '));
        expect(big).toHaveLength(200);
        return big;
      }, DELIVERY);
      expect(new Set(big.map((log) => log.t!.split(' ')[1])).size).toBe(200);
      report('200 lines of 30,000 characters', 200, big.length);
    },
    LONG,
  );

  it(
    '1,200 lines logged offline each arrive once when the page is back online',
    async () => {
      const session = await openPortalTab();
      // Chromium's offline emulation reaches the page but not, reliably, its SharedWorker, which does the uploading;
      // so the collector is also stopped, which every upload from the worker meets as a network error.
      await e2e.page.context().setOffline(true);
      await e2e.product.stopService();
      await logLines(e2e.page, 'offline', 1200);
      // The forced upload run fails while offline: nothing may be lost.
      await sendNow(e2e.page);
      await e2e.product.startServiceAgain();
      expect(
        lineNumbers(
          (await sessionLogs(session)).map((log) => log.t),
          'offline',
        ),
      ).toEqual([]);
      await e2e.page.context().setOffline(false);
      await sendNow(e2e.page);
      const texts = await waitFor(async () => {
        const texts = (await sessionLogs(session)).map((log) => log.t);
        expect(lineNumbers(texts, 'offline')).toHaveLength(1200);
        return texts;
      }, DELIVERY);
      expect(lineNumbers(texts, 'offline').sort((a, b) => a - b)).toEqual(oneTo(1200));
      report('1,200 lines offline', 1200, lineNumbers(texts, 'offline').length);
    },
    LONG,
  );
});
