// An issue's story (docs/explorer.md#an-issues-story): the last lines before each occurrence of an issue group, in
// its session, aligned on the occurrence; and the patterns that come before it far more often than at the end of
// sessions without it. Every line read (before the occurrences, and the last lines of those other sessions) is
// grouped by Drain; a pattern's support is how many occurrences (or other sessions) hold it at least once.
import type { IssueGroup, IssueStory, StoryPattern } from '../../explorer-contract/insight.types.ts';
import type { ExplorerLog, ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { IssueGroupStore } from '../stores/store.types.ts';
import { createDrain, templateOf } from './drain.ts';

/** Lines before each occurrence (and at the end of each other session), occurrences read, other sessions read. */
export const STORY_LINES = 20;
const STORY_OCCURRENCES = 20;
const STORY_SESSIONS = 40;
/** A pattern stands out when it comes before at least MIN_SUPPORT occurrences and MIN_SHARE of them, and its share
 * of the occurrences is at least MIN_RATIO times its (smoothed) share of the other sessions. */
const MIN_SUPPORT = 2;
const MIN_SHARE = 0.3;
const MIN_RATIO = 3;
const LINE_CHARS = 1_000;
const MAX_PATTERNS = 50;

const cut = (log: ExplorerLog): ExplorerLog =>
  log.t && log.t.length > LINE_CHARS ? { ...log, t: log.t.slice(0, LINE_CHARS) } : log;

/** A pattern's ratio: its share before occurrences over its share elsewhere, +1 smoothed so that a pattern seen in no
 * other session has a finite ratio, which grows with how many sessions were compared. */
export function supportRatio(before: number, occurrences: number, elsewhere: number, sessions: number): number {
  return occurrences === 0 ? 0 : before / occurrences / ((elsewhere + 1) / (sessions + 1));
}

export function standsOut(
  pattern: Pick<StoryPattern, 'before' | 'ratio'>,
  occurrences: number,
  sessions: number,
): boolean {
  return (
    sessions > 0 &&
    pattern.before >= MIN_SUPPORT &&
    pattern.before >= MIN_SHARE * occurrences &&
    pattern.ratio >= MIN_RATIO
  );
}

export async function issueStory(
  queries: ExplorerQueries,
  groups: IssueGroupStore,
  appKey: string,
  group: IssueGroup,
  lines = STORY_LINES,
): Promise<IssueStory> {
  const { issues } = await groups.groupOccurrences(appKey, group.id, { limit: STORY_OCCURRENCES });
  const occurrences = await Promise.all(
    issues.map(async ({ session_id, ...issue }) => {
      const logId = await queries.issueLogId(session_id, issue.uid, issue.received_at);
      const around = logId === undefined ? undefined : await queries.around(appKey, logId, lines);
      if (!around) return { issue, logs: [] as ExplorerLog[], anchor: 0 };
      const upTo = around.logs.slice(0, around.logs.findIndex((log) => log.id === around.target.id) + 1);
      // Bugfender's SDK marks an issue with a line of its own: that line is the occurrence, not a line before it.
      const marked = around.target.tg === 'bf_issue' && around.target.t === issue.uid;
      return { issue, logs: (marked ? upTo.slice(0, -1) : upTo).slice(-lines), anchor: around.target.at };
    }),
  );
  const others = await groups.sessionsWithoutGroup(appKey, group.id, STORY_SESSIONS);
  const elsewhere = await Promise.all(
    others.map(async (session) => (await queries.logs({ appKey, session }, { limit: lines, cut: true })).logs),
  );

  const drain = createDrain();
  const groupsOf = (logs: ExplorerLog[]) => logs.map((log) => drain.add(log.t ?? '').id);
  const occurrenceGroups = occurrences.map((occurrence) => groupsOf(occurrence.logs));
  const elsewhereGroups = elsewhere.map(groupsOf);
  const support = (windows: number[][], id: number) => windows.filter((window) => window.includes(id)).length;

  const found = drain.groups().map((drainGroup) => {
    const before = support(occurrenceGroups, drainGroup.id);
    const other = support(elsewhereGroups, drainGroup.id);
    const ratio = supportRatio(before, occurrences.length, other, elsewhere.length);
    const pattern: StoryPattern = {
      template: templateOf(drainGroup),
      before,
      elsewhere: other,
      ratio,
      stands_out: false,
    };
    pattern.stands_out = standsOut(pattern, occurrences.length, elsewhere.length);
    return { id: drainGroup.id, pattern };
  });
  const listed = found
    .filter(({ pattern }) => pattern.before > 0)
    .sort(
      (x, y) =>
        Number(y.pattern.stands_out) - Number(x.pattern.stands_out) ||
        y.pattern.ratio - x.pattern.ratio ||
        y.pattern.before - x.pattern.before,
    )
    .slice(0, MAX_PATTERNS);
  const index = new Map(listed.map(({ id }, i) => [id, i]));

  return {
    group,
    lines,
    occurrences: occurrences.map((occurrence, i) => ({
      issue: occurrence.issue,
      lines: occurrence.logs.map((log, j) => ({
        log: cut(log),
        pattern: index.get(occurrenceGroups[i]![j]!) ?? -1,
        offset: log.at - occurrence.anchor,
      })),
    })),
    compared: elsewhere.length,
    patterns: listed.map(({ pattern }) => pattern),
  };
}
