// The explorer's route for a crash's frames (docs/source-maps.md#in-the-explorer): `GET /apps/{appID}/issues/{uid}/frames`,
// behind the explorer's sign-in and the viewer's access to the app (server/explorer/api.ts), as the map's code is the
// app's: each frame raw and, where its release's map resolves it, original, with the lines around.
import { Hono } from 'hono';
import type { CollectedReads, CollectorStore, SourceMapStore } from '../stores/store.types.ts';
import type { ExplorerEnv } from './api-params.ts';
import type { IssueFrames } from '../../explorer-contract/stack-frames.types.ts';
import { releasesOf, symbolicatorOf } from '../sourcemaps/symbolicator.ts';

export function createFrameRoutes(
  store: Pick<CollectedReads, 'issue'> & Pick<CollectorStore, 'sessionById'> & SourceMapStore,
): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/issues/:uid/frames', async (c) => {
    const app = c.get('app');
    const issue = await store.issue(app.key, c.req.param('uid'));
    if (!issue) return c.json({ error: 'no such issue' }, 404);
    const releases = releasesOf(await store.sessionById(app.key, issue.session_id));
    const frames = await symbolicatorOf(store).frames(app.key, releases, issue.text);
    return c.json({ release: releases[0] ?? null, frames } satisfies IssueFrames);
  });
  return routes;
}
