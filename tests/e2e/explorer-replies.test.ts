// Replies on issues in real Chromium against the running service, on SQLite and on PostgreSQL
// (docs/explorer.md#replies): a reply written on a group is there after a reload and for a second viewer account, as
// plain text with its author and time; one written on an issue's page is in the group's thread too; an empty or
// over-long reply shows its error and keeps the typed text; a reply can resolve the group; a viewer of another app
// neither reads nor writes the thread; and the page stays free of serious accessibility violations.
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLY_MAX_CHARS } from '../../explorer-contract/issue-replies.ts';
import type { IssueGroup, IssueReply } from '../../explorer-contract/insight.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { postgresDatabase } from './postgres-database.ts';
import { E2E_VIEWER, useProductPage } from './product.ts';
import { explorerSettled, signInToExplorer, viewerCookies, viewerText } from './viewer.ts';
import { seriousViolations } from './axe.ts';
import { adminPost } from './admin-client.ts';

const APP = 'replies-e2e';
const OTHER_APP = 'replies-e2e-other';
const APP_ID = appIdOf(APP);
const SECOND_VIEWER = { name: 'second-viewer', password: 'second-viewer-password' };
const OTHER_VIEWER = { name: 'other-app-viewer', password: 'other-app-viewer-password' };
/** A reply that would be markup if the page wrote it as HTML. */
const MARKUP_REPLY =
  'Asked for the card type <img src=x onerror="document.title=\'pwned\'"> <b>not bold</b>\nsecond line';
/** The explorer's one date format (explorer/format.ts). */
const ONE_FORMAT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

describe.each([
  ['SQLite', undefined],
  ['PostgreSQL', postgresDatabase],
])('replies on issues, on %s', (_store, database) => {
  const e2e = useProductPage(database);
  let signedIn: Cookie[] = [];
  let group: IssueGroup;
  const groupUrl = () => `${e2e.product.url}/sidelog/issue-groups/${group.id}?app=${APP_ID}`;
  const issueUrl = (uid: string) => `${e2e.product.url}/sidelog/issues/${uid}?app=${APP_ID}`;

  /** The explorer's API as the e2e viewer, from Node; a `json` body makes it a POST. */
  async function api<T>(path: string, json?: unknown): Promise<T> {
    const cookie = signedIn.map(({ name, value }) => `${name}=${value}`).join('; ');
    const answer = await fetch(`${e2e.product.url}/sidelog/explorer/api/apps/${APP_ID}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    expect(answer.status, path).toBe(json === undefined ? 200 : 201);
    return (await answer.json()) as T;
  }
  const thread = () => api<IssueReply[]>(`/issue-groups/${group.id}/replies`);

  beforeAll(async () => {
    const admin = (path: string, body: unknown) => adminPost(e2e.product.url, e2e.product.adminToken, path, body);
    const client = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await client.createApp();
    await createCollectorClient(e2e.product.url, e2e.product.adminToken, OTHER_APP).createApp();
    for (const [n, udid] of [
      [1, 'd-ann'],
      [2, 'd-bob'],
    ] as const)
      await client.issue(await client.session(`s-${n}`, udid), {
        uid: `feedback-${n}`,
        title: 'The pay button does nothing',
        text: `Pressed it ${n} times.`,
        type: 'user-feedback',
      });
    expect((await admin('viewers', SECOND_VIEWER)).status).toBe(201);
    expect((await admin('viewers', OTHER_VIEWER)).status).toBe(201);
    expect((await admin(`viewers/${OTHER_VIEWER.name}/apps`, { apps: [OTHER_APP] })).status).toBe(200);
    signedIn = await viewerCookies(e2e.product.url);
    group = await api<IssueGroup>('/issues/feedback-1/group');
  });
  beforeEach(() => e2e.page.context().addCookies(signedIn));

  /** Types `text` in the reply box and presses `button`, as a person would. */
  async function reply(page: Page, text: string, button: 'Reply' | 'Reply and resolve' = 'Reply') {
    await page.getByRole('textbox', { name: /^Reply on this/ }).fill(text);
    await page.getByRole('button', { name: button, exact: true }).click();
  }
  /** The thread as the page shows it: each reply's author, time and text. */
  const shown = (page: Page) =>
    page.locator('.reply-thread > li').evaluateAll((items) =>
      items.map((item) => ({
        meta: item.querySelector('.reply-meta')!.textContent,
        time: item.querySelector('time')!.textContent,
        text: (item.querySelector('.reply-text') as HTMLElement).innerText,
        elements: item.querySelector('.reply-text')!.children.length,
      })),
    );

  it('a reply on the group is there after a reload and for a second viewer, as plain text with its author and time', async () => {
    const page = e2e.page;
    await viewerText(page, groupUrl());
    expect(await page.getByText('No reply yet.').isVisible()).toBe(true);
    await reply(page, MARKUP_REPLY);
    await page.locator('.reply-thread > li').waitFor();
    expect(await page.getByRole('textbox', { name: 'Reply on this group' }).inputValue()).toBe('');
    const written = await shown(page);
    expect(written).toEqual([
      {
        meta: expect.stringMatching(/^e2e-viewer \d/),
        time: expect.stringMatching(ONE_FORMAT),
        text: MARKUP_REPLY,
        elements: 0,
      },
    ]);
    expect(await page.title()).not.toBe('pwned');

    await page.reload();
    await explorerSettled(page);
    await page.locator('.reply-thread > li').waitFor();
    expect(await shown(page)).toEqual(written);

    const second = await e2e.product.browser.newContext();
    try {
      const other = await second.newPage();
      await other.goto(groupUrl());
      await signInToExplorer(other, SECOND_VIEWER);
      await explorerSettled(other);
      await other.locator('.reply-thread > li').waitFor();
      expect(await shown(other)).toEqual(written);
      // The second viewer answers on one issue's page: its own thread there, and the group's thread names the issue.
      await other.goto(issueUrl('feedback-2'));
      await explorerSettled(other);
      await reply(other, 'Asked Bob which browser.');
      await other.locator('.reply-thread > li').waitFor();
      expect((await shown(other)).map((item) => [item.meta?.split(' ')[0], item.text])).toEqual([
        [SECOND_VIEWER.name, 'Asked Bob which browser.'],
      ]);
    } finally {
      await second.close();
    }
    await viewerText(page, groupUrl());
    await page.locator('.reply-thread > li').nth(1).waitFor();
    expect((await shown(page)).map((item) => item.text)).toEqual([MARKUP_REPLY, 'Asked Bob which browser.']);
    expect(await page.locator('.reply-thread > li').nth(1).getByRole('link', { name: 'feedback-2' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('heading', { name: 'Replies (2)' }).isVisible()).toBe(true);
  });

  it('an empty or over-long reply shows its error and keeps the typed text, and nothing is kept', async () => {
    const page = e2e.page;
    const before = await thread();
    await viewerText(page, issueUrl('feedback-1'));
    const box = page.getByRole('textbox', { name: 'Reply on this issue' });
    await reply(page, '  \n ');
    await page.getByRole('alert').getByText('A reply cannot be empty: write something first.').waitFor();
    expect(await box.inputValue()).toBe('  \n ');
    const tooLong = `${'Steps to reproduce. '.repeat(250)}!`;
    expect([...tooLong.trim()].length).toBe(REPLY_MAX_CHARS + 1);
    await reply(page, tooLong);
    await page.getByRole('alert').getByText('A reply is at most 5,000 characters; this one has 5,001.').waitFor();
    expect(await box.inputValue()).toBe(tooLong);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await thread()).toEqual(before);
  });

  it('a reply that resolves the group marks it resolved, says so in the thread, and is offered no more', async () => {
    const page = e2e.page;
    await viewerText(page, groupUrl());
    await reply(page, 'Fixed in 2.4.1, answered both users.', 'Reply and resolve');
    await page.locator('.group-status').getByText('Resolved').waitFor();
    await page.getByText('Fixed in 2.4.1, answered both users.').waitFor();
    expect((await shown(page)).at(-1)!.meta).toMatch(/^e2e-viewer .* · resolved the group$/);
    expect(await page.locator('.group-status').innerText()).toContain(`set by ${E2E_VIEWER.name}`);
    expect(await page.getByRole('button', { name: 'Reply and resolve' }).count()).toBe(0);
  });

  it("a viewer of another app neither reads nor writes the app's replies", async () => {
    await api('/issues/feedback-1/replies', { text: 'For the team only.' });
    const before = await thread();
    const context = await e2e.product.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(groupUrl());
      await signInToExplorer(page, OTHER_VIEWER);
      // Not explorerSettled alone: for an app not the viewer's the layout shows none of the page, so no busy status
      // tells of the group's request, whose refusal gives the heading (it once read "Issue group" under load).
      await page.getByRole('heading', { name: 'Issue group not found' }).waitFor();
      await explorerSettled(page);
      const text = await page.locator('body').innerText();
      expect(text).toContain('Issue group not found');
      expect(text).not.toMatch(/For the team|Asked|Fixed in|pay button/);
      // The page's own request, as a script on it would send it: same origin, JSON, the viewer's cookie.
      const answers = await page.evaluate(
        async (paths) =>
          Promise.all(
            paths.map(async (path) => {
              const read = await fetch(path);
              const write = await fetch(path, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ text: 'planted', resolve: true }),
              });
              return [read.status, await read.text(), write.status, await write.text()];
            }),
          ),
        [`issue-groups/${group.id}/replies`, 'issues/feedback-1/replies'].map(
          (path) => `/sidelog/explorer/api/apps/${APP_ID}/${path}`,
        ),
      );
      const refused = [404, '{"error":"no such app"}', 404, '{"error":"no such app"}'];
      expect(answers).toEqual([refused, refused]);
    } finally {
      await context.close();
    }
    expect(await thread()).toEqual(before);
  });

  it('axe-core finds no serious or critical violation on a thread with an error showing', async () => {
    const page = e2e.page;
    await viewerText(page, groupUrl());
    await page.locator('.reply-thread > li').first().waitFor();
    await reply(page, ' ');
    await page.getByRole('alert').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
