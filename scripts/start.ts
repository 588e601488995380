// `npm start`, its first half: builds the portal when the build is missing or older than its sources, and the service
// likewise (scripts/service-build.ts); `npm start` then runs the built service (docs/local-service.md#the-built-service).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServiceBuild } from './service-build.ts';

const SOURCES = [
  'app',
  'explorer',
  'explorer-contract',
  'explorer.html',
  'worker',
  'protocol',
  'portal',
  'index.html',
  'vite.config.ts',
  'scripts/portal-csp.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (built < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the portal…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

// The service itself, which `npm start` runs next: its address, the demo credentials and the admin token are printed
// as it starts.
await ensureServiceBuild();
