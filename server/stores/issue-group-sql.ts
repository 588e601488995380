// Issue grouping's statements that are the same on both databases (server/stores/dialect.ts), as issue-insert.ts is
// an issue's: a group's first row, a notification queued in the app's outbox, and an occurrence as a group's page
// lists it. The grouping itself stays in each database's issue-groups.ts, which differ in more than words: SQLite's
// runs synchronously inside the writer thread's transaction, PostgreSQL's awaits each step and locks the group's row.
import type { IssueGroup } from '../../explorer-contract/insight.types.ts';
import {
  GROUP_TEXT_CAP,
  MAX_PENDING_NOTIFICATIONS,
  notificationPayload,
  TEXT_CUT,
  type GroupEvent,
  type groupingOf,
  type OccurrenceRow,
} from '../explorer/issue-grouping.ts';
import { sql, type Sql } from './dialect.ts';

/** An issue being grouped, as each store reads it. */
export type GroupedIssue = OccurrenceRow & { app_key: string };

/** A group's first row, open and not counted yet (the update every occurrence makes counts this one too). Answers
 * its id, or no row where another process made the group meanwhile (PostgreSQL). */
export const insertGroup = (issue: GroupedIssue, grouping: ReturnType<typeof groupingOf>): Sql =>
  sql`INSERT INTO issue_groups (app_key, fingerprint, type, title, top_frame, last_title, status, occurrences, devices, first_seen, last_seen)
      VALUES (${issue.app_key}, ${grouping.fingerprint}, ${issue.type}, ${grouping.title}, ${grouping.topFrame}, ${grouping.lastTitle}, 'open', 0, 0, ${issue.received_at}, ${issue.received_at})
      ON CONFLICT (app_key, fingerprint) DO NOTHING RETURNING id`;

/** The webhook's notification of a new or reopened group (notificationPayload) queued only while the app's outbox
 * has room (MAX_PENDING_NOTIFICATIONS; on PostgreSQL, processes storing issues of one app at once may each add one
 * past it). The casts tell PostgreSQL the types of values it only SELECTs. */
export function queueNotification(
  event: GroupEvent,
  webhook: { origin: string; app_id: string },
  group: IssueGroup,
  issue: GroupedIssue,
): Sql {
  const payload = notificationPayload(event, webhook.app_id, group, issue, webhook.origin);
  return sql`INSERT INTO webhook_outbox (app_key, event, payload, attempts, next_at)
    SELECT CAST(${issue.app_key} AS text), CAST(${payload.event} AS text), CAST(${JSON.stringify(payload)} AS text), 0, CAST(${Date.now()} AS bigint)
    WHERE (SELECT count(*) FROM webhook_outbox WHERE app_key = ${issue.app_key}) < ${MAX_PENDING_NOTIFICATIONS}`;
}

/** An occurrence as a group's page lists it: its title cut as the group's texts are (GROUP_TEXT_CAP), its text to
 * TEXT_CUT, so that a page of them is bounded. */
export const OCCURRENCE_SELECT = `SELECT i.id, i.session_id, i.uid, i.type,
    CASE WHEN length(i.title) > ${GROUP_TEXT_CAP} THEN substr(i.title, 1, ${GROUP_TEXT_CAP}) || '…' ELSE i.title END AS title, substr(i.text, 1, ${TEXT_CUT}) AS text, i.url, i.received_at,
    s.session_uid, s.udid, coalesce(d.name, '') AS device_name
  FROM issues i JOIN sessions s ON s.id = i.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;
