// `npm run bench:source-maps`: symbolication's cost (docs/source-maps.md#cost). A real minified build with its map
// (the fixture app of fixtures/source-map-fixture.ts bundled with React and React DOM by rolldown, as Vite
// builds): 1. a crash's five frames resolved with the map parsed first (cold) and with it cached (warm); 2. the heap a
// cache of N parsed maps holds; 3. a crash's ingest on SQLite with and without its release's map (the collector
// resolves the frame its group keys on). A measurement: nothing in it passes or fails.
//   node --expose-gc --import tsx bench/source-maps.ts --crashes 300
import { parseArgs } from 'node:util';
import { createSymbolicator } from '../server/sourcemaps/symbolicator.ts';
import { createMapCache } from '../server/sourcemaps/map-cache.ts';
import type { SourceMapStore } from '../server/stores/store.types.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_APP_KEY, seedDemo } from '../server/partner/demo.ts';
import { createServiceApp } from '../server/service.ts';
import { openStore } from '../server/stores/open-store.ts';
import { sessionPayload, wireRequest } from '../fixtures/wire-bodies.ts';
import { buildMinified, crashText, SOURCES, type MinifiedBuild } from '../fixtures/source-map-fixture.ts';

const { values } = parseArgs({
  options: { crashes: { type: 'string', default: '300' }, maps: { type: 'string', default: '10' } },
});
const CRASHES = Number(values.crashes);
const MAPS = Number(values.maps);

/** The fixture app with React and React DOM in the bundle, so that the map is a real app's size. */
const realBuild = (): Promise<MinifiedBuild> =>
  buildMinified(
    {
      ...SOURCES,
      'app/main.ts': `${SOURCES['app/main.ts']}export { createRoot } from 'react-dom/client';\nexport { createElement } from 'react';\n`,
    },
    'app/main.ts',
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const built = await realBuild();
const text = crashText(built);
console.log(`map: ${mb(built.map.length)} of JSON, bundle ${mb(built.code.length)}`);

/** A store of one map, under as many ids as asked, read from memory: the symbolicator's own cost. */
const memoryStore = (id = () => 1): SourceMapStore =>
  ({ sourceMapId: async () => id(), sourceMapText: async () => built.map }) as unknown as SourceMapStore;

// 1. Cold and warm.
const cold: number[] = [];
for (let i = 0; i < 20; i++) {
  const symbolicator = createSymbolicator(memoryStore());
  const start = performance.now();
  const frames = await symbolicator.frames(DEMO_APP_KEY, ['1.0.0'], text);
  cold.push(performance.now() - start);
  if (frames[0]?.original?.function !== 'payOrder') throw new Error('the crash did not resolve');
}
const warmSymbolicator = createSymbolicator(memoryStore());
await warmSymbolicator.frames(DEMO_APP_KEY, ['1.0.0'], text);
const warm: number[] = [];
for (let i = 0; i < 1_000; i++) {
  const start = performance.now();
  await warmSymbolicator.frames(DEMO_APP_KEY, ['1.0.0'], text);
  warm.push(performance.now() - start);
}
console.log(
  `a crash of 5 frames: cold ${median(cold).toFixed(1)} ms (median of 20), warm ${(median(warm) * 1000).toFixed(0)} µs (median of 1,000)`,
);

// 2. The heap N parsed maps hold once each has resolved a crash (its mappings decoded).
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  let next = 0;
  const cache = createMapCache(Number.MAX_SAFE_INTEGER);
  const many = createSymbolicator(
    memoryStore(() => ++next),
    cache,
  );
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < MAPS; i++)
    await many.frames(DEMO_APP_KEY, ['1.0.0'], crashText(built).split('\n').slice(0, 2).join('\n'));
  gc();
  const held = process.memoryUsage().heapUsed - before;
  console.log(
    `${cache.size.maps} maps cached (${mb(cache.size.bytes)} of JSON): ${mb(held)} of heap, ${mb(held / MAPS)} a map`,
  );
} else console.log("heap: run with node --expose-gc for the cache's memory");

// 3. Ingest of a crash on SQLite, of a release without a map and of one with it (warm after the first), interleaved.
const ADMIN_TOKEN = 'bench-admin-token';
const dir = mkdtempSync(join(tmpdir(), 'sidelog-bench-maps-'));
const store = await openStore(join(dir, 'sidelog.db'));
await seedDemo(store);
const app = createServiceApp(store, { adminToken: ADMIN_TOKEN, distDir: join(dir, 'no-dist') });
async function sessionOf(version: string) {
  const payload = sessionPayload(`bench-${version}`);
  payload.app_version.version = version;
  return ((await (await wireRequest(app, 'sendSession', payload)).json()) as { id: number }).id;
}
const sessions = { raw: await sessionOf('0.9.0'), mapped: await sessionOf('1.0.0') };
const upload = await app.request(
  `/sidelog/admin/api/source-maps?${new URLSearchParams({ app: DEMO_APP_KEY, release: '1.0.0', url: `/assets/${built.fileName}` })}`,
  {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: built.map,
  },
);
if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
const spent = { raw: 0, mapped: 0 };
for (let i = 0; i < CRASHES; i++) {
  for (const kind of ['raw', 'mapped'] as const) {
    const start = performance.now();
    const answer = await wireRequest(app, 'sendIssue', {
      uid: `${kind}-${i}`,
      url: '',
      title: 'TypeError: no amount',
      text,
      app: { key: DEMO_APP_KEY },
      type: 'crash',
      session_id: sessions[kind],
    });
    spent[kind] += performance.now() - start;
    if (answer.status !== 200) throw new Error(`sendIssue answered ${answer.status}`);
  }
}
console.log(
  `ingest of a crash on SQLite, ${CRASHES} of each one after another: ${(spent.raw / CRASHES).toFixed(2)} ms without a map, ${(spent.mapped / CRASHES).toFixed(2)} ms with its map`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
