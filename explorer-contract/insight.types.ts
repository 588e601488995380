// The explorer's views beyond the log stream (docs/explorer.md): patterns, issue groups with their replies and their
// story, sessions by sequence, saved views, device-key history and the app's webhook. Their answers, compiled by the
// service (server/explorer/) and by the page (explorer/), as api.types.ts is for the rest of the API.
import type { DeviceKeyValue } from '../protocol/records.types.ts';
import type { DeviceDetail, ExplorerIssue, ExplorerLog, ExplorerSession } from './api.types.ts';
import type { ViewAlert } from './view-alert.ts';

/** The name the admin token signs in to the explorer as; the admin alone sees and sets webhooks. */
export const ADMIN_VIEWER = 'admin';

/** `GET /apps/{appID}/patterns?{filters}`: the lines of the query grouped into templates (docs/explorer.md#patterns). */
export interface LogPattern {
  /** Tokens with what varies as `<*>`. */
  template: string;
  /** Lines of the sample it holds, and their share of the sample (0 to 1). */
  count: number;
  share: number;
  /** Epoch ms of its first and last line in the sample. */
  first_seen: number;
  last_seen: number;
  /** None of the previous range's sample had it. */
  is_new: boolean;
  /** One line of it, as logged (cut to 300 characters), and its tag, so that the page shows it as the stream's rows do
   * (docs/explorer-views.md#event-lines). */
  example: string;
  example_tag: string | null;
  /** The search for its lines: the template's runs of plain words as phrases, at most MAX_SEARCH_TERMS words
   * (server/analysis/terms.ts, patternSearch). It finds every line of the pattern, and maybe others. */
  words: string;
}

export interface PatternSample {
  from: number;
  to: number;
  /** Lines read. */
  sampled: number;
  /** Whether they are every line of the range (then the counts are exact). */
  complete: boolean;
}

export interface PatternsAnswer extends PatternSample {
  previous: PatternSample;
  patterns: LogPattern[];
}

export const ISSUE_GROUP_STATUSES = ['open', 'resolved', 'muted'] as const;
export type IssueGroupStatus = (typeof ISSUE_GROUP_STATUSES)[number];

/** `GET /apps/{appID}/issue-groups`, `…/issue-groups/{id}`: issues of one fingerprint (docs/explorer.md#issue-groups). */
export interface IssueGroup {
  id: number;
  type: string;
  /** The title with what varies as `<*>`. */
  title: string;
  /** The newest occurrence's own title. */
  last_title: string;
  /** For crashes, `function (file)` of the stack's first frame; '' otherwise. */
  top_frame: string;
  status: IssueGroupStatus;
  occurrences: number;
  devices: number;
  /** When the collector received its first and last occurrence. */
  first_seen: string;
  last_seen: string;
  /** Its first and last occurrence by the logs' own time (ms: its issues' own `bf_issue` lines), null when none of
   * those lines is kept; what the pages show first (docs/explorer.md#event-time-first). Absent in a webhook's body. */
  first_at?: number | null;
  last_at?: number | null;
  status_changed_at: string | null;
  /** Who set the status (a viewer's name), or null when a new occurrence reopened the group. */
  status_by: string | null;
}

/** `GET|POST /apps/{appID}/issue-groups/{id}/replies`, `GET|POST …/issues/{uid}/replies`: what a viewer wrote on a
 * group, or on one of its issues (docs/explorer.md#replies). */
export interface IssueReply {
  id: number;
  group_id: number;
  /** The issue whose page it was written on, or null when written on the group's. */
  issue_uid: string | null;
  /** The viewer account that wrote it. */
  author: string;
  /** Plain text, as written (the white space around it trimmed). */
  text: string;
  created_at: string;
  /** It resolved the group as it was written. */
  resolved: boolean;
}

/** What `POST …/replies` answers: the reply kept, and its group after it. */
export interface ReplyWritten {
  reply: IssueReply;
  group: IssueGroup;
}

/** `GET /apps/{appID}/issue-groups/{id}/occurrences?before=`: newest first, texts cut to 300 characters. */
export interface GroupOccurrences {
  issues: ExplorerIssue[];
  next: number | null;
}

/** One line of an issue's story: the log, the template it belongs to, and its time from the occurrence. */
interface StoryLine {
  log: ExplorerLog;
  /** Index into IssueStory.patterns, or -1 for a pattern not listed there. */
  pattern: number;
  /** Milliseconds from the occurrence (0 or less). */
  offset: number;
}

export interface StoryOccurrence {
  issue: ExplorerIssue;
  /** The last lines before it in its session, oldest first; empty when the session has no logs. */
  lines: StoryLine[];
}

export interface StoryPattern {
  template: string;
  /** Occurrences whose lines before hold it, and sessions without the group whose last lines do. */
  before: number;
  elsewhere: number;
  /** (before / occurrences) over ((elsewhere + 1) / (sessions without + 1)). */
  ratio: number;
  /** At least the minimum support and ratio (docs/explorer.md#an-issues-story). */
  stands_out: boolean;
}

/** `GET /apps/{appID}/issue-groups/{id}/story`. */
export interface IssueStory {
  group: IssueGroup;
  /** Lines taken before each occurrence, and from the end of each session without it. */
  lines: number;
  occurrences: StoryOccurrence[];
  /** Sessions without the group compared with. */
  compared: number;
  /** Every template of the lines read; those that stand out first. */
  patterns: StoryPattern[];
}

/** `GET /apps/{appID}/sequences?a=&b=&within=&from=&to=`: sessions where A was logged and then B within the time. */
export interface SequenceMatch {
  session_uid: string;
  udid: string;
  a: ExplorerLog;
  b: ExplorerLog;
  /** The device's value of the app's identity key (docs/explorer.md#identity), as on a session. */
  who?: DeviceKeyValue;
}

export interface SequencesAnswer {
  /** Newest first, at most 200. */
  sessions: SequenceMatch[];
  /** Every matching session, beyond the 200 listed. */
  total: number;
  /** Lines that matched A and B in the range. */
  matched: { a: number; b: number };
}

/** `GET|POST /apps/{appID}/views`, `DELETE …/views/{id}`: a view of the explorer saved under a name. */
export interface SavedView {
  id: string;
  name: string;
  /** The explorer's path (`/logs`, `/patterns` …) and its query string, which holds the whole view. */
  path: string;
  query: string;
  /** Seen by every viewer, or only by its owner. */
  shared: boolean;
  owner: string;
  created_at: string;
  /** Its alert, checked by the service (docs/explorer.md#alerts); null for none. */
  alert: ViewAlert | null;
}

/** `GET /apps/{appID}/sessions/{uid}/keys`: the device's keys as they stood in the session, in key order
 * (docs/facets.md#session-header). */
export interface SessionKey {
  key: string;
  value: DeviceKeyValue;
}

/** `GET /apps/{appID}/devices/{udid}/key-history`: every change of the device's keys, oldest first. */
export interface KeyHistoryEntry {
  key: string;
  /** null: the key was removed. */
  value: DeviceKeyValue;
  /** The key's value before this change (null: it had none). */
  previous: DeviceKeyValue;
  received_at: string;
}

/** Everything stored of one device (docs/privacy.md#a-copy-of-a-device). */
export interface DeviceData {
  /** The app's appID. */
  app: string;
  device: DeviceDetail;
  /** Every change of its keys, oldest first, as its page's key history. */
  key_history: KeyHistoryEntry[];
  /** Its sessions, newest first by their first log (those without a log last). */
  sessions: ExplorerSession[];
  /** Its issues, crashes and feedback, newest first. */
  issues: ExplorerIssue[];
  /** What support replied on its issues' pages, oldest first. */
  replies: IssueReply[];
  /** Its logs, newest first, their texts whole. */
  logs: ExplorerLog[];
}

/** `GET /apps/{appID}/devices/{udid}/copy` (and the admin API's `GET /apps/{key}/devices/{udid}/copy`): one device's
 * data as one JSON file, for a person who asks for a copy of their data. */
export interface DeviceCopy extends DeviceData {
  /** When the copy was made (ISO 8601). */
  copied_at: string;
}

/** `GET /identity/copy?value=`: every device the Users page finds for a person (docs/privacy.md#a-copy-of-a-device),
 * in the apps the account may read, as one JSON file. */
export interface UserCopy {
  copied_at: string;
  /** The value of the apps' identity keys searched for. */
  value: string;
  /** The appIDs of the apps that hold more of the person's devices than one search's page (MAX_IDENTITY_PAGE). */
  apps_with_more_devices: string[];
  devices: DeviceData[];
}

/** `GET|POST /apps/{appID}/webhook` (the admin only): where new and reopened issue groups are announced. */
export interface WebhookSetting {
  url: string | null;
  /** The last delivery's outcome ("200", or why it failed) and when, or null before any. */
  last_status: string | null;
  last_at: string | null;
  /** Notifications waiting to be delivered. */
  pending: number;
}
