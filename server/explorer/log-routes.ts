// The explorer API's log stream (docs/explorer-views.md): a page of a view by keyset, the live tail after a log, the
// lines around a log, one log's whole text, and a view's export.
import type { Hono } from 'hono';
import { AROUND_MAX } from '../../explorer-contract/api.types.ts';
import { FilterError } from '../../explorer-contract/log-filters.ts';
import { intParam, logFilter, MAX_PAGE, PAGE, query, TOO_COSTLY, type ExplorerEnv } from './api-params.ts';
import { exportedView, streamExport } from './export.ts';
import { decodeCursor } from '../stores/explorer-queries.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { whoKey, withWho } from './who.ts';
import { withIssueTitles } from './issue-titles.ts';
import type { App, DownloadRecordStore } from '../stores/store.types.ts';
import type { ExplorerLog } from '../../explorer-contract/api.types.ts';

/** `pageBudgetMs`: how long a page of the stream may read (docs/local-service.md#search-bounds); `downloads` records
 * each export (docs/privacy.md#each-download-is-recorded). */
export function logRoutes(
  api: Hono<ExplorerEnv>,
  queries: ExplorerQueries,
  downloads: DownloadRecordStore,
  pageBudgetMs: number,
): void {
  /** The rows as a list shows them: who each is from, and the title of the issue a `bf_issue` line names. */
  const shown = async (params: URLSearchParams, app: App, logs: ExplorerLog[]) =>
    withWho(queries, app.key, whoKey(params, app), await withIssueTitles(queries, app.key, logs));

  api.get('/apps/:appId/logs', async (c) => {
    const params = query(c);
    const filter = logFilter(c, params);
    const before = params.get('before');
    const cursor = before ? decodeCursor(before) : undefined;
    if (before && !cursor) throw new FilterError(`'before' is not a cursor this API gave`);
    // Oldest first, from the view's oldest log or after a cursor: a session read top to bottom
    // (docs/explorer.md#a-session-read-top-to-bottom).
    const after = params.get('after');
    const afterCursor = after ? decodeCursor(after) : undefined;
    if (after && !afterCursor) throw new FilterError(`'after' is not a cursor (<ms>_<id>)`);
    const order = params.get('order') ?? (after ? 'oldest' : 'newest');
    if (order !== 'oldest' && order !== 'newest') throw new FilterError(`'order' must be oldest or newest`);
    if ((order === 'oldest' && before) || (order === 'newest' && after))
      throw new FilterError(`'before' pages newest first, 'after' oldest first`);
    const oldestFirst = order === 'oldest';
    const limit = intParam(params, 'limit', PAGE, MAX_PAGE);
    // Read first: every log past it arrived after the page, so a tail started from it shows them.
    const tail = cursor || oldestFirst ? undefined : await queries.lastLogId();
    const page = await queries.logs(filter, {
      before: cursor,
      after: afterCursor,
      oldestFirst,
      limit,
      within: pageBudgetMs,
      cut: true,
    });
    // Ended by its budget before it found anything: the search, not the page, has to change; unless it is a scan for a
    // fragment, whose page says how far it read and can go on from there (docs/explorer.md#fragments).
    if (page.logs.length === 0 && page.next !== null && !page.scan) return c.json({ error: TOO_COSTLY }, 422);
    const answer = { ...page, logs: await shown(params, c.get('app'), page.logs) };
    return c.json(tail === undefined ? answer : { ...answer, tail });
  });

  // Live tail: logs that arrived after `after` (a log id) up to the horizon, oldest first; without `after`, where to
  // start (docs/explorer-views.md#live-tail).
  api.get('/apps/:appId/logs/tail', async (c) => {
    const params = query(c);
    const filter = logFilter(c, params);
    const after = params.get('after');
    const horizon = await queries.lastLogId();
    if (after === null || after === '') return c.json({ logs: [], last: horizon });
    const afterId = intParam(params, 'after', 0, Number.MAX_SAFE_INTEGER);
    const { logs, last: reached } = await queries.arrivedAfter(filter, afterId, horizon, MAX_PAGE);
    // With no match, the tail still moves on to the horizon, so the next poll does not read it all again.
    const last = Math.max(afterId, reached);
    return c.json({ logs: await shown(params, c.get('app'), logs), last });
  });

  api.get('/apps/:appId/logs/export', (c) => {
    const params = query(c);
    const format = params.get('format') ?? 'ndjson';
    if (format !== 'ndjson' && format !== 'csv') throw new FilterError(`'format' must be ndjson or csv`);
    const filter = logFilter(c, params);
    return streamExport(c, queries, downloads, filter, format, {
      name: `sidelog-${c.get('app').appId}-logs`,
      by: c.get('viewer'),
      view: exportedView(params),
    });
  });

  api.get('/apps/:appId/logs/:id/around', async (c) => {
    const id = Number(c.req.param('id'));
    const params = query(c);
    // `older` and `newer` grow as the view extends its context (docs/explorer-views.md#context); `count` sets both.
    const count = intParam(params, 'count', 25, AROUND_MAX);
    const older = intParam(params, 'older', count, AROUND_MAX);
    const newer = intParam(params, 'newer', count, AROUND_MAX);
    const found = Number.isSafeInteger(id) ? await queries.around(c.get('app').key, id, older, newer) : undefined;
    if (!found) return c.json({ error: 'no such log' }, 404);
    const [target, ...logs] = await shown(params, c.get('app'), [found.target, ...found.logs]);
    return c.json({ ...found, target, logs });
  });

  // One log's whole text, which lists send cut (docs/explorer-views.md#long-lines): plain text, as it was logged.
  api.get('/apps/:appId/logs/:id/text', async (c) => {
    const id = Number(c.req.param('id'));
    const found = Number.isSafeInteger(id) ? await queries.logText(c.get('app').key, id) : undefined;
    if (!found) return c.json({ error: 'no such log' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.text(found.t ?? '');
  });
}
