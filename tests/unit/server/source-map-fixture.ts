// A real minified build with its source map, made in memory by rolldown (as Vite 8 builds), for the source-map tests:
// the original files as `app/…` paths, the bundle's name hashed as a production build names it.
import { generatedPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { createRequire } from 'node:module';
import { build } from 'rolldown';

export interface MinifiedBuild {
  /** The bundle's name, e.g. index-D2YQYUWv.js. */
  fileName: string;
  code: string;
  map: string;
}

/** Bundles `files` (paths like 'app/checkout/pay.ts' to their text) from `entry`, minified, with a map, as a production
 * build: a package they import (react) comes from this project's node_modules. */
export async function buildMinified(files: Record<string, string>, entry: string): Promise<MinifiedBuild> {
  const root = '/virtual/';
  const out = await build({
    input: root + entry,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'in-memory',
        resolveId: (id, importer) => {
          if (id.startsWith(root)) return id;
          if (importer?.startsWith(root) && !id.startsWith('.')) return createRequire(`${process.cwd()}/`).resolve(id);
          if (importer?.startsWith(root) && id.startsWith('.'))
            return new URL(id, `file://${importer}`).pathname.replace(/(\.ts)?$/, '.ts');
          return null;
        },
        load: (id) => (id.startsWith(root) ? files[id.slice(root.length)] : null),
      },
    ],
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    output: {
      dir: '/virtual/dist/assets',
      minify: true,
      sourcemap: true,
      format: 'esm',
      entryFileNames: 'index-[hash].js',
    },
  });
  const chunk = out.output.find((file) => file.type === 'chunk')!;
  if (chunk.type !== 'chunk' || !chunk.map) throw new Error('no chunk with a map');
  return { fileName: chunk.fileName, code: chunk.code, map: JSON.stringify(chunk.map) };
}

/** A V8 stack frame for the first `needle` in the bundle's code, as Chromium prints it: 1-based line and column. */
export function v8Frame(built: MinifiedBuild, needle: string, fn: string, origin = 'https://shop.example'): string {
  const lines = built.code.split('\n');
  const line = lines.findIndex((text) => text.includes(needle));
  if (line < 0) throw new Error(`'${needle}' is not in the bundle`);
  return `    at ${fn} (${origin}/assets/${built.fileName}:${line + 1}:${lines[line]!.indexOf(needle) + 1})`;
}

/** The V8 frame of the bundle's code made from `source`'s `line` (1-based) and `column` (0-based), as Chromium prints
 * it (1-based line and column), named `fn` as the minified code names it. */
export function frameAt(
  built: MinifiedBuild,
  position: { source: string; line: number; column: number },
  fn: string,
  origin = 'https://shop.example',
): string {
  const map = new TraceMap(built.map);
  const source = map.sources.find((name) => name?.endsWith(position.source));
  if (!source) throw new Error(`${position.source} is not in the map`);
  const generated = generatedPositionFor(map, { source, line: position.line, column: position.column });
  if (generated.line === null) throw new Error(`${position.source}:${position.line} has no generated position`);
  return `    at ${fn} (${origin}/assets/${built.fileName}:${generated.line}:${generated.column + 1})`;
}

/** A small app: a crash thrown in payOrder, called through a library (node_modules) from checkout. */
export const SOURCES = {
  'app/main.ts': `export { payOrder } from './checkout/pay';
export { checkout } from './checkout/cart';
export { retry } from '../node_modules/tiny-retry/index';
`,
  'app/checkout/pay.ts': `export function payOrder(order: { amount: number } | undefined) {
  const total = order!.amount * 2;
  if (total > 0) throw new TypeError('no amount');
  return total;
}
`,
  'app/checkout/cart.ts': `import { payOrder } from './pay';
import { retry } from '../../node_modules/tiny-retry/index';

export function checkout(items: number) {
  console.info('checking out', items);
  return retry(() => payOrder(undefined));
}
`,
  'node_modules/tiny-retry/index.ts': `export function retry<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    return work();
  }
}
`,
};

/** A crash of the build as Chromium's stack prints it: thrown in payOrder, called through the library from checkout;
 * `moved`, the lines the app's files gained at their top in this build. */
export function crashText(built: MinifiedBuild, moved = 0): string {
  return [
    'TypeError: no amount',
    frameAt(built, { source: 'app/checkout/pay.ts', line: 3 + moved, column: 23 }, 'r'),
    frameAt(built, { source: 'app/checkout/cart.ts', line: 6 + moved, column: 21 }, 'a'),
    frameAt(built, { source: 'node_modules/tiny-retry/index.ts', line: 5, column: 11 }, 'n'),
    frameAt(built, { source: 'app/checkout/cart.ts', line: 6 + moved, column: 9 }, 'i'),
    '    at <anonymous>:1:1',
  ].join('\n');
}
