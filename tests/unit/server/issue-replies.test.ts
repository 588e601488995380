// Replies on issue groups on SQLite and on PostgreSQL (docs/explorer.md#replies): a reply on a group or on one of its
// issues, read by every viewer of the app in the order written; a reply that resolves its group; an empty, over-long or
// malformed reply refused with its reason and nothing kept; another app's viewer neither reads nor writes; and writes
// only from the explorer's own page, with JSON.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import type { IssueGroup, IssueReply, ReplyWritten } from '../../../explorer-contract/insight.types.ts';
import { REPLY_MAX_CHARS } from '../../../explorer-contract/issue-replies.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  /** Session cookies: the admin's, a viewer of every app's, and one limited to another app's. */
  let admin: string;
  let support: string;
  let limited: string;
  let group: IssueGroup;

  const signIn = async (name: string, password: string) => {
    const answer = await service.app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
    return answer.headers.get('Set-Cookie')!.split(';')[0]!;
  };

  beforeAll(async () => {
    service = await createHarness({ store: kind });
    await service.admin('apps', { json: { key: 'other-app' } });
    await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
    await service.admin('viewers', { json: { name: 'limited', password: 'long-enough-1' } });
    await service.admin('viewers/limited/apps', { json: { apps: ['other-app'] } });
    admin = await signIn('admin', ADMIN_TOKEN);
    support = await signIn('support', 'long-enough-1');
    limited = await signIn('limited', 'long-enough-1');
    const session = await service.wire('sendSession', sessionPayload('s-replies', DEMO_APP_KEY, 'd-replies'));
    const session_id = ((await session.json()) as { id: number }).id;
    for (const uid of ['feedback-1', 'feedback-2']) {
      const sent = await service.wire('sendIssue', {
        uid,
        url: '',
        title: 'The checkout button does nothing',
        text: 'I pressed it three times.',
        app: { key: DEMO_APP_KEY },
        type: 'user-feedback',
        session_id,
      });
      expect(sent.status, await sent.text()).toBe(200);
    }
    group = (await explorer<IssueGroup>('/issues/feedback-1/group')).body;
  });
  afterAll(() => service.close());

  /** The explorer's API on the demo app, as the admin (or `as` another cookie); a `json` body makes it a POST. */
  async function explorer<T = any>(
    path: string,
    init: { json?: unknown; as?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T }> {
    const answer = await service.app.request(`http://localhost${EXPLORER_API}/apps/${APP_ID}${path}`, {
      method: init.json === undefined ? 'GET' : 'POST',
      headers: {
        Cookie: init.as ?? admin,
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }
  const thread = async (path = `/issue-groups/${group.id}/replies`) =>
    (await explorer<IssueReply[]>(path)).body.map(({ author, text, issue_uid, resolved }) => ({
      author,
      text,
      issue_uid,
      resolved,
    }));

  test('a reply on the group and one on an issue: every viewer reads them in the order written, the issue its own', async () => {
    const first = await explorer<ReplyWritten>(`/issue-groups/${group.id}/replies`, {
      json: { text: '  Reproduced on <b>Safari</b> 17 &amp; iOS.\nLooking into it.\n' },
    });
    expect(first.status).toBe(201);
    expect(first.body.reply).toMatchObject({
      group_id: group.id,
      issue_uid: null,
      author: 'admin',
      text: 'Reproduced on <b>Safari</b> 17 &amp; iOS.\nLooking into it.',
      resolved: false,
    });
    expect(Date.parse(first.body.reply.created_at)).toBeGreaterThan(0);
    expect(first.body.group.status).toBe('open');
    const second = await explorer<ReplyWritten>('/issues/feedback-2/replies', {
      json: { text: 'Asked the user which card.' },
      as: support,
    });
    expect(second.status).toBe(201);
    expect(second.body.reply.id).toBeGreaterThan(first.body.reply.id);

    const expected = [
      {
        author: 'admin',
        text: 'Reproduced on <b>Safari</b> 17 &amp; iOS.\nLooking into it.',
        issue_uid: null,
        resolved: false,
      },
      { author: 'support', text: 'Asked the user which card.', issue_uid: 'feedback-2', resolved: false },
    ];
    expect(await thread()).toEqual(expected);
    expect((await explorer<IssueReply[]>(`/issue-groups/${group.id}/replies`, { as: support })).body).toEqual(
      (await explorer<IssueReply[]>(`/issue-groups/${group.id}/replies`)).body,
    );
    expect(await thread('/issues/feedback-2/replies')).toEqual([expected[1]]);
    expect(await thread('/issues/feedback-1/replies')).toEqual([]);
  });

  test('a reply that resolves the group sets its status by its author; on a resolved group it resolves nothing', async () => {
    const written = await explorer<ReplyWritten>('/issues/feedback-1/replies', {
      json: { text: 'Fixed in 2.4.1.', resolve: true },
      as: support,
    });
    expect(written.status).toBe(201);
    expect(written.body.reply).toMatchObject({ resolved: true, issue_uid: 'feedback-1' });
    expect(written.body.group).toMatchObject({
      status: 'resolved',
      status_by: 'support',
      status_changed_at: written.body.reply.created_at,
    });
    // The example in docs/explorer.md#replies is such an answer: the same fields, the same values but for ids and times.
    const docs = readFileSync(resolve(import.meta.dirname, '../../../docs/explorer.md'), 'utf8');
    const example = JSON.parse(
      /```json\n([\s\S]*?)```/.exec(docs.slice(docs.indexOf('## Replies')))![1]!,
    ) as ReplyWritten;
    expect(Object.keys(written.body.reply)).toEqual(Object.keys(example.reply));
    const { id: _id, group_id: _group, created_at: _at, issue_uid: _issue, ...said } = example.reply;
    expect(written.body.reply).toMatchObject(said);
    expect(written.body.group).toMatchObject({ status: example.group.status, status_by: example.group.status_by });
    const again = await explorer<ReplyWritten>(`/issue-groups/${group.id}/replies`, {
      json: { text: 'Confirmed.', resolve: true },
    });
    expect(again.body.reply.resolved).toBe(false);
    expect(again.body.group).toMatchObject({ status: 'resolved', status_by: 'support' });
    await explorer(`/issue-groups/${group.id}/status`, { json: { status: 'open' } });
  });

  test('an empty, over-long or malformed reply is refused with its reason, and nothing is kept', async () => {
    const before = await thread();
    const refusals: [unknown, string][] = [
      [{ text: '' }, 'A reply cannot be empty: write something first.'],
      [{ text: ' \n\t ' }, 'A reply cannot be empty: write something first.'],
      [
        { text: 'x'.repeat(REPLY_MAX_CHARS + 1) },
        `A reply is at most 5,000 characters; this one has ${(REPLY_MAX_CHARS + 1).toLocaleString('en')}.`,
      ],
      [{ text: 'before\0after' }, 'A reply cannot hold the NUL character (U+0000).'],
      [{ text: 42 }, `'text' must be a string`],
      [{}, `'text' must be a string`],
      [{ text: 'ok', resolve: 'yes' }, `'resolve' must be a boolean`],
    ];
    for (const [json, error] of refusals) {
      expect(await explorer(`/issue-groups/${group.id}/replies`, { json }), JSON.stringify(json)).toEqual({
        status: 400,
        body: { error },
      });
      expect((await explorer('/issues/feedback-1/replies', { json })).status).toBe(400);
    }
    expect(await thread()).toEqual(before);
    expect((await explorer(`/issue-groups/${group.id}`)).body.status).toBe('open');
  });

  test('the longest reply fits the body limit even as escaped JSON; one character more is refused by its length', async () => {
    // Each 😀 is one character, two UTF-16 units, and 12 bytes as JSON's \uD83D\uDE00.
    const longest = '😀'.repeat(REPLY_MAX_CHARS);
    const escaped = JSON.stringify({ text: longest }).replace(
      /[\uD800-\uDFFF]/g,
      (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
    );
    const answer = await service.app.request(
      `http://localhost${EXPLORER_API}/apps/${APP_ID}/issue-groups/${group.id}/replies`,
      {
        method: 'POST',
        headers: { Cookie: admin, 'Content-Type': 'application/json' },
        body: escaped,
      },
    );
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as ReplyWritten).reply.text).toBe(longest);
    const over = await explorer(`/issue-groups/${group.id}/replies`, { json: { text: `${longest}😀` } });
    expect(over.body.error).toBe('A reply is at most 5,000 characters; this one has 5,001.');
  });

  test('no such group or issue is a 404', async () => {
    expect((await explorer('/issue-groups/99999/replies')).status).toBe(404);
    expect((await explorer('/issue-groups/99999/replies', { json: { text: 'hello' } })).status).toBe(404);
    expect((await explorer('/issues/no-such-issue/replies')).body).toEqual({ error: 'no such issue' });
    expect((await explorer('/issues/no-such-issue/replies', { json: { text: 'hello' } })).status).toBe(404);
  });

  test("a viewer limited to another app neither reads nor writes this app's replies", async () => {
    const before = await thread();
    expect(before.length).toBeGreaterThan(0);
    for (const path of [`/issue-groups/${group.id}/replies`, '/issues/feedback-2/replies']) {
      const read = await explorer(path, { as: limited });
      expect(read).toEqual({ status: 404, body: { error: 'no such app' } });
      const write = await explorer(path, { as: limited, json: { text: 'planted', resolve: true } });
      expect(write).toEqual({ status: 404, body: { error: 'no such app' } });
    }
    expect(await thread()).toEqual(before);
    expect((await explorer(`/issue-groups/${group.id}`)).body.status).toBe('open');
  });

  test('a reply is written only from the explorer’s own page, with JSON: 403 and 415 keep nothing', async () => {
    const before = await thread();
    const refusals = [
      [403, { 'Sec-Fetch-Site': 'cross-site' }],
      [403, { Origin: 'http://localhost:8081' }],
      [415, { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }],
      [415, { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'text/plain' }],
    ] as const;
    for (const path of [`/issue-groups/${group.id}/replies`, '/issues/feedback-1/replies'])
      for (const [status, headers] of refusals) {
        const answer = await explorer(path, { json: { text: 'planted', resolve: true }, headers });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
      }
    expect(await thread()).toEqual(before);
    expect((await explorer(`/issue-groups/${group.id}`)).body.status).toBe('open');
  });
});
