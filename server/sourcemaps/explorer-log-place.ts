// The explorer's route for a log's call site (docs/source-maps.md#a-logs-call-site): `GET /apps/{appID}/logs/{id}/place`,
// behind the explorer's sign-in and the viewer's access to the app (server/explorer/api.ts), as the map's code is the
// app's. The log's file, line and column (`f`, `l`, `lc`) read as the one frame of a stack, through the same
// symbolicator, maps and cache as a crash's frames: resolved on read, so that a map uploaded after the log resolves it.
import { Hono } from 'hono';
import type { LogPlace } from '../../explorer-contract/stack-frames.types.ts';
import type { ExplorerEnv } from '../explorer/api-params.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { CollectedReads, SourceMapStore } from '../stores/store.types.ts';
import { releasesOf, symbolicatorOf } from './symbolicator.ts';

/** A call site as a V8 stack's frame (server/sourcemaps/stack-frames.ts reads it), or undefined when it lacks a part. */
export function callSiteFrame(log: { f: string | null; l: number | null; lc: number | null; m: string | null }) {
  if (log.f === null || log.l === null || log.lc === null) return undefined;
  const place = `${log.f}:${log.l}:${log.lc}`;
  return log.m ? `    at ${log.m} (${place})` : `    at ${place}`;
}

export function createLogPlaceRoutes(
  store: Pick<CollectedReads, 'session'> & SourceMapStore,
  queries: Pick<ExplorerQueries, 'around'>,
): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/logs/:id/place', async (c) => {
    const app = c.get('app');
    const id = Number(c.req.param('id'));
    const found = Number.isSafeInteger(id) ? await queries.around(app.key, id, 0, 0) : undefined;
    if (!found) return c.json({ error: 'no such log' }, 404);
    const releases = releasesOf(await store.session(app.key, found.target.session_uid));
    const frame = callSiteFrame(found.target);
    const frames = frame === undefined ? [] : await symbolicatorOf(store).frames(app.key, releases, frame);
    return c.json({ release: releases[0] ?? null, frame: frames[0] ?? null } satisfies LogPlace);
  });
  return routes;
}
