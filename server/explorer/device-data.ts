// What a device's copy holds but its logs (docs/privacy.md#a-copy-of-a-device), read whole from the explorer's
// queries and the service's own records: the device with its keys, its key history, every session, every issue and
// support's replies on them. The copy's file and routes are server/explorer/device-copy.ts.
import type { ExplorerIssue, ExplorerSession } from '../../explorer-contract/api.types.ts';
import type { DeviceData, IssueReply } from '../../explorer-contract/insight.types.ts';
import { appIdOf } from '../stores/app-id.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { DeviceHistoryStore, IssueReplyStore } from '../stores/store.types.ts';

/** Sessions, issues and the issues' replies read a page at a time. */
const PAGE = 500;
/** More key changes than any device makes: a key history past it is cut to its newest. */
const KEY_CHANGES = 1_000_000;

export type CopyReads = Pick<ExplorerQueries, 'devices' | 'sessions' | 'issues' | 'logs'>;
/** The service's own records of a device: its key history, support's replies on its issues. */
export type Records = DeviceHistoryStore & Pick<IssueReplyStore, 'repliesOnIssues'>;
export type DeviceHead = Omit<DeviceData, 'logs'>;

/** Every session of the device; one that started while the pages were read is listed once. */
async function sessionsOf(queries: CopyReads, appKey: string, udid: string): Promise<ExplorerSession[]> {
  const found = new Map<string, ExplorerSession>();
  for (let offset = 0; ; offset += PAGE) {
    const { sessions, more } = await queries.sessions.list({
      appKey,
      device: udid,
      sort: 'first',
      offset,
      limit: PAGE,
    });
    for (const session of sessions) if (!found.has(session.session_uid)) found.set(session.session_uid, session);
    if (!more) return [...found.values()];
  }
}

/** The issues of those of `sessions` that have any, newest first. */
async function issuesOf(queries: CopyReads, appKey: string, sessions: ExplorerSession[]): Promise<ExplorerIssue[]> {
  const issues: ExplorerIssue[] = [];
  for (const session of sessions.filter(({ issues }) => issues > 0)) {
    for (let before: number | undefined; ;) {
      const page = await queries.issues.list({ appKey, session: session.session_uid, before, limit: PAGE });
      issues.push(...page.issues);
      if (page.next === null) break;
      before = page.next;
    }
  }
  return issues.sort((a, b) => b.id - a.id);
}

/** Support's replies on the pages of `issues`, oldest first. */
async function repliesOf(records: Records, appKey: string, issues: ExplorerIssue[]): Promise<IssueReply[]> {
  const replies: IssueReply[] = [];
  for (let i = 0; i < issues.length; i += PAGE)
    replies.push(
      ...(await records.repliesOnIssues(
        appKey,
        issues.slice(i, i + PAGE).map(({ uid }) => uid),
      )),
    );
  return replies.sort((a, b) => a.id - b.id);
}

/** All of the device but its logs, or undefined when the app holds no such device. */
export async function deviceHead(
  queries: CopyReads,
  records: Records,
  appKey: string,
  udid: string,
): Promise<DeviceHead | undefined> {
  const device = await queries.devices.one(appKey, udid);
  if (!device) return undefined;
  const sessions = await sessionsOf(queries, appKey, udid);
  const issues = await issuesOf(queries, appKey, sessions);
  return {
    app: appIdOf(appKey),
    device,
    key_history: await records.deviceKeyHistory(appKey, udid, KEY_CHANGES),
    sessions,
    issues,
    replies: await repliesOf(records, appKey, issues),
  };
}
