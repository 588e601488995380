// `npx tsx bench/bundle-report.ts [--top N]`: what each source module adds to each of the package's page chunks
// (docs/benchmarks.md#what-each-module-adds). Builds the package as `npm run build:sdk` does, into a directory of its
// own, and reads each chunk's source map: every stretch of the minified chunk is the module its mapping names, so a
// module's bytes are its own minified code; its gzip figure is that code gzipped alone (-9, as bench/bundle-bytes.ts),
// which counts no more than what it would add to the chunk's gzip, give or take the dictionary it shares.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildSdk } from '../scripts/build-sdk.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The generated column and source index of each segment of each line of a source map's `mappings`. */
function* segments(mappings: string): Generator<{ line: number; column: number; source: number | undefined }> {
  let source = 0;
  const lines = mappings.split(';');
  for (let line = 0; line < lines.length; line++) {
    let column = 0;
    for (const segment of lines[line]!.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      yield { line, column, source: fields.length > 1 ? source : undefined };
    }
  }
}

interface ModuleBytes {
  chunk: string;
  module: string;
  bytes: number;
  gzipBytes: number;
}

/** Each module's minified code in `file` (a chunk with its .map beside it), by the map's segments. */
function modulesOf(dir: string, file: string): ModuleBytes[] {
  const code = readFileSync(join(dir, file), 'utf8').split('\n');
  const map = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
  const text = new Map<string, string[]>();
  const add = (module: string, part: string) => text.set(module, [...(text.get(module) ?? []), part]);
  let last: { line: number; column: number; module: string } | undefined;
  const close = (line: number, column: number) => {
    if (!last) return;
    const lineText = code[last.line] ?? '';
    add(last.module, lineText.slice(last.column, line === last.line ? column : lineText.length));
  };
  for (const segment of segments(map.mappings)) {
    close(segment.line, segment.column);
    const module = segment.source === undefined ? '(unmapped)' : map.sources[segment.source]!.replace(/^\.\.\//, '');
    last = { line: segment.line, column: segment.column, module };
  }
  close(Infinity, Infinity);
  return [...text].map(([module, parts]) => {
    const joined = Buffer.from(parts.join(''));
    return { chunk: file, module, bytes: joined.length, gzipBytes: gzipSync(joined, { level: 9 }).length };
  });
}

/** Every page chunk of the package built into a fresh directory (the worker's script left out: off the main thread). */
async function bundleReport(): Promise<{
  chunks: { file: string; gzipBytes: number }[];
  modules: ModuleBytes[];
}> {
  const work = mkdtempSync(join(tmpdir(), 'sidelog-bundle-report-'));
  try {
    await buildSdk(work);
    const dist = join(work, 'dist');
    // The page's chunks are built with their maps; the build tools' files for Node (the command and the bundlers'
    // plugins, scripts/build-sdk.ts) are not, and never load in a page.
    const files = readdirSync(dist).filter(
      (file) => file.endsWith('.js') && file !== 'sidelog-worker.js' && existsSync(join(dist, `${file}.map`)),
    );
    return {
      chunks: files.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length })),
      modules: files.flatMap((file) => modulesOf(dist, file)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { top: { type: 'string', default: '10' }, chunk: { type: 'string' } } });
  const { chunks, modules } = await bundleReport();
  const shown = chunks.filter((chunk) => !values.chunk || chunk.file === values.chunk);
  console.log('| chunk | gzip bytes |\n|---|--:|');
  for (const chunk of shown.sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`| ${chunk.file} | ${chunk.gzipBytes.toLocaleString('en')} |`);
  console.log('\n| chunk | module | minified bytes | gzip bytes, alone |\n|---|---|--:|--:|');
  const top = modules
    .filter((row) => !values.chunk || row.chunk === values.chunk)
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, Number(values.top));
  for (const row of top)
    console.log(
      `| ${row.chunk} | ${row.module} | ${row.bytes.toLocaleString('en')} | ${row.gzipBytes.toLocaleString('en')} |`,
    );
}
