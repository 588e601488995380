// The frame a crash's group keys on once its release's map resolves it (docs/source-maps.md#grouping): the first of
// the app's own original frames, `function (source)`, or the first original frame when all are a library's
// (node_modules): a library's function on top, reached from many places of the app, would otherwise make one group of
// different problems. Undefined when no frame resolves (no map yet): the group then keys on the raw top frame
// (server/analysis/fingerprint.ts).
import type { StoredSession, SourceMapStore } from '../stores/store.types.ts';
import { MAX_INGEST_FILES, releasesOf, symbolicatorOf, type Frame } from './symbolicator.ts';

function groupFrameOf(frames: readonly Frame[]): string | undefined {
  const originals = frames.flatMap((frame) => (frame.original ? [frame.original] : []));
  const chosen = originals.find((frame) => frame.own) ?? originals[0];
  return chosen && `${chosen.function} (${chosen.source})`;
}

/** At ingest: never fails the crash's storing. A map that cannot be read leaves the crash grouped raw. */
export async function resolvedFrameOf(
  store: SourceMapStore,
  appKey: string,
  session: StoredSession,
  text: string,
): Promise<string | undefined> {
  const releases = releasesOf(session);
  if (releases.length === 0) return undefined;
  try {
    return groupFrameOf(await symbolicatorOf(store).frames(appKey, releases, text, { maxFiles: MAX_INGEST_FILES }));
  } catch (error) {
    console.error(`source maps: a crash of ${appKey} grouped on its raw frames:`, (error as Error).message);
    return undefined;
  }
}
