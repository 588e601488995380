// `GET /apps/{appID}/sequences?a=&b=&within=&{filters}`: sessions where A was logged and then B within `within`
// seconds (docs/explorer.md#sessions-by-sequence). The stream's other filters (a range, levels, a device …) narrow
// the lines both terms are looked for in.
import { Hono } from 'hono';
import { FilterError } from '../../explorer-contract/log-filters.ts';
import { findSequences, TooManyLines } from '../analysis/sequence-search.ts';
import { termOf } from '../analysis/terms.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { intParam, logFilter, type ExplorerEnv } from './api-params.ts';
import { whoKey, withWho } from './who.ts';

/** A day: a sequence is what one visit of a page does. */
const MAX_WITHIN_SECONDS = 24 * 60 * 60;

export function createSequenceRoutes(queries: ExplorerQueries): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/sequences', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const { q: _q, search: _search, ...filter } = logFilter(c, params);
    const [a, b] = (['a', 'b'] as const).map((name) => {
      const term = termOf(params.get(name) ?? '');
      if (typeof term === 'string') throw new FilterError(`'${name}' ${term}`);
      return term;
    });
    const within = intParam(params, 'within', 300, MAX_WITHIN_SECONDS);
    try {
      const found = await findSequences(queries, filter, a!, b!, within * 1000);
      const who = whoKey(params, c.get('app'));
      return c.json({ ...found, sessions: await withWho(queries, c.get('app').key, who, found.sessions) });
    } catch (error) {
      if (error instanceof TooManyLines) throw new FilterError(error.message);
      throw error;
    }
  });
  return routes;
}
