// The explorer API's counts and choices for a view (docs/volume-and-counts.md, docs/facets.md): its logs over time,
// counted by a field's values, its facets and the fields parsed from its text, how many logs it holds, and the tags,
// app versions and languages its filters offer.
import type { Hono } from 'hono';
import { logFilter, query, type ExplorerEnv } from './api-params.ts';
import { parseSplitBy, SPLIT_REFUSED } from '../../explorer-contract/field-counts.ts';
import { logFacets } from './facets.ts';
import { fieldCounts } from './field-counts.ts';
import { parsedFieldFacets } from './parsed-fields.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { logVolume } from './volume.ts';
import { whoKey, whoOf } from './who.ts';
import { whoLabel } from '../../explorer-contract/identity.ts';
import { viewCount } from './view-count.ts';

export function countRoutes(api: Hono<ExplorerEnv>, queries: ExplorerQueries): void {
  api.get('/apps/:appId/logs/volume', async (c) => c.json(await logVolume(queries, logFilter(c, query(c)))));

  api.get('/apps/:appId/logs/facets', async (c) => {
    const params = query(c);
    const facets = await logFacets(queries, logFilter(c, params));
    // Each device as a person knows it: by the identity key, else its name and a short id (docs/explorer.md#identity).
    const who = whoKey(params, c.get('app'));
    const values = await whoOf(
      queries,
      c.get('app').key,
      who,
      facets.device.map((device) => device.value),
    );
    const device = facets.device.map((one) => ({
      ...one,
      label: whoLabel({ name: one.label ?? '', udid: one.value, who: values.get(one.value) }, who),
    }));
    return c.json({ ...facets, device });
  });

  api.get('/apps/:appId/logs/split', async (c) => {
    const params = query(c);
    const by = parseSplitBy(params.get('by') ?? 'level');
    if (!by) return c.json({ error: SPLIT_REFUSED }, 400);
    return c.json(await fieldCounts(queries, logFilter(c, params), by));
  });

  api.get('/apps/:appId/logs/fields', async (c) => c.json(await parsedFieldFacets(queries, logFilter(c, query(c)))));

  api.get('/apps/:appId/logs/count', async (c) => c.json(await viewCount(queries, logFilter(c, query(c)))));

  api.get('/apps/:appId/tags', async (c) => c.json(await queries.tags(c.get('app').key)));
  api.get('/apps/:appId/facets', async (c) => c.json(await queries.sessions.facets(c.get('app').key)));
}
