// `GET /apps/{appID}/patterns?{filters}`: the query's lines grouped into templates (docs/explorer.md#patterns).
import { Hono } from 'hono';
import { FilterError } from '../../explorer-contract/log-filters.ts';
import { findPatterns, patternRange } from '../analysis/pattern-sample.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { logFilter, type ExplorerEnv } from './api-params.ts';

export function createPatternRoutes(queries: ExplorerQueries): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/patterns', async (c) => {
    const filter = logFilter(c, new URL(c.req.url).searchParams);
    const { from, to } = patternRange(filter, Date.now());
    if (!(from < to)) throw new FilterError(`'from' must be before 'to'`);
    return c.json(await findPatterns(queries, filter));
  });
  return routes;
}
