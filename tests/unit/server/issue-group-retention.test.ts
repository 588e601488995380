// Retention and issue groups, on SQLite and on PostgreSQL (docs/explorer.md#issue-groups): a group goes, with its
// devices and its replies, once its last occurrence is older than the period and its issues have gone; a group seen
// since stays, whole.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startRetention } from '../../../server/stores/retention.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  afterEach(() => service.close());

  /** Runs a statement on the service's database, beside the service (`?` for its parameters); its rows. */
  async function onDatabase(statement: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
    if (kind === 'sqlite') {
      const db = new Database(service.db);
      try {
        const prepared = db.prepare(statement);
        return prepared.reader ? (prepared.all(...params) as Record<string, unknown>[]) : (prepared.run(...params), []);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client(service.db);
    await client.connect();
    try {
      let n = 0;
      return (
        await client.query(
          statement.replaceAll('?', () => `$${++n}`),
          params,
        )
      ).rows;
    } finally {
      await client.end();
    }
  }

  let issues = 0;
  async function sendIssue(udid: string, title: string): Promise<string> {
    const session = await service.wire('sendSession', sessionPayload(`s-${udid}`, DEMO_APP_KEY, udid));
    const session_id = ((await session.json()) as { id: number }).id;
    const uid = `issue-${++issues}`;
    const answer = await service.wire('sendIssue', { uid, url: '', title, text: title, type: 'issue', session_id });
    expect(answer.status).toBe(200);
    return uid;
  }
  const groupOf = async (uid: string) => (await service.store.groupOfIssue(DEMO_APP_KEY, uid))!;
  const count = async (table: string, groupId: number) =>
    Number((await onDatabase(`SELECT count(*) AS n FROM ${table} WHERE group_id = ?`, groupId))[0]!.n);

  test('a group whose last occurrence is older than the period goes with its devices and replies once its issues have; one seen since stays', async () => {
    service = await createHarness({ store: kind });
    const now = Date.now();
    const old = await groupOf(await sendIssue('d-1', 'Old failure'));
    await sendIssue('d-2', 'Old failure');
    const kept = await groupOf(await sendIssue('d-3', 'Kept failure'));
    await service.store.addIssueReply(DEMO_APP_KEY, {
      group_id: old.id,
      issue_uid: null,
      author: 'support',
      text: 'Looked into it.',
      created_at: new Date(now).toISOString(),
      resolved: false,
    });
    // As the collector left them forty days ago.
    const fortyDaysAgo = new Date(now - 40 * DAY).toISOString();
    await onDatabase('UPDATE issue_groups SET first_seen = ?, last_seen = ?', fortyDaysAgo, fortyDaysAgo);

    const retention = startRetention(service.store, { days: 30, batch: 1, timer: false });
    // Thirty-five days ago, retention noted how far the tables had grown: the three issues.
    expect(await retention.runOnce(new Date(now - 35 * DAY))).toBe(0);
    const recent = await sendIssue('d-4', 'Kept failure');
    expect(await count('issue_group_devices', old.id)).toBe(2);
    expect(await count('issue_replies', old.id)).toBe(1);

    // Today the three issues go by that mark; the old group, left with none, goes with its two devices and its
    // reply, a row a step.
    expect(await retention.runOnce(new Date(now))).toBeGreaterThanOrEqual(3 + 2 + 1 + 1);
    expect(await service.store.issueGroup(DEMO_APP_KEY, old.id)).toBeUndefined();
    expect(await count('issue_group_devices', old.id)).toBe(0);
    expect(await count('issue_replies', old.id)).toBe(0);
    expect(await service.store.issueGroup(DEMO_APP_KEY, kept.id)).toMatchObject({ occurrences: 2, devices: 2 });
    expect(await count('issue_group_devices', kept.id)).toBe(2);
    expect((await service.store.groupOccurrences(DEMO_APP_KEY, kept.id, { limit: 10 })).issues).toMatchObject([
      { uid: recent },
    ]);
    expect(await retention.runOnce(new Date(now))).toBe(0);

    // The old problem again: a new group, announced as new.
    expect(await groupOf(await sendIssue('d-1', 'Old failure'))).toMatchObject({ occurrences: 1, devices: 1 });
    await retention.stop();
  });
});
