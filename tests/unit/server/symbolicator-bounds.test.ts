// The symbolicator's bounds at ingest (docs/source-maps.md#limits), a unit test over a store held in memory: anyone
// with an app's public key can send a crash, so one whose frames name many bundles makes the collector look up and
// parse no more than MAX_INGEST_FILES of them; and the cache keeps a map of the largest size an upload may have.
import { describe, expect, test } from 'vitest';
import { MAX_MAP_BYTES } from '../../../server/sourcemaps/limits.ts';
import { MAP_CACHE_BYTES } from '../../../server/sourcemaps/map-cache.ts';
import { createSymbolicator, MAX_INGEST_FILES } from '../../../server/sourcemaps/symbolicator.ts';
import type { SourceMapStore } from '../../../server/stores/store.types.ts';

describe('the symbolicator', () => {
  test('at ingest, looks up the maps of the first MAX_INGEST_FILES files a stack names, and no more', async () => {
    const looked: string[] = [];
    const store = {
      sourceMapId: async (_app: string, _releases: readonly string[], path: string) => {
        looked.push(path);
        return undefined;
      },
      sourceMapText: async () => undefined,
    } as unknown as SourceMapStore;
    const text = Array.from(
      { length: 10 },
      (_, i) => `    at f${i} (https://shop.example/assets/chunk-${i}.js:1:${i + 1})`,
    ).join('\n');
    const frames = await createSymbolicator(store).frames('app', ['1.0.0'], text, { maxFiles: MAX_INGEST_FILES });
    expect(frames).toHaveLength(10);
    expect(looked).toEqual(Array.from({ length: MAX_INGEST_FILES }, (_, i) => `/assets/chunk-${i}.js`));
    // On read, every file.
    looked.length = 0;
    await createSymbolicator(store).frames('app', ['1.0.0'], text);
    expect(looked).toHaveLength(10);
  });

  test('the cache holds a map of the largest size an upload may have', () => {
    expect(MAP_CACHE_BYTES).toBeGreaterThanOrEqual(MAX_MAP_BYTES);
  });
});
