// What an uploaded map must be before it is kept (docs/source-maps.md#upload): JSON of a version 3 source map, with
// its mappings and sources, that @jridgewell/trace-mapping can read, and for the file it is uploaded for when it
// names one. A reason in plain words otherwise, which the admin API answers with 400.
import { decodedMappings, FlattenMap } from '@jridgewell/trace-mapping';

interface CheckedMap {
  /** How many original files it maps. */
  sources: number;
}

/** The last segment of a path or URL, its query left out. */
const baseName = (path: string) =>
  path
    .replace(/[?#].*$/, '')
    .split('/')
    .pop() ?? '';

/** A segment: a generated column, then optionally a source index, line and column, and a name index. */
function wellFormed(segment: readonly number[], sources: number): boolean {
  if (!segment.every((n) => Number.isInteger(n) && n >= 0)) return false;
  return segment.length === 1 || segment[1]! < sources;
}

export function checkSourceMap(text: string, path: string): CheckedMap | { error: string } {
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch {
    return { error: 'the map is not JSON' };
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return { error: 'the map is not a JSON object' };
  const fields = map as Record<string, unknown>;
  if (fields.version !== 3) return { error: `the map's 'version' must be 3` };
  const sections = Array.isArray(fields.sections);
  if (!sections && typeof fields.mappings !== 'string') return { error: `the map has no 'mappings'` };
  if (
    !sections &&
    (!Array.isArray(fields.sources) || !fields.sources.every((s) => typeof s === 'string' || s === null))
  )
    return { error: `the map's 'sources' must be a list of file names` };
  if (!sections && !/^[A-Za-z0-9+/,;]*$/.test(fields.mappings as string))
    return { error: `the map's 'mappings' are not Base64 VLQ of its sources` };
  // A bundler writes the minified file's name in `file`: a map uploaded for another file would resolve nothing, or
  // worse, resolve wrong lines.
  if (typeof fields.file === 'string' && fields.file !== '' && baseName(fields.file) !== baseName(path))
    return { error: `the map is for '${baseName(fields.file)}', not '${baseName(path)}'` };
  try {
    const parsed = new FlattenMap(text);
    // Decoded now (trace-mapping decodes on first use, and reads what is not Base64 VLQ as NaN rather than
    // throwing), so that broken mappings are refused at upload rather than resolving to nothing later.
    if (!decodedMappings(parsed).every((line) => line.every((segment) => wellFormed(segment, parsed.sources.length))))
      return { error: `the map's 'mappings' are not Base64 VLQ of its sources` };
    return { sources: parsed.sources.length };
  } catch (error) {
    return { error: `the map cannot be read: ${(error as Error).message}` };
  }
}
