// `npx tsx scripts/test-durations.ts`: writes tests/durations.json, each test file's duration in this machine's last
// run (Vitest's results, kept in node_modules/.vite/vitest), which orders a fresh clone's run (tests/support/
// sequencer.ts, docs/testing.md#order). Run it after a whole `npm test` when files were added or grew; a file it does
// not name only starts later than it might.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules/.vite/vitest');

/** Seconds per file, by project, then by path from the repository's root, as tests/support/sequencer.ts reads it. */
export type Durations = Record<string, Record<string, number>>;

interface Results {
  projects?: Record<string, { files?: Record<string, { duration: number }> }>;
}

/** The newest results file: Vitest keeps one per cache key, in a directory each. */
const newest = readdirSync(CACHE)
  .map((name) => join(CACHE, name, 'results.json'))
  .filter((file) => existsSync(file))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!newest) throw new Error(`No Vitest results under ${CACHE}: run npm test first.`);

const results = JSON.parse(readFileSync(newest, 'utf8')) as Results;
const durations: Durations = {};
for (const [project, { files = {} }] of Object.entries(results.projects ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
  const kept = Object.entries(files)
    .filter(([path]) => existsSync(join(ROOT, path)))
    .map(([path, { duration }]): [string, number] => [path, Math.round(duration / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  durations[project] = Object.fromEntries(kept);
}
writeFileSync(join(ROOT, 'tests/durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.values(durations).flatMap(Object.keys).length} files, from ${newest}`);
