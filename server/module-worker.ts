// A worker thread on one of the service's modules. The service runs its TypeScript through tsx, which Node 20 does not
// carry into worker threads: a TypeScript module's worker first registers tsx, then imports it.
import { Worker } from 'node:worker_threads';

export function startModuleWorker(module: URL): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module);
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(module.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
}
