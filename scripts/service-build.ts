// The service built to plain JavaScript (docs/local-service.md#the-built-service): `npm start`, the cluster's workers,
// the SQLite threads and every service process the tests and benches start run `dist-server/main.mjs`, not the
// TypeScript through tsx, whose module hooks cost a start 1.1 s of CPU against 0.35 (docs/testing.md#the-tenth-pass).
// One Rolldown build of the command line and the two SQLite threads, every package left to node_modules; rebuilt when
// any source it holds is newer than the build, or missing.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'rolldown';

const ROOT = resolve(import.meta.dirname, '..');
export const SERVICE_DIR = join(ROOT, 'dist-server');
/** The command line, as `node` runs it. */
export const SERVICE_MAIN = join(SERVICE_DIR, 'main.mjs');
/** The sources the last build read, with this file: a build older than any of them is rebuilt. */
const SOURCES_FILE = join(SERVICE_DIR, 'sources.json');

const ENTRIES = {
  main: 'server/main.ts',
  // Started by file beside the command line (server/stores/sqlite/module-worker.ts's moduleBeside).
  'reader-thread': 'server/stores/sqlite/reader-thread.ts',
  'writer-thread': 'server/stores/sqlite/writer-thread.ts',
};

/** Read from the build's own directory at run time (server/collector/otlp/otlp-proto.ts). */
const COPIED = [{ from: 'server/collector/otlp/vendor', to: 'vendor' }];

function stale(): boolean {
  if (!existsSync(SOURCES_FILE) || !existsSync(SERVICE_MAIN)) return true;
  const built = statSync(SOURCES_FILE).mtimeMs;
  const sources = [...(JSON.parse(readFileSync(SOURCES_FILE, 'utf8')) as string[]), import.meta.filename];
  return sources.some((file) => !existsSync(file) || statSync(file).mtimeMs > built);
}

/** Builds the service when stale; answers the command line's path. Each file is written whole and renamed into
 * place, so that processes building at once (test workers) or starting meanwhile never read half a file. */
export async function ensureServiceBuild(): Promise<string> {
  if (!stale()) return SERVICE_MAIN;
  const bundle = await build({
    cwd: ROOT,
    input: ENTRIES,
    platform: 'node',
    // Packages and Node's modules load from node_modules as they would under tsx: native addons, chdb and the rest.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !/^[A-Za-z]:/.test(id),
    write: false,
    output: {
      format: 'esm',
      // Every file in one directory, so that each module's import.meta.url resolves what sits beside it.
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      // Stack traces name the sources (run with --enable-source-maps).
      sourcemap: true,
    },
  });
  mkdirSync(SERVICE_DIR, { recursive: true });
  const written = new Set<string>();
  const sources = new Set<string>();
  for (const file of bundle.output) {
    const target = join(SERVICE_DIR, file.fileName);
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, file.type === 'chunk' ? file.code : file.source);
    renameSync(temporary, target);
    written.add(file.fileName);
    if (file.type === 'chunk') for (const id of file.moduleIds) if (existsSync(id)) sources.add(id);
  }
  for (const { from, to } of COPIED) cpSync(join(ROOT, from), join(SERVICE_DIR, to), { recursive: true });
  // Chunks of earlier builds (their names hold their hashes) go, but for any written in the last minute: another
  // process may have built from sources edited since, and its command line would name them.
  const recent = Date.now() - 60_000;
  for (const name of readdirSync(SERVICE_DIR)) {
    const path = join(SERVICE_DIR, name);
    if (!/\.mjs(\.map)?$/.test(name) || written.has(name)) continue;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs <= recent) rmSync(path, { force: true });
  }
  const temporary = `${SOURCES_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify([...sources].sort()));
  renameSync(temporary, SOURCES_FILE);
  return SERVICE_MAIN;
}

/** Node's arguments for the built service: its source maps on, so that a stack names the TypeScript. */
export const serviceArgs = (): string[] => ['--enable-source-maps', SERVICE_MAIN];

// `tsx scripts/service-build.ts`: builds it now if stale.
if (process.argv[1] && import.meta.filename === process.argv[1]) console.log(await ensureServiceBuild());
