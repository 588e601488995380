// `npm run build:sdk`: Sidelog as an npm package (docs/package.md#the-build). Writes packages/sidelog/dist/ (or the
// dist/ of the package directory given): the page's ES modules, the worker as one self-contained file beside them,
// and the types of the public API; `npm pack` in the package directory then gives the tarball.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build, RolldownMagicString, type Plugin } from 'rolldown';

const ROOT = resolve(import.meta.dirname, '..');
const PACKAGE_DIR = join(ROOT, 'packages/sidelog');
/** The package's entry: the public API, as the portal imports it too (docs/package.md#exports). */
const ENTRY = join(ROOT, 'app/logging/index.ts');
const WORKER_ENTRY = join(ROOT, 'worker/worker-entry.ts');
/** The module that starts the workers, and what the package changes there: each of the two is there so many times. */
const WORKER_STARTER = join(ROOT, 'app/logging/engines/worker-engine.ts');
const WORKER_SOURCE_URL = "new URL('../../../worker/worker-entry.ts', import.meta.url)";
const MODULE_WORKER_OPTIONS = "{ type: 'module', name: WORKER_NAME }";
/** The worker's file: no content hash, so that its URL stays the same for every build of one version (docs/package.md#the-worker-across-deploys). */
const WORKER_FILE = 'sidelog-worker.js';

/** Replaces each `from` in `code`, which must hold it `times` times. */
function replaceEach(code: RolldownMagicString, from: string, to: string, times: number): void {
  const found = code.original.split(from).length - 1;
  if (found !== times)
    throw new Error(`${relative(ROOT, WORKER_STARTER)} should hold ${from} ${times} times, not ${found}`);
  code.replaceAll(from, to);
}

/**
 * The package's worker is the file beside the page's code, found relative to the module that starts it: the form
 * Vite, webpack 5, Rollup, esbuild and Parcel all understand (docs/package.md#the-worker). Vite's library mode would
 * write an absolute `new URL("/assets/…", "" + import.meta.url)`, which works only where the file is served at the
 * site's root. The package's worker is a classic script (an IIFE with everything in it), started without the sources'
 * `type: 'module'` (which Vite's dev server needs): minified code writes that `type` as a template string, which Vite
 * refuses to read as a worker's type, and a classic worker starts in every browser that has workers.
 */
function workerBesideCode(): Plugin {
  return {
    name: 'sidelog-worker-beside-code',
    transform(code, id) {
      if (id !== WORKER_STARTER) return null;
      const changed = new RolldownMagicString(code);
      replaceEach(changed, WORKER_SOURCE_URL, `new URL('./${WORKER_FILE}', import.meta.url)`, 2);
      replaceEach(changed, MODULE_WORKER_OPTIONS, '{ name: WORKER_NAME }', 4);
      return { code: changed };
    },
  };
}

/** A chunk's file name after the module it is loaded for: `startup.js`, `capture.js` (capture/index.ts), `engine.js`. */
function chunkName(facade: string | null, fallback: string): string {
  if (!facade) return `${fallback}.js`;
  const name = basename(facade).replace(/\.tsx?$/, '');
  return `${name === 'index' ? basename(dirname(facade)) : name}.js`;
}

/** The maps name each source by its path in this repository, as if beside the package's dist/ (their text is in the
 * map): never the directory the package was built in. */
function sourcePath(source: string, mapPath: string): string {
  return `../${relative(ROOT, resolve(dirname(mapPath), source))}`;
}

async function buildCode(outDir: string): Promise<void> {
  // The page's code: the entry and a chunk for each part loaded on demand, minified, since a page without a bundler
  // loads these files as they are (docs/package.md#the-build). What the entry needs is in it, not in chunks of its own
  // that the parts share: one file for a page's first load, at the price of the entry exporting them too (under
  // minified names, and in no type).
  await build({
    input: { index: ENTRY },
    preserveEntrySignatures: 'allow-extension',
    platform: 'browser',
    plugins: [workerBesideCode()],
    output: {
      dir: outDir,
      format: 'es',
      minify: true,
      sourcemap: true,
      sourcemapPathTransform: sourcePath,
      entryFileNames: '[name].js',
      chunkFileNames: (chunk) => chunkName(chunk.facadeModuleId, chunk.name),
    },
  });
  // The worker: one file with Dexie and Comlink in it, so that a bundler that picks it up has nothing to resolve.
  await build({
    input: WORKER_ENTRY,
    platform: 'browser',
    output: {
      file: join(outDir, WORKER_FILE),
      format: 'iife',
      minify: true,
      sourcemap: true,
      sourcemapPathTransform: sourcePath,
    },
  });
}

/** The build tools' side (docs/source-maps.md): the `sidelog` command (its bin) and the Vite and webpack plugins that
 * upload a build's source maps, for Node, with Node's modules only and the bundlers' types. */
const TOOLS = {
  cli: join(ROOT, 'sourcemap-upload/bin.ts'),
  vite: join(ROOT, 'sourcemap-upload/vite-plugin.ts'),
  webpack: join(ROOT, 'sourcemap-upload/webpack-plugin.ts'),
};

async function buildTools(outDir: string): Promise<void> {
  await build({
    input: TOOLS,
    platform: 'node',
    external: [/^node:/],
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'upload.js',
      banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
    },
  });
  for (const [name, types] of Object.entries(TOOL_TYPES)) writeFileSync(join(outDir, `${name}.d.ts`), types);
}

/** The plugins' types, written here: dts-bundle-generator cannot follow Vite's own types (it fails on an import of
 * theirs), and these are the options of sourcemap-upload/upload.ts, which a change there must change here too. */
const UPLOAD_OPTIONS = `{
  /** The Sidelog service's URL, e.g. https://logs.example.com. */
  url: string;
  /** The service's admin token. */
  token: string;
  /** The app's key. */
  app: string;
  /** The release: the \`version\` (or \`build\`) the app gives Sidelog.init. */
  release: string;
  /** Where the build's folder is served (a path or a URL); the bundler's base or public path by default. */
  urlPrefix?: string;
}`;
const TOOL_TYPES = {
  vite: `import type { Plugin } from 'vite';\n\nexport interface SidelogVitePluginOptions ${UPLOAD_OPTIONS}\n\n/** Uploads a production build's source maps to Sidelog once Vite has written them. */\nexport declare function sidelogSourceMaps(options: SidelogVitePluginOptions): Plugin;\n`,
  webpack: `import type { Compiler } from 'webpack';\n\nexport interface SidelogWebpackPluginOptions ${UPLOAD_OPTIONS}\n\n/** Uploads a production build's source maps to Sidelog once webpack has written them. */\nexport declare class SidelogSourceMapsPlugin {\n  constructor(options: SidelogWebpackPluginOptions);\n  apply(compiler: Compiler): void;\n}\n`,
};

/** The types of the public API, in one file: nothing of the sources' layout leaks into the package. */
function buildTypes(outDir: string): void {
  const [types] = generateDtsBundle([{ filePath: ENTRY, output: { noBanner: true, exportReferencedTypes: false } }], {
    preferredConfigPath: join(PACKAGE_DIR, 'tsconfig.types.json'),
  });
  writeFileSync(join(outDir, 'index.d.ts'), types!);
  // The worker is a file to serve, not a module to import: it exports nothing.
  writeFileSync(join(outDir, WORKER_FILE.replace(/\.js$/, '.d.ts')), 'export {};\n');
}

/** Builds the package into `packageDir` (its package.json and README copied there when it is not the package's own directory). */
export async function buildSdk(packageDir = PACKAGE_DIR): Promise<void> {
  const outDir = join(packageDir, 'dist');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  if (resolve(packageDir) !== PACKAGE_DIR) {
    for (const file of ['package.json', 'README.md']) copyFileSync(join(PACKAGE_DIR, file), join(packageDir, file));
  }
  await buildCode(outDir);
  buildTypes(outDir);
  await buildTools(outDir);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const packageDir = process.argv[2] ? resolve(process.argv[2]) : PACKAGE_DIR;
  await buildSdk(packageDir);
  console.log(`Sidelog built into ${relative(process.cwd(), join(packageDir, 'dist'))}`);
}
