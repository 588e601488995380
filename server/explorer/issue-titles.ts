// The title of the issue each `bf_issue` line of a page names (docs/explorer-views.md#issue-lines): Bugfender's SDK
// writes the issue's uid as the line's text, which tells a support engineer reading the session nothing. One read of
// the page's issues, whatever their number; the other rows are as they were.
import { ISSUE_LOG_TAG } from '../../protocol/limits.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';

/** `rows`, each `bf_issue` line with `issue_title` (null when the app has no issue of that uid: not arrived yet, or never
 * sent). */
export async function withIssueTitles<T extends { tg: string | null; t: string | null }>(
  queries: ExplorerQueries,
  appKey: string,
  rows: T[],
): Promise<(T & { issue_title?: string | null })[]> {
  const uids = [...new Set(rows.filter(isIssueLine).map((row) => row.t!))];
  if (uids.length === 0) return rows;
  const titles = new Map((await queries.issues.titles(appKey, uids)).map((issue) => [issue.uid, issue.title]));
  return rows.map((row) => (isIssueLine(row) ? { ...row, issue_title: titles.get(row.t!) ?? null } : row));
}

function isIssueLine(row: { tg: string | null; t: string | null }): boolean {
  return row.tg === ISSUE_LOG_TAG && !!row.t;
}
