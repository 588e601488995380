// A worker thread on one of the service's modules. Built (dist-server/, docs/local-service.md#the-built-service), the
// module is a file beside the one starting it; from source (the tests, `node --import tsx server/main.ts`), it is
// TypeScript, which tsx does not carry into worker threads on Node 20: its worker first registers tsx, then imports it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** tsx's ESM API as its package's exports name it. Read from its manifest, not with import.meta.resolve, which Vite's
 * module runner (where the test runner's global setups start the service) does not offer. */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }
  ).exports;
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/** The module `name` beside the module at `base` (an import.meta.url), with its extension: `.ts` in the sources,
 * `.mjs` in the build. */
export function moduleBeside(name: string, base: string): URL {
  const { pathname } = new URL(base);
  return new URL(`./${name}${pathname.slice(pathname.lastIndexOf('.'))}`, base);
}

export function startModuleWorker(module: URL): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module);
  const boot = `import { register } from ${JSON.stringify(tsxEsmApi())}; register(); await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}
