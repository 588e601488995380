// The admin API's routes for an app's source maps (docs/source-maps.md#upload): `POST source-maps?app=KEY&release=R&url=U`
// with one map's JSON as the body (U: the minified file's URL, as stacks name it, or its path), `GET source-maps?app=KEY`
// (`&release=R`) listing them without their text, `DELETE source-maps?app=KEY&release=R` and `DELETE
// source-maps/ID?app=KEY`. Nothing here answers a map's text: maps hold the app's code (`sourcesContent`), which only
// the explorer shows, to viewers of that app.
import { Hono, type Context } from 'hono';
import { limitBody } from '../http/body-limits.ts';
import type { AppStore, SourceMapStore } from '../stores/store.types.ts';
import { checkSourceMap } from './map-check.ts';
import { mapPathOf } from './map-path.ts';
import { MAX_APP_MAP_BYTES, MAX_MAP_BYTES, MAX_RELEASE_LENGTH, MAX_URL_LENGTH } from './limits.ts';

export const SOURCE_MAPS_PATH = '/source-maps';

/** The admin API's own body limit is an app's settings; a map's is this. */
export const mapBodyLimit = limitBody(MAX_MAP_BYTES, (c) =>
  c.json({ error: `a map may be at most ${MAX_MAP_BYTES / 1024 / 1024} MB (docs/source-maps.md#limits)` }, 413),
);

export function createAdminSourceMaps(store: AppStore & SourceMapStore, appCap = MAX_APP_MAP_BYTES): Hono {
  const routes = new Hono();
  const appOf = async (c: Context) => store.app(c.req.query('app') ?? '');
  const noApp = (c: Context) => c.json({ error: `'app' must be the key of an app` }, 400);
  const releaseOf = (c: Context) => {
    const release = c.req.query('release');
    return release && release.length <= MAX_RELEASE_LENGTH ? release : undefined;
  };
  const noRelease = (c: Context) =>
    c.json({ error: `'release' must be the app's version or build, 1 to ${MAX_RELEASE_LENGTH} characters` }, 400);

  routes.post(SOURCE_MAPS_PATH, async (c) => {
    const app = await appOf(c);
    if (!app) return noApp(c);
    const release = releaseOf(c);
    if (!release) return noRelease(c);
    const url = c.req.query('url') ?? '';
    const path = url.length <= MAX_URL_LENGTH ? mapPathOf(url) : undefined;
    if (!path)
      return c.json({ error: `'url' must be the minified file's http(s) URL, or its path starting with '/'` }, 400);
    const text = await c.req.text();
    const checked = checkSourceMap(text, path);
    if ('error' in checked) return c.json({ error: checked.error }, 400);
    const kept = await store.putSourceMap(
      app.key,
      { release, path, text, bytes: Buffer.byteLength(text), sources: checked.sources },
      new Date(),
      appCap,
    );
    return 'error' in kept ? c.json({ error: kept.error }, 413) : c.json(kept, 201);
  });

  routes.get(SOURCE_MAPS_PATH, async (c) => {
    const app = await appOf(c);
    if (!app) return noApp(c);
    const release = c.req.query('release');
    return c.json(await store.sourceMaps(app.key, release || undefined));
  });

  routes.delete(SOURCE_MAPS_PATH, async (c) => {
    const app = await appOf(c);
    if (!app) return noApp(c);
    const release = releaseOf(c);
    if (!release) return noRelease(c);
    return c.json({ deleted: await store.deleteSourceMaps(app.key, { release }) });
  });

  routes.delete(`${SOURCE_MAPS_PATH}/:id`, async (c) => {
    const app = await appOf(c);
    if (!app) return noApp(c);
    const id = c.req.param('id');
    if (!/^\d{1,9}$/.test(id)) return c.json({ error: 'no such map' }, 404);
    const deleted = await store.deleteSourceMaps(app.key, { id: Number(id) });
    return deleted ? c.json({ deleted }) : c.json({ error: 'no such map' }, 404);
  });
  return routes;
}
