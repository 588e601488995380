// A worker thread on one of the service's modules. The thread runs its TypeScript as the service does, through the
// service's own hooks (server/runtime/register.js): a process started with them passes them on to its threads (the
// thread's import of register.js is then the one already made), and a process that runs the service otherwise (a
// test runner's, running it in-process) has each thread register them first. Under tsx, which a bench may still
// compare (`--loader tsx`), the thread registers tsx, which Node 20 does not carry into worker threads.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const SERVICE_HOOKS = new URL('../../runtime/register.js', import.meta.url).href;

/** tsx's ESM API as its package's exports name it. Read from its manifest, not with import.meta.resolve, which Vite's
 * module runner (where the test runner's global setups start the service) does not offer. */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }
  ).exports;
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/** What the thread imports before its module: tsx when this process runs under it (`--import tsx`, or tsx's CLI,
 * whose loader is tsx/dist/loader.mjs), else the service's hooks. */
function hooks(): string {
  const underTsx = process.execArgv.some((arg) => arg === 'tsx' || /[\\/]tsx[\\/]/.test(arg));
  return underTsx
    ? `import { register } from ${JSON.stringify(tsxEsmApi())}; register();`
    : `await import(${JSON.stringify(SERVICE_HOOKS)});`;
}

export function startModuleWorker(module: URL): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module);
  const boot = `${hooks()} await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}
