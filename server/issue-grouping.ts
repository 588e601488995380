// What both stores share about issue groups (docs/explorer.md#issue-groups): the columns a group is read with, what
// an occurrence does to its group's status, and the notification a new or reopened group queues for the app's
// webhook (docs/explorer.md#the-webhook). Each store does the SQL: server/sqlite/issue-groups.ts and
// server/postgres/issue-groups.ts.
import type { IssueGroup, IssueGroupStatus } from '../explorer-contract/insight.types.ts';

/** A group as the API answers it; the same SQL in both dialects. */
export const GROUP_SELECT = `SELECT id, type, title, last_title, top_frame, status, occurrences, devices, first_seen, last_seen,
  status_changed_at, status_by FROM issue_groups`;

/** Texts in lists of occurrences, and in notifications, are cut to this. */
export const TEXT_CUT = 300;

/** Each app's outbox holds at most this many notifications: past it, the app's new ones are not queued. So a webhook
 * that is down for long costs the service no more than this of its disk per app, and a flood of new groups (anyone
 * with the app's public key can send one) drops neither the notifications queued before it nor another app's. */
export const MAX_PENDING_NOTIFICATIONS = 1_000;

export type GroupEvent = 'new' | 'reopened';

/** What one more occurrence does: a new group is open, a resolved one reopens, an open or muted one stays as it is;
 * the first two are what the webhook announces. */
export function occurrenceOutcome(prior: { status: IssueGroupStatus } | undefined): {
  status: IssueGroupStatus;
  event?: GroupEvent;
} {
  if (!prior) return { status: 'open', event: 'new' };
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
      title: issue.title,
      text: issue.text.slice(0, TEXT_CUT),
      session_uid: issue.session_uid,
      udid: issue.udid,
      received_at: issue.received_at,
      url: `${origin}/sidelog/issues/${encodeURIComponent(issue.uid)}?app=${app}`,
    },
  };
}
