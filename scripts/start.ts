// `npm start`, its first half: builds the portal when the build is missing or older than its sources, and the service
// likewise (scripts/service-build.ts); `npm start` then runs the built service (docs/local-service.md#the-built-service).
import { execFileSync } from 'node:child_process';
import { freshPortalBuild } from './portal-build.ts';
import { ensureServiceBuild } from './service-build.ts';

if (!freshPortalBuild()) {
  console.log('Building the portal…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

// The service itself, which `npm start` runs next: its address, the demo credentials and the admin token are printed
// as it starts.
await ensureServiceBuild();
