// What both stores share about issue groups (docs/explorer.md#issue-groups): the columns a group is read with, what
// an occurrence does to its group's status, and the notification a new or reopened group queues for the app's
// webhook (docs/explorer.md#the-webhook). The statements both databases share are server/stores/issue-group-sql.ts;
// each store's own SQL is in server/stores/sqlite/issue-groups.ts and server/stores/postgres/issue-groups.ts.
import type { IssueGroup, IssueGroupStatus } from '../../explorer-contract/insight.types.ts';
import { FIELD_CAPS } from '../../protocol/limits.ts';
import { capText } from '../../protocol/sanitise.ts';
import { issueFingerprint } from '../analysis/fingerprint.ts';
import { olderThanFix } from '../analysis/version-order.ts';
import { wellFormed } from '../collector/wire-validation.ts';

/** A group as the API answers it; the same SQL in both dialects. */
export const GROUP_SELECT = `SELECT id, type, title, last_title, top_frame, status, occurrences, devices, first_seen, last_seen,
  status_changed_at, status_by FROM issue_groups`;

/** The first and last times of the `bf_issue` lines of the groups' issues (the line Bugfender's SDK writes with an
 * issue's uid, at the time the issue happened), by each store's placeholders: `$1`/`$2…` or `?`. One seek of a
 * session's logs by (session_id, …) per issue. */
export const groupEventTimeSql = (app: string, ids: string[]) =>
  `SELECT i.group_id AS id, min(l.at) AS first_at, max(l.at) AS last_at FROM issues i
   JOIN logs l ON l.session_id = i.session_id AND l.tg = 'bf_issue' AND l.t = i.uid
   WHERE i.app_key = ${app} AND i.group_id IN (${ids.join(', ')}) GROUP BY i.group_id`;

/** Texts in lists of occurrences, and in notifications, are cut to this. */
export const TEXT_CUT = 300;

/** Each app's outbox holds at most this many notifications: past it, the app's new ones are not queued. So a webhook
 * that is down for long costs the service no more than this of its disk per app, and a flood of new groups (anyone
 * with the app's public key can send one) drops neither the notifications queued before it nor another app's. */
export const MAX_PENDING_NOTIFICATIONS = 1_000;

/** The texts a group keeps (its title, its newest occurrence's, its top frame), and an occurrence's title in a
 * notification, are cut to the page's own cap for an issue's title (protocol/limits.ts), with the ellipsis: the
 * service takes longer ones, which a group would otherwise keep whole for as long as it lives, and send in each of
 * its notifications. */
export const GROUP_TEXT_CAP = FIELD_CAPS.issueTitle;

/** `text` cut to GROUP_TEXT_CAP, made well-formed again where the cut split a surrogate pair. */
export const groupText = (text: string) =>
  text.length > GROUP_TEXT_CAP ? wellFormed(capText(text, GROUP_TEXT_CAP)) : text;

/** An issue's fingerprint (of its whole title and text) and the group's texts, cut, as the stores keep them. */
export function groupingOf(issue: { type: string; title: string; text: string; resolved_frame?: string | null }) {
  const { fingerprint, title, topFrame } = issueFingerprint(issue);
  return { fingerprint, title: groupText(title), topFrame: groupText(topFrame), lastTitle: groupText(issue.title) };
}

export type GroupEvent = 'new' | 'reopened';

/** What one more occurrence does: a new group is open, a resolved one reopens, an open or muted one stays as it is;
 * the first two are what the webhook announces. */
export function occurrenceOutcome(
  prior: { status: IssueGroupStatus; resolved_in?: string | null } | undefined,
  version?: string | null,
): {
  status: IssueGroupStatus;
  event?: GroupEvent;
} {
  if (!prior) return { status: 'open', event: 'new' };
  // Resolved in a version: an occurrence from an older one is the bug the fix has not reached yet
  // (docs/explorer.md#resolved-in-a-version).
  if (prior.status === 'resolved' && prior.resolved_in && olderThanFix(version, prior.resolved_in))
    return { status: 'resolved' };
  if (prior.status === 'resolved') return { status: 'open', event: 'reopened' };
  return { status: prior.status };
}

/** The occurrence a notification is about, as the store read it. */
export interface OccurrenceRow {
  uid: string;
  title: string;
  text: string;
  type: string;
  received_at: string;
  session_uid: string;
  udid: string;
  /** The crash's frame as its source map resolved it at ingest (server/sourcemaps/group-frame.ts). */
  resolved_frame?: string | null;
  /** The app version its session named. */
  version?: string | null;
}

/** The webhook's body (docs/explorer.md#the-webhook), links into the explorer starting at `origin`. */
export function notificationPayload(
  event: GroupEvent,
  appId: string,
  group: IssueGroup,
  issue: OccurrenceRow,
  origin: string,
) {
  const app = encodeURIComponent(appId);
  return {
    event: `issue_group.${event}`,
    app: { app_id: appId },
    group: { ...group, url: `${origin}/sidelog/issue-groups/${group.id}?app=${app}` },
    issue: {
      uid: issue.uid,
      type: issue.type,
      title: groupText(issue.title),
      text: issue.text.slice(0, TEXT_CUT),
      session_uid: issue.session_uid,
      udid: issue.udid,
      received_at: issue.received_at,
      url: `${origin}/sidelog/issues/${encodeURIComponent(issue.uid)}?app=${app}`,
    },
  };
}
