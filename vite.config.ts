/// <reference types="vitest/config" />
// One config for the portal's build and for the three test projects:
// unit (Node), browser (real headless Chromium through Playwright), e2e (Node driving the running product).
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type Plugin } from 'vite';
import { CHROMIUM_ARGS, findTestChromium } from './scripts/chromium.ts';
import { memoryTmpdir, runTmpdir } from './scripts/memory-tmpdir.ts';
import { DurationSequencer } from './tests/support/sequencer.ts';
import { portalCsp } from './scripts/portal-csp.ts';
import './scripts/node20-polyfills.ts';

// Only a test run needs Chromium; `vite build` and `vite` must not go looking for it.
const executablePath = process.env.VITEST ? findTestChromium() : undefined;
// A test run's temporary files in memory where there is room, in a directory of the run's own that goes with it
// (docs/testing.md#temporary-files), for this process's global setups (the PostgreSQL cluster, Chromium) and every
// worker and child process after them; a TMPDIR set by whoever runs the tests is kept.
if (process.env.VITEST && !process.env.TMPDIR) {
  const memory = memoryTmpdir();
  if (memory) process.env.TMPDIR = runTmpdir(memory);
}

/** Writes dist/csp.json: the portal's Content-Security-Policy for the VITE_* settings of this build. */
function portalCspFile(): Plugin {
  let env: Record<string, string | undefined> = {};
  return {
    name: 'portal-csp',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'csp.json',
        source: `${JSON.stringify({ policy: portalCsp(env) }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), portalCspFile()],
  // The portal imports Sidelog by its package name, at the package's public entry (docs/package.md#exports), as any
  // other app does; tsconfig.base.json's `paths` says the same to TypeScript.
  resolve: {
    alias: [{ find: /^sidelog$/, replacement: fileURLToPath(new URL('./app/logging/index.ts', import.meta.url)) }],
  },
  // Two pages: the portal (index.html) and the Sidelog log explorer (explorer.html, served at /sidelog/).
  build: {
    outDir: 'dist',
    // Maps for symbolication (docs/source-maps.md), with no `sourceMappingURL` comment in the bundles: no browser asks
    // for them, and the service never serves them (server/partner/portal-static.ts).
    sourcemap: 'hidden',
    rollupOptions: {
      input: { index: 'index.html', explorer: 'explorer.html' },
      // The maps name each source by its path in this repository (app/…, protocol/…), wherever the build is written
      // (a test run writes it outside): what the explorer shows and grouping keys on (docs/source-maps.md).
      output: {
        sourcemapPathTransform: (source, mapPath) =>
          relative(fileURLToPath(new URL('.', import.meta.url)), resolve(dirname(mapPath), source)),
      },
    },
  },
  worker: { format: 'es' },
  // Pre-bundled up front: found mid-run in browser mode, they were bundled again and the test page got
  // a second copy of React ("Invalid hook call") on a fresh checkout's first run.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-dev-runtime',
      'react-dom/client',
      'react-toastify',
      'wouter',
      'wouter/memory-location',
      'zustand',
      'zustand/vanilla',
      // The OpenTelemetry SDK that tests/browser/otlp/ runs in the page.
      '@opentelemetry/api-logs',
      '@opentelemetry/sdk-logs',
      '@opentelemetry/resources',
      '@opentelemetry/exporter-logs-otlp-http',
      '@opentelemetry/exporter-logs-otlp-proto',
    ],
  },
  test: {
    // The longest files first, by the last run's durations or, on a fresh clone, by tests/durations.json
    // (docs/testing.md#order).
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Unit and e2e first, together, in one pool; the browser tests after them, with the checks: beside the unit
          // and e2e files, 2 cores left their uploads timing out. Not 0: a project of group 0 with one worker (Vitest's
          // default on 2 cores, one less than the cores) goes into Vitest's own sequential group, which runs after
          // every numbered one (docs/testing.md#order).
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // The webhooks' and the forwarder's receivers listen on 127.0.0.1; the tests of the refusal turn it off.
          env: { SIDELOG_ALLOW_PRIVATE_TARGETS: '1' },
          // One throw-away PostgreSQL cluster for the run: the store tests run on SQLite and on PostgreSQL; and one
          // ClickHouse server (Debian's 18.16) for the ClickHouse log store's tests.
          globalSetup: ['tests/unit/global-setup.ts', 'tests/unit/clickhouse-setup.ts'],
          // A file per core, unit and e2e alike (one pool: the same count in both projects). Vitest caps a percentage
          // at the core count, so the '200%' this was read as two; four files at a time on 2 cores filled the idle
          // seconds with as much more CPU, and took no less time (docs/testing.md#order).
          maxWorkers: '100%',
          // A worker imports a module once for all the files it runs, not once per file: a third of the project's CPU.
          // The files share no state through modules (docs/testing.md#order).
          isolate: false,
          // Some store tests send thousands of requests to a real PostgreSQL: on a busy 2-core machine that outlasts 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          // The local service (collector with fault injection) on a free port, for Sidelog's tests.
          globalSetup: ['tests/browser/global-setup.ts'],
          // In the browser, before each file: an empty browser database (tests/browser/empty-database.ts).
          setupFiles: ['tests/browser/empty-database.ts'],
          testTimeout: 60_000,
          // Three files at a time, each in a browser context of its own (its own IndexedDB and SharedWorkers); on the one
          // collector, each test makes apps of its own (docs/testing.md#order).
          maxWorkers: 3,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'checks',
          // The typecheck and the format check start with the run, at the lowest priority, on what the unit and e2e
          // files leave idle (global-setup.ts); their tests take the results beside the browser files, in group 2: as
          // tests of group 1 they would hold two of its four workers while they waited (docs/testing.md#the-checks).
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/checks/**/*.test.ts'],
          globalSetup: ['tests/checks/global-setup.ts'],
          // The group's pool size, as the browser project has it: Vitest runs a group's projects in one pool.
          maxWorkers: 3,
          testTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // The webhook's receiver listens on 127.0.0.1 (tests/e2e/insight.ts).
          env: { SIDELOG_ALLOW_PRIVATE_TARGETS: '1' },
          // Builds the portal once (or reuses a fresh dist/) and starts one Chromium for the run; each file starts its
          // own service and connects to that Chromium.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // With the unit project, in its pool (its maxWorkers): each file has its own service and pages in the run's one
          // Chromium (docs/testing.md#order).
          maxWorkers: '100%',
          // As the unit files: the service's and Playwright's modules imported once a worker (a quarter of the CPU of
          // the small files).
          isolate: false,
        },
      },
    ],
  },
});
