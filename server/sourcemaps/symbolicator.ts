// A crash's frames resolved through its release's source maps (docs/source-maps.md#what-is-resolved): each frame's
// minified file found among the app's maps of the session's release (its `version`, or its `build`) by the URL's
// path, its line and column traced to the original file, line and column, its function named from the original
// source, with the lines around. Resolved on read, and at ingest only for the frame grouping keys on
// (server/sourcemaps/group-frame.ts): the explorer asks for a crash's frames when a person opens it, and a map
// uploaded after its crashes resolves them from then on, with nothing stored to redo. bench/source-maps.ts measured a
// crash of five frames through a 1 MB map at 6 to 15 ms with the map parsed first and 20 µs with it cached, and a
// crash's ingest on SQLite the same with its map as without (1.2 ms).
import { originalPositionFor, sourceContentFor, type TraceMap } from '@jridgewell/trace-mapping';
import type { OriginalFrame, StackFrame } from '../../explorer-contract/stack-frames.types.ts';
import type { SourceMapStore, StoredSession } from '../stores/store.types.ts';
import { enclosingFunction } from './enclosing-function.ts';
import { createMapCache, type MapCache } from './map-cache.ts';
import { mapPathOf } from './map-path.ts';
import { isLibrary, sourceName } from './source-names.ts';
import { stackFrames, type RawFrame } from './stack-frames.ts';

/** Lines shown before and after a frame's line; each cut to CONTEXT_LINE_CUT characters. */
const CONTEXT_LINES = 3;
const CONTEXT_LINE_CUT = 300;

export type { OriginalFrame } from '../../explorer-contract/stack-frames.types.ts';
export type Frame = StackFrame;

/** The releases a session's crashes are read with: the app's `version`, and its `build`. */
export function releasesOf(session: Pick<StoredSession, 'payload'> | undefined): string[] {
  const version = session?.payload.app_version;
  return [version?.version, version?.build].filter((name): name is string => typeof name === 'string' && name !== '');
}

/** At ingest, the files whose maps one crash may make the collector look up (and parse, when not cached): anyone with
 * the app's public key can send a crash, and one naming fifty bundles would otherwise cost fifty parses. The frame
 * grouping keys on is almost always in the first file or two. */
export const MAX_INGEST_FILES = 3;

interface Symbolicator {
  /** `maxFiles`: the frames of files past the first so many stay raw. */
  frames(appKey: string, releases: readonly string[], text: string, options?: { maxFiles?: number }): Promise<Frame[]>;
  readonly cache: MapCache;
}

export function createSymbolicator(store: SourceMapStore, cache = createMapCache()): Symbolicator {
  /** The map of one frame's file, or undefined. */
  async function mapOf(appKey: string, releases: readonly string[], url: string): Promise<TraceMap | undefined> {
    const path = mapPathOf(url);
    if (!path) return undefined;
    const id = await store.sourceMapId(appKey, releases, path);
    return id === undefined ? undefined : cache.get(id, () => store.sourceMapText(appKey, id));
  }

  function resolve(map: TraceMap, frame: RawFrame): OriginalFrame | null {
    if (frame.line === undefined) return null;
    // Browsers count columns from 1, maps from 0; a frame without one is its line's first mapped column.
    const position = originalPositionFor(map, { line: frame.line, column: Math.max(0, (frame.column ?? 1) - 1) });
    if (position.source === null) return null;
    const content = sourceContentFor(map, position.source);
    const lines = content?.split('\n');
    const first = Math.max(1, position.line - CONTEXT_LINES);
    const source = sourceName(position.source);
    return {
      source,
      line: position.line,
      column: position.column,
      function: (lines && enclosingFunction(lines, position.line, position.column)) ?? position.name ?? frame.function,
      own: !isLibrary(source),
      context: lines
        ? {
            first,
            lines: lines.slice(first - 1, position.line + CONTEXT_LINES).map((line) => line.slice(0, CONTEXT_LINE_CUT)),
          }
        : null,
    };
  }

  return {
    cache,
    async frames(appKey, releases, text, options = {}) {
      const frames = stackFrames(text);
      const maps = new Map<string, Promise<TraceMap | undefined>>();
      const maxFiles = options.maxFiles ?? Infinity;
      return Promise.all(
        frames.map(async (frame) => {
          if (!maps.has(frame.url))
            maps.set(frame.url, maps.size < maxFiles ? mapOf(appKey, releases, frame.url) : Promise.resolve(undefined));
          const map = await maps.get(frame.url);
          return { ...frame, original: map ? resolve(map, frame) : null };
        }),
      );
    },
  };
}

const SYMBOLICATORS = new WeakMap<SourceMapStore, Symbolicator>();

/** The store's one symbolicator in this process, shared by the collector and the explorer, with its one cache. */
export function symbolicatorOf(store: SourceMapStore): Symbolicator {
  let symbolicator = SYMBOLICATORS.get(store);
  if (!symbolicator) SYMBOLICATORS.set(store, (symbolicator = createSymbolicator(store)));
  return symbolicator;
}
