// `node --import ./server/runtime/register.js server/main.ts`: how the service's processes run their TypeScript
// (ts-hooks.js), with stack traces naming the `.ts` file and line through the inline source maps. A worker thread
// runs the process's `--import` too; one started in a process that has no such flag (a test runner's, running the
// service in-process) imports this first (server/stores/sqlite/module-worker.ts). docs/local-service.md#how-the-service-runs
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./ts-hooks.js', import.meta.url);
