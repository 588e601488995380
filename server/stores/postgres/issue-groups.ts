// Issue groups in PostgreSQL (docs/explorer.md#issue-groups), as in SQLite (server/stores/sqlite/issue-groups.ts): an issue
// joins the group of its fingerprint in the transaction that stores it (server/stores/postgres/collector-store.ts). The
// group's row is locked first, so that processes storing occurrences of one group at once count each and announce a
// reopening once.
import type pg from 'pg';
import type { ExplorerIssue } from '../../../explorer-contract/api.types.ts';
import type { IssueGroup } from '../../../explorer-contract/insight.types.ts';
import { GROUP_SELECT, groupingOf, groupEventTimeSql, occurrenceOutcome } from '../../explorer/issue-grouping.ts';
import { insertGroup, OCCURRENCE_SELECT, queueNotification, type GroupedIssue } from '../issue-group-sql.ts';
import type { GroupBreakdownRow, GroupIssueKey, IssueGroupStore } from '../store.types.ts';
import { sql, transaction, type Queryable } from './client.ts';
import { numbered } from './dialect.ts';

/** Groups the stored issue `issueId` on `db`, a client inside the transaction that stored it; with `notify`, a new or
 * reopened group queues the app's webhook. */
export async function groupIssue(db: Queryable, issueId: number, notify: boolean): Promise<void> {
  const { one, run } = sql(db);
  const issue = await one<GroupedIssue>(
    `SELECT i.app_key, i.uid, i.title, i.text, i.type, i.received_at, i.resolved_frame, s.session_uid, s.udid,
       s.payload::json -> 'app_version' ->> 'version' AS version FROM issues i JOIN sessions s ON s.id = i.session_id WHERE i.id = $1`,
    issueId,
  );
  if (!issue) return;
  const grouping = groupingOf(issue);
  const { fingerprint, lastTitle } = grouping;
  const locked = () =>
    one<{ id: number; status: IssueGroup['status']; resolved_in: string | null }>(
      `SELECT id, status, resolved_in FROM issue_groups WHERE app_key = $1 AND fingerprint = $2 FOR UPDATE`,
      issue.app_key,
      fingerprint,
    );
  let found = await locked();
  let groupId = found?.id;
  if (groupId === undefined) {
    const { text, values } = numbered(insertGroup(issue, grouping));
    groupId = (await one<{ id: number }>(text, ...values))?.id;
    // Another process made it meanwhile: this occurrence is its second.
    if (groupId === undefined) {
      found = await locked();
      groupId = found!.id;
    }
  }
  const { status, event } = occurrenceOutcome(found, issue.version);
  if (found?.resolved_in && status !== 'resolved')
    await run(`UPDATE issue_groups SET resolved_in = NULL WHERE id = $1`, groupId);
  const newDevice = await run(
    `INSERT INTO issue_group_devices (group_id, udid) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    groupId,
    issue.udid,
  );
  await run(
    `UPDATE issue_groups SET occurrences = occurrences + 1, devices = devices + $1, last_title = $2, status = $3,
       first_seen = least(first_seen, $4), last_seen = greatest(last_seen, $4),
       status_changed_at = CASE WHEN status = $3 THEN status_changed_at ELSE $4 END,
       status_by = CASE WHEN status = $3 THEN status_by ELSE NULL END
     WHERE id = $5`,
    newDevice,
    lastTitle,
    status,
    issue.received_at,
    groupId,
  );
  await run(`UPDATE issues SET group_id = $1 WHERE id = $2`, groupId, issueId);
  if (!notify || !event) return;
  const webhook = await one<{ origin: string; app_id: string }>(
    `SELECT w.origin, a.app_id FROM app_webhooks w JOIN apps a ON a.key = w.app_key WHERE w.app_key = $1`,
    issue.app_key,
  );
  if (!webhook) return;
  const group = (await one<IssueGroup>(`${GROUP_SELECT} WHERE id = $1`, groupId))!;
  const { text, values } = numbered(queueNotification(event, webhook, group, issue));
  await run(text, ...values);
}

/** Groups ids only up to PostgreSQL's integer. */
const isGroupId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1;

/** Any number, the same in every process: one process at a time groups the issues stored before groups were kept. */
const BACKFILL_LOCK = 0x5_1de_126;
const BACKFILL_BATCH = 1_000;

/** Groups the issues stored before issue groups were kept, a batch at a time, notifying no one: they are not news.
 * Issues stored meanwhile are grouped as they arrive. */
export async function groupStoredIssues(store: IssueGroupStore): Promise<void> {
  while ((await store.groupUngroupedIssues(BACKFILL_BATCH)) === BACKFILL_BATCH);
}

export function createIssueGroupStore(pool: pg.Pool): IssueGroupStore {
  const { one, all } = sql(pool);
  /** Case-insensitive "contains", as SQLite's instr(lower(…), lower(…)), with no pattern characters. */
  const contains = (column: string, param: string) => `strpos(lower(${column}), lower(${param})) > 0`;
  return {
    async issueGroups(filter) {
      const params: unknown[] = [filter.appKey];
      const add = (value: unknown) => `$${params.push(value)}`;
      const clauses = ['app_key = $1'];
      if (filter.q) {
        const q = add(filter.q);
        clauses.push(`(${contains('title', q)} OR ${contains('last_title', q)})`);
      }
      if (filter.types?.length) clauses.push(`type = ANY (${add(filter.types)}::text[])`);
      if (filter.statuses?.length) clauses.push(`status = ANY (${add(filter.statuses)}::text[])`);
      const rows = await all<IssueGroup>(
        `${GROUP_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY last_seen DESC, id DESC LIMIT ${add(filter.limit + 1)} OFFSET ${add(filter.offset ?? 0)}`,
        ...params,
      );
      return { groups: rows.slice(0, filter.limit), more: rows.length > filter.limit };
    },
    async issueGroup(appKey, id) {
      return isGroupId(id) ? one<IssueGroup>(`${GROUP_SELECT} WHERE app_key = $1 AND id = $2`, appKey, id) : undefined;
    },
    async groupEventTimes(appKey, ids) {
      const valid = ids.filter(isGroupId);
      if (valid.length === 0) return new Map();
      const rows = await all<{ id: number; first_at: string; last_at: string }>(
        groupEventTimeSql(
          '$1',
          valid.map((_, i) => `$${i + 2}`),
        ),
        appKey,
        ...valid,
      );
      // bigint comes back as text.
      return new Map(rows.map((row) => [row.id, { first_at: Number(row.first_at), last_at: Number(row.last_at) }]));
    },
    async groupIssueKeys(appKey, ids) {
      const valid = ids.filter(isGroupId);
      if (valid.length === 0) return [];
      return all<GroupIssueKey>(
        `SELECT group_id, session_id, uid FROM issues WHERE app_key = $1 AND group_id = ANY($2::int[])`,
        appKey,
        valid,
      );
    },
    async groupOfIssue(appKey, uid) {
      return one<IssueGroup>(
        `${GROUP_SELECT} WHERE id = (SELECT group_id FROM issues WHERE app_key = $1 AND uid = $2)`,
        appKey,
        uid,
      );
    },
    async groupOccurrences(appKey, id, options) {
      if (!isGroupId(id)) return { issues: [], next: null };
      const before = options.before === undefined ? '' : `AND i.id < $4::bigint`;
      const rows = await all<ExplorerIssue & { session_id: number }>(
        `${OCCURRENCE_SELECT} WHERE i.group_id = $1 AND i.app_key = $2 ${before} ORDER BY i.id DESC LIMIT $3`,
        id,
        appKey,
        options.limit + 1,
        ...(options.before === undefined ? [] : [options.before]),
      );
      const issues = rows.slice(0, options.limit);
      return { issues, next: rows.length > options.limit ? issues.at(-1)!.id : null };
    },
    async sessionsWithoutGroup(appKey, id, limit) {
      const rows = await all<{ session_uid: string }>(
        `SELECT s.session_uid FROM sessions s JOIN session_stats st ON st.session_id = s.id
         WHERE s.app_key = $1 AND st.total > 0 AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.session_id = s.id AND i.group_id = $2)
         ORDER BY st.last_at DESC, s.id DESC LIMIT $3`,
        appKey,
        isGroupId(id) ? id : 0,
        limit,
      );
      return rows.map((row) => row.session_uid);
    },
    async groupBreakdown(appKey, id) {
      if (!isGroupId(id)) return { rows: [], firstLogged: null, resolvedIn: null };
      const rows = await all<GroupBreakdownRow>(
        `SELECT s.payload::json -> 'app_version' ->> 'version' AS version, s.payload::json -> 'device' ->> 'os_version' AS os,
           s.payload::json -> 'device' ->> 'device_type' AS browser, s.payload::json -> 'device' ->> 'name' AS device,
           substr(i.received_at, 1, 10) AS day, count(*)::int AS n, min(i.received_at) AS first_received
         FROM issues i JOIN sessions s ON s.id = i.session_id WHERE i.group_id = $1 AND i.app_key = $2 GROUP BY 1, 2, 3, 4, 5`,
        id,
        appKey,
      );
      const first = await all<{ at: number | null }>(
        `SELECT min(l.at)::float8 AS at FROM issues i JOIN logs l ON l.session_id = i.session_id AND l.tg = 'bf_issue' AND l.t = i.uid
         WHERE i.group_id = $1 AND i.app_key = $2`,
        id,
        appKey,
      );
      const fixed = await all<{ resolved_in: string | null }>(
        `SELECT resolved_in FROM issue_groups WHERE id = $1 AND app_key = $2`,
        id,
        appKey,
      );
      return { rows, firstLogged: first[0]?.at ?? null, resolvedIn: fixed[0]?.resolved_in ?? null };
    },
    async setIssueGroupStatus(appKey, id, status, by, now, resolvedIn) {
      if (!isGroupId(id)) return undefined;
      return one<IssueGroup>(
        `UPDATE issue_groups SET status = $1, status_changed_at = $2, status_by = $3, resolved_in = $6 WHERE app_key = $4 AND id = $5
         RETURNING id, type, title, last_title, top_frame, status, occurrences, devices, first_seen, last_seen, status_changed_at, status_by`,
        status,
        now.toISOString(),
        by,
        appKey,
        id,
        status === 'resolved' ? (resolvedIn ?? null) : null,
      );
    },
    async groupUngroupedIssues(limit) {
      return transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [BACKFILL_LOCK]);
        const ids = (
          await client.query<{ id: number }>(`SELECT id FROM issues WHERE group_id IS NULL ORDER BY id LIMIT $1`, [
            limit,
          ])
        ).rows.map((row) => row.id);
        for (const id of ids) await groupIssue(client, id, false);
        return ids.length;
      });
    },
  };
}
