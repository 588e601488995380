// Parsed maps kept in memory between crashes, least recently used first out, bounded by the size of their JSON
// (docs/source-maps.md#limits): parsing is most of a crash's cost (bench/source-maps.ts), and a release's crashes
// keep hitting the same few bundles. A map is cached by its row id, which an upload or a delete changes, so a cached
// map is never stale, in this process or another.
import { FlattenMap, type TraceMap } from '@jridgewell/trace-mapping';

/** The maps' JSON held at most: the largest map an upload may have (MAX_MAP_BYTES) and a bit more, so that no map is
 * parsed again for each crash. A parsed map whose mappings are decoded takes about 5.7 times its JSON on the heap
 * (bench/source-maps.ts: 57 MB for ten 1 MB maps), so this is about 140 MB at most: a few releases' bundles. */
export const MAP_CACHE_BYTES = 24 * 1024 * 1024;

export interface MapCache {
  get(id: number, load: () => Promise<string | undefined>): Promise<TraceMap | undefined>;
  /** The JSON bytes of the maps held, and how many. */
  readonly size: { bytes: number; maps: number };
}

export function createMapCache(maxBytes = MAP_CACHE_BYTES): MapCache {
  const maps = new Map<number, { map: TraceMap; bytes: number }>();
  let bytes = 0;
  return {
    async get(id, load) {
      const cached = maps.get(id);
      if (cached) {
        // Most recently used last.
        maps.delete(id);
        maps.set(id, cached);
        return cached.map;
      }
      const text = await load();
      if (text === undefined) return undefined;
      const map = new FlattenMap(text) as TraceMap;
      const entry = { map, bytes: text.length };
      // A map over the whole bound is used once and not kept.
      if (entry.bytes > maxBytes) return map;
      maps.set(id, entry);
      bytes += entry.bytes;
      for (const [oldest, { bytes: size }] of maps) {
        if (bytes <= maxBytes) break;
        maps.delete(oldest);
        bytes -= size;
      }
      return map;
    },
    get size() {
      return { bytes, maps: maps.size };
    },
  };
}
