// Each app's source maps in PostgreSQL (docs/source-maps.md), as in SQLite (server/stores/sqlite/source-maps.ts). An upload
// takes the app's advisory lock, so that two processes' uploads cannot both pass the app's bound.
import type pg from 'pg';
import type { SourceMapInfo, SourceMapStore } from '../store.types.ts';
import { overAppCap } from '../map-cap.ts';
import { sql, transaction } from './client.ts';

const INFO = `id, release, path, bytes::float8 AS bytes, sources, uploaded_at`;

export function createSourceMapStore(pool: pg.Pool): SourceMapStore {
  const { one, all, run } = sql(pool);
  return {
    putSourceMap(appKey, map, at, appCap) {
      return transaction(pool, async (client) => {
        const db = sql(client);
        await db.run(`SELECT pg_advisory_xact_lock(hashtext('source_maps:' || $1))`, appKey);
        const kept = (await db.one<{ n: number }>(
          `SELECT coalesce(sum(bytes), 0)::float8 AS n FROM source_maps WHERE app_key = $1 AND NOT (release = $2 AND path = $3)`,
          appKey,
          map.release,
          map.path,
        ))!.n;
        if (kept + map.bytes > appCap) return { error: overAppCap(kept, map.bytes, appCap) };
        await db.run(
          `DELETE FROM source_maps WHERE app_key = $1 AND release = $2 AND path = $3`,
          appKey,
          map.release,
          map.path,
        );
        return (await db.one<SourceMapInfo>(
          `INSERT INTO source_maps (app_key, release, path, map, bytes, sources, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           RETURNING ${INFO}`,
          appKey,
          map.release,
          map.path,
          map.text,
          map.bytes,
          map.sources,
          at.toISOString(),
        ))!;
      });
    },
    sourceMaps(appKey, release) {
      return release === undefined
        ? all<SourceMapInfo>(`SELECT ${INFO} FROM source_maps WHERE app_key = $1 ORDER BY id DESC`, appKey)
        : all<SourceMapInfo>(
            `SELECT ${INFO} FROM source_maps WHERE app_key = $1 AND release = $2 ORDER BY id DESC`,
            appKey,
            release,
          );
    },
    deleteSourceMaps(appKey, which) {
      return 'id' in which
        ? run(`DELETE FROM source_maps WHERE app_key = $1 AND id = $2`, appKey, which.id)
        : run(`DELETE FROM source_maps WHERE app_key = $1 AND release = $2`, appKey, which.release);
    },
    async sourceMapId(appKey, releases, path) {
      if (releases.length === 0) return undefined;
      const row = await one<{ id: number }>(
        `SELECT id FROM source_maps WHERE app_key = $1 AND path = $2 AND release = ANY($3) ORDER BY id DESC LIMIT 1`,
        appKey,
        path,
        releases,
      );
      return row?.id;
    },
    async sourceMapText(appKey, id) {
      return (await one<{ map: string }>(`SELECT map FROM source_maps WHERE app_key = $1 AND id = $2`, appKey, id))
        ?.map;
    },
  };
}
