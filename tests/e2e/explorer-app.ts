// The explorer's end-to-end files share this: one product per file (tests/e2e/product.ts) with the app every view is
// checked against (two sessions on two devices, an issue and a feedback, a device key each), the viewer's sign-in made
// once, and what the tests read off the page. Each file seeds its own product, so the files run side by side and no
// file's logs change another's views (docs/testing.md#the-explorers-files).
import type { Cookie, Download, Page } from 'playwright-core';
import { beforeAll, beforeEach } from 'vitest';
import { waitFor } from './wait-for.ts';
import { TAIL_EVERY_MS } from '../../explorer/logs/use-log-stream.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { viewerCookies } from './viewer.ts';

export const APP = 'explorer-e2e-app';
export const APP_ID = appIdOf(APP);
export const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
export const MARKUP = 'Clicked <b>bold</b> <img src=x onerror="window.pwned=1">';

/** A log of APP, `minute` minutes after T0. */
export const log = (minute: number, t: string, ll: number, tg: string): LogRecord =>
  ({
    x: new Date(T0 + minute * 60_000).toISOString(),
    at: T0 + minute * 60_000,
    t,
    ll,
    tg,
    f: 'checkout.ts',
    l: 40 + minute,
    m: 'pay',
    u: 'https://shop.example/cart',
  }) as LogRecord;

/** What each session received, oldest first. */
export const ALPHA = [
  log(0, 'alpha debug boot', 0, 'boot'),
  log(1, 'alpha warning slow network', 1, 'net'),
  log(2, 'alpha error payment declined', 2, 'pay'),
  log(3, 'issue-alpha', 2, 'bf_issue'),
  log(4, MARKUP, 4, 'ui'),
];
export const BETA = [
  log(5, 'beta info started', 4, 'boot'),
  log(6, 'beta error timeout', 2, 'net'),
  log(7, 'beta debug idle', 0, 'ui'),
];
export const ALL = [...ALPHA, ...BETA];
/** The crash of session s-alpha, whose `bf_issue` line is ALPHA's fourth. */
const ALPHA_CRASH = { uid: 'issue-alpha', title: 'Checkout crashed' };
/** What a log's row reads: its text, or for a `bf_issue` line its issue's title (docs/explorer-views.md#issue-lines). */
export const rowText = (entry: LogRecord) =>
  entry.tg === 'bf_issue' && entry.t === ALPHA_CRASH.uid ? ALPHA_CRASH.title : entry.t;
/** The stream shows the newest first. */
export const newestFirst = (logs: LogRecord[]) => [...logs].sort((a, b) => b.at - a.at).map(rowText);

/** The file's product with APP in it, and the e2e viewer's sign-in, made once: a test that is not about signing in
 * starts with it (`startSignedIn`). */
export function useExplorerApp() {
  const e2e = useProductPage();
  let betaSession = 0;
  let signedIn: Cookie[] = [];
  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.createApp();
    const alpha = await collector.session('s-alpha', 'd-alpha');
    betaSession = await collector.session('s-beta', 'd-beta');
    await collector.logs(alpha, ALPHA);
    await collector.logs(betaSession, BETA);
    // Its text holds a redaction's replacement, so that the accessibility checks meet a marked token.
    await collector.issue(alpha, {
      ...ALPHA_CRASH,
      text: 'Pay button threw for [email]',
      type: 'crash',
    });
    await collector.issue(betaSession, {
      uid: 'feedback-beta',
      title: 'Love the new cart',
      text: 'Nice work',
      type: 'user-feedback',
    });
    await collector.deviceKey('d-alpha', 'plan', 'gold');
    await collector.deviceKey('d-beta', 'plan', 'silver');
  });
  return {
    e2e,
    /** The id of session s-beta, for logs sent to it later. */
    get betaSession() {
      return betaSession;
    },
    get signedIn() {
      return signedIn;
    },
    /** Each test of the describe block starts signed in; viewerText still signs in should the explorer ask. */
    startSignedIn: () => beforeEach(() => e2e.page.context().addCookies(signedIn)),
    /** The stream of APP under `params`. */
    logsUrl: (params: Record<string, string> = {}) =>
      `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: APP_ID, ...params })}`,
  };
}

/** Drives the live tail's poll timer with Playwright's clock (installed before the page loads) until `check` passes:
 * each step fires the next poll at once instead of waiting its 0.7 s. */
export async function tailUntil(page: Page, check: () => Promise<unknown>): Promise<void> {
  await waitFor(
    async () => {
      await page.clock.fastForward(TAIL_EVERY_MS);
      await check();
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** A download's content. Read as a stream: the browser is the run's, on the other end of a connection, and its files
 * have no path here. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The texts of the logs the stream shows, top to bottom. */
export async function streamTexts(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () => document.querySelector('.log-list') !== null || /No logs match/.test(document.body.innerText),
  );
  return page.locator('.log-list .log-text').allInnerTexts();
}
