// Issue groups in SQLite (docs/explorer.md#issue-groups): an issue joins the group of its fingerprint in the
// transaction that stores it (server/stores/sqlite/collector-store.ts), which counts it, its device, moves first and last
// seen, reopens a resolved group, and queues the app's webhook for a new or reopened one. The explorer's reads and
// the status a viewer sets are here too.
import type Database from 'better-sqlite3';
import type { IssueGroup } from '../../../explorer-contract/insight.types.ts';
import type { ExplorerIssue } from '../../../explorer-contract/api.types.ts';
import { GROUP_SELECT, groupingOf, groupEventTimeSql, occurrenceOutcome } from '../../explorer/issue-grouping.ts';
import { insertGroup, OCCURRENCE_SELECT, queueNotification, type GroupedIssue } from '../issue-group-sql.ts';
import type { Sql } from '../dialect.ts';
import type { GroupBreakdownRow, GroupIssueKey, IssueGroupStore } from '../store.types.ts';
import type { Sync } from './rows.ts';
import { containsFolded } from './case-fold.ts';

/** Groups the stored issue `issueId`; with `notify`, a new or reopened group queues the app's webhook. Run inside the
 * transaction that stored the issue. */
export function createIssueGrouping(db: Database.Database): (issueId: number, notify: boolean) => void {
  const occurrence = db.prepare(
    `SELECT i.app_key, i.uid, i.title, i.text, i.type, i.received_at, i.resolved_frame, s.session_uid, s.udid,
       json_extract(s.payload, '$.app_version.version') AS version FROM issues i JOIN sessions s ON s.id = i.session_id WHERE i.id = ?`,
  );
  const prior = db.prepare(`SELECT id, status, resolved_in FROM issue_groups WHERE app_key = ? AND fingerprint = ?`);
  const unfix = db.prepare(`UPDATE issue_groups SET resolved_in = NULL WHERE id = ?`);
  const addDevice = db.prepare(`INSERT OR IGNORE INTO issue_group_devices (group_id, udid) VALUES (?, ?)`);
  const count = db.prepare(
    `UPDATE issue_groups SET occurrences = occurrences + 1, devices = devices + ?, last_title = ?, status = ?,
       first_seen = min(first_seen, ?), last_seen = max(last_seen, ?),
       status_changed_at = CASE WHEN status = ? THEN status_changed_at ELSE ? END,
       status_by = CASE WHEN status = ? THEN status_by ELSE NULL END
     WHERE id = ?`,
  );
  const join = db.prepare(`UPDATE issues SET group_id = ? WHERE id = ?`);
  const group = db.prepare(`${GROUP_SELECT} WHERE id = ?`);
  const hook = db.prepare(
    `SELECT w.origin, a.app_id FROM app_webhooks w JOIN apps a ON a.key = w.app_key WHERE w.app_key = ?`,
  );
  /** Runs a statement both databases share (issue-group-sql.ts), prepared once: each has one text. */
  const prepared = new Map<string, Database.Statement>();
  const shared = (statement: Sql) => {
    const { text, values } = statement.render(() => '?');
    let found = prepared.get(text);
    if (!found) prepared.set(text, (found = db.prepare(text)));
    return found.reader ? found.get(...values) : found.run(...values);
  };

  return (issueId, notify) => {
    const issue = occurrence.get(issueId) as GroupedIssue | undefined;
    if (!issue) return;
    const grouping = groupingOf(issue);
    const { fingerprint, lastTitle } = grouping;
    const found = prior.get(issue.app_key, fingerprint) as
      | { id: number; status: IssueGroup['status']; resolved_in: string | null }
      | undefined;
    // No other writer: a group not found here is made here.
    const groupId = found?.id ?? (shared(insertGroup(issue, grouping)) as { id: number }).id;
    const { status, event } = occurrenceOutcome(found, issue.version);
    if (found?.resolved_in && status !== 'resolved') unfix.run(groupId);
    const newDevice = addDevice.run(groupId, issue.udid).changes;
    count.run(
      newDevice,
      lastTitle,
      status,
      issue.received_at,
      issue.received_at,
      status,
      issue.received_at,
      status,
      groupId,
    );
    join.run(groupId, issueId);
    if (!notify || !event) return;
    const webhook = hook.get(issue.app_key) as { origin: string; app_id: string } | undefined;
    if (!webhook) return;
    shared(queueNotification(event, webhook, group.get(groupId) as IssueGroup, issue));
  };
}

/** Groups up to `limit` issues stored before groups were kept, in one transaction, notifying no one: they are not
 * news. */
function ungroupedBatch(
  db: Database.Database,
  groupIssue: ReturnType<typeof createIssueGrouping>,
): (limit: number) => number {
  const ungrouped = db.prepare(`SELECT id FROM issues WHERE group_id IS NULL ORDER BY id LIMIT ?`).pluck();
  return db.transaction((limit: number) => {
    const ids = ungrouped.all(limit) as number[];
    for (const id of ids) groupIssue(id, false);
    return ids.length;
  });
}

/** Groups every issue stored before issue groups were kept: run as the store opens, after the migrations. */
export function groupStoredIssues(db: Database.Database): void {
  const batch = ungroupedBatch(db, createIssueGrouping(db));
  while (batch(1_000) === 1_000);
}

type Writes = 'setIssueGroupStatus' | 'groupUngroupedIssues';

/** Its writes run in the writer thread (docs/local-service.md#the-writer-thread). */
export function issueGroupStore(db: Database.Database): {
  reads: Omit<Sync<IssueGroupStore>, Writes>;
  writes: Pick<Sync<IssueGroupStore>, Writes>;
} {
  const groupIssue = createIssueGrouping(db);
  const one = (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as IssueGroup | undefined;
  const { setIssueGroupStatus, groupUngroupedIssues, ...reads }: Sync<IssueGroupStore> = {
    issueGroups(filter) {
      const clauses = ['app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.q) {
        clauses.push(`(${containsFolded('title')} OR ${containsFolded('last_title')})`);
        params.push(filter.q, filter.q);
      }
      if (filter.types?.length) {
        clauses.push(`type IN (${filter.types.map(() => '?').join(', ')})`);
        params.push(...filter.types);
      }
      if (filter.statuses?.length) {
        clauses.push(`status IN (${filter.statuses.map(() => '?').join(', ')})`);
        params.push(...filter.statuses);
      }
      const rows = db
        .prepare(`${GROUP_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY last_seen DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...params, filter.limit + 1, filter.offset ?? 0) as IssueGroup[];
      return { groups: rows.slice(0, filter.limit), more: rows.length > filter.limit };
    },
    issueGroup(appKey, id) {
      return one(`${GROUP_SELECT} WHERE app_key = ? AND id = ?`, appKey, id);
    },
    groupEventTimes(appKey, ids) {
      if (ids.length === 0) return new Map();
      const rows = db
        .prepare(
          groupEventTimeSql(
            '?',
            ids.map(() => '?'),
          ),
        )
        .all(appKey, ...ids) as {
        id: number;
        first_at: number;
        last_at: number;
      }[];
      return new Map(rows.map(({ id, ...times }) => [id, times]));
    },
    groupIssueKeys(appKey, ids) {
      if (ids.length === 0) return [];
      return db
        .prepare(
          `SELECT group_id, session_id, uid FROM issues WHERE app_key = ? AND group_id IN (SELECT value FROM json_each(?))`,
        )
        .all(appKey, JSON.stringify(ids)) as GroupIssueKey[];
    },
    groupOfIssue(appKey, uid) {
      return one(`${GROUP_SELECT} WHERE id = (SELECT group_id FROM issues WHERE app_key = ? AND uid = ?)`, appKey, uid);
    },
    groupOccurrences(appKey, id, options) {
      const before = options.before === undefined ? '' : 'AND i.id < ?';
      const rows = db
        .prepare(`${OCCURRENCE_SELECT} WHERE i.group_id = ? AND i.app_key = ? ${before} ORDER BY i.id DESC LIMIT ?`)
        .all(
          id,
          appKey,
          ...(options.before === undefined ? [] : [options.before]),
          options.limit + 1,
        ) as (ExplorerIssue & { session_id: number })[];
      const issues = rows.slice(0, options.limit);
      return { issues, next: rows.length > options.limit ? issues.at(-1)!.id : null };
    },
    sessionsWithoutGroup(appKey, id, limit) {
      return (
        db
          .prepare(
            `SELECT s.session_uid FROM sessions s JOIN session_stats st ON st.session_id = s.id
             WHERE s.app_key = ? AND st.total > 0 AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.session_id = s.id AND i.group_id = ?)
             ORDER BY st.last_at DESC, s.id DESC LIMIT ?`,
          )
          .all(appKey, id, limit) as { session_uid: string }[]
      ).map((row) => row.session_uid);
    },
    groupBreakdown(appKey, id) {
      const rows = db
        .prepare(
          `SELECT json_extract(s.payload, '$.app_version.version') AS version, json_extract(s.payload, '$.device.os_version') AS os,
             json_extract(s.payload, '$.device.device_type') AS browser, json_extract(s.payload, '$.device.name') AS device,
             substr(i.received_at, 1, 10) AS day, count(*) AS n, min(i.received_at) AS first_received
           FROM issues i JOIN sessions s ON s.id = i.session_id WHERE i.group_id = ? AND i.app_key = ? GROUP BY 1, 2, 3, 4, 5`,
        )
        .all(id, appKey) as GroupBreakdownRow[];
      const firstLogged = db
        .prepare(
          `SELECT min(l.at) FROM issues i JOIN logs l ON l.session_id = i.session_id AND l.tg = 'bf_issue' AND l.t = i.uid
           WHERE i.group_id = ? AND i.app_key = ?`,
        )
        .pluck()
        .get(id, appKey) as number | null;
      const resolvedIn =
        (db.prepare(`SELECT resolved_in FROM issue_groups WHERE id = ? AND app_key = ?`).pluck().get(id, appKey) as
          | string
          | null
          | undefined) ?? null;
      return { rows, firstLogged, resolvedIn };
    },
    setIssueGroupStatus(appKey, id, status, by, now, resolvedIn) {
      db.prepare(
        `UPDATE issue_groups SET status = ?, status_changed_at = ?, status_by = ?, resolved_in = ? WHERE app_key = ? AND id = ?`,
      ).run(status, now.toISOString(), by, status === 'resolved' ? (resolvedIn ?? null) : null, appKey, id);
      return one(`${GROUP_SELECT} WHERE app_key = ? AND id = ?`, appKey, id);
    },
    groupUngroupedIssues: ungroupedBatch(db, groupIssue),
  };
  return { reads, writes: { setIssueGroupStatus, groupUngroupedIssues } };
}
