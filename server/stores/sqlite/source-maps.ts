// Each app's source maps in SQLite (docs/source-maps.md). Its writes (putSourceMap, deleteSourceMaps) run in the
// writer thread (server/stores/sqlite/writer.types.ts), where one at a time checks the app's bound and keeps the map.
import type Database from 'better-sqlite3';
import type { SourceMapInfo, SourceMapStore } from '../store.types.ts';
import { overAppCap } from '../map-cap.ts';
import { promised, type Sync } from './rows.ts';

const INFO = `id, release, path, bytes, sources, uploaded_at`;

export function createSourceMapStore(db: Database.Database): SourceMapStore {
  return promised<SourceMapStore>(sourceMapStoreSync(db));
}

export function sourceMapStoreSync(db: Database.Database): Sync<SourceMapStore> {
  const others = db
    .prepare(`SELECT ifnull(sum(bytes), 0) FROM source_maps WHERE app_key = ? AND NOT (release = ? AND path = ?)`)
    .pluck();
  const replace = db.prepare(`DELETE FROM source_maps WHERE app_key = ? AND release = ? AND path = ?`);
  const insert = db.prepare(
    `INSERT INTO source_maps (app_key, release, path, map, bytes, sources, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     RETURNING ${INFO}`,
  );
  const text = db.prepare(`SELECT map FROM source_maps WHERE app_key = ? AND id = ?`).pluck();
  return {
    putSourceMap(appKey, map, at, appCap) {
      const kept = others.get(appKey, map.release, map.path) as number;
      if (kept + map.bytes > appCap) return { error: overAppCap(kept, map.bytes, appCap) };
      replace.run(appKey, map.release, map.path);
      return insert.get(
        appKey,
        map.release,
        map.path,
        map.text,
        map.bytes,
        map.sources,
        at.toISOString(),
      ) as SourceMapInfo;
    },
    sourceMaps(appKey, release) {
      const sql = `SELECT ${INFO} FROM source_maps WHERE app_key = ? ${release === undefined ? '' : 'AND release = ?'} ORDER BY id DESC`;
      return db.prepare(sql).all(appKey, ...(release === undefined ? [] : [release])) as SourceMapInfo[];
    },
    deleteSourceMaps(appKey, which) {
      return 'id' in which
        ? db.prepare(`DELETE FROM source_maps WHERE app_key = ? AND id = ?`).run(appKey, which.id).changes
        : db.prepare(`DELETE FROM source_maps WHERE app_key = ? AND release = ?`).run(appKey, which.release).changes;
    },
    sourceMapId(appKey, releases, path) {
      if (releases.length === 0) return undefined;
      return db
        .prepare(
          `SELECT id FROM source_maps WHERE app_key = ? AND path = ? AND release IN (${releases.map(() => '?').join(', ')}) ORDER BY id DESC LIMIT 1`,
        )
        .pluck()
        .get(appKey, path, ...releases) as number | undefined;
    },
    sourceMapText(appKey, id) {
      return text.get(appKey, id) as string | undefined;
    },
  };
}
