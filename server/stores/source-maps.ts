// Each app's source maps (docs/source-maps.md), on both databases over the dialect (server/stores/dialect.ts). An
// upload takes the app's lock, so that two processes' uploads cannot both pass the app's bound (on SQLite the writer
// thread runs them one at a time anyway).
import { overAppCap } from './map-cap.ts';
import { list, raw, sql, when, type Db, type Split } from './dialect.ts';
import type { SourceMapInfo, SourceMapStore } from './store.types.ts';

const INFO = raw('id, release, path, bytes, sources, uploaded_at');

export function sourceMapStore(db: Db): Split<SourceMapStore, 'putSourceMap' | 'deleteSourceMaps'> {
  return {
    reads: {
      sourceMaps: (appKey, release) =>
        db.all<SourceMapInfo>(
          sql`SELECT ${INFO} FROM source_maps WHERE app_key = ${appKey}
              ${when(release !== undefined, sql`AND release = ${release}`)} ORDER BY id DESC`,
        ),
      async sourceMapId(appKey, releases, path) {
        if (releases.length === 0) return undefined;
        const row = await db.one<{ id: number }>(
          sql`SELECT id FROM source_maps WHERE app_key = ${appKey} AND path = ${path} AND release IN (${list(releases)})
              ORDER BY id DESC LIMIT 1`,
        );
        return row?.id;
      },
      async sourceMapText(appKey, id) {
        return (
          await db.one<{ map: string }>(sql`SELECT map FROM source_maps WHERE app_key = ${appKey} AND id = ${id}`)
        )?.map;
      },
    },
    writes: {
      putSourceMap: (appKey, map, at, appCap) =>
        db.transaction(async (tx) => {
          await tx.lock(`source_maps:${appKey}`);
          const { kept } = (await tx.one<{ kept: number }>(
            sql`SELECT CAST(coalesce(sum(bytes), 0) AS DOUBLE PRECISION) AS kept FROM source_maps
                WHERE app_key = ${appKey} AND NOT (release = ${map.release} AND path = ${map.path})`,
          ))!;
          if (kept + map.bytes > appCap) return { error: overAppCap(kept, map.bytes, appCap) };
          await tx.run(
            sql`DELETE FROM source_maps WHERE app_key = ${appKey} AND release = ${map.release} AND path = ${map.path}`,
          );
          return (await tx.one<SourceMapInfo>(
            sql`INSERT INTO source_maps (app_key, release, path, map, bytes, sources, uploaded_at)
                VALUES (${appKey}, ${map.release}, ${map.path}, ${map.text}, ${map.bytes}, ${map.sources}, ${at.toISOString()})
                RETURNING ${INFO}`,
          ))!;
        }),
      deleteSourceMaps: (appKey, which) =>
        db.run(
          'id' in which
            ? sql`DELETE FROM source_maps WHERE app_key = ${appKey} AND id = ${which.id}`
            : sql`DELETE FROM source_maps WHERE app_key = ${appKey} AND release = ${which.release}`,
        ),
    },
  };
}
