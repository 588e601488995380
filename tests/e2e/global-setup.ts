// End-to-end tests drive the built portal: build it once per run into a temporary directory, or reuse
// dist/ when it is newer than every source the build reads (as `npm start` does). One Chromium serves the whole run:
// each file connects to it and makes its own contexts, which share nothing. The files that run the product on
// PostgreSQL make their database in the run's one cluster (tests/support/postgres-run.ts), which the unit tests use too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/chromium.ts';
import { freshPortalBuild } from '../../scripts/portal-build.ts';
import { productionBuild } from '../support/production-build.ts';
import { takeRunCluster } from '../support/postgres-run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built portal that each test file's service serves. */
    distDir: string;
    /** The run's Chromium, for `chromium.connect` (tests/e2e/product.ts). */
    browserEndpoint: string;
    /** postgres://… of the run's cluster's maintenance database (tests/e2e/postgres-database.ts). */
    postgresUrl: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
/** The built portal's directory, and what deletes it once the run is over (nothing for a reused dist/). */
async function builtPortal(): Promise<{ distDir: string; remove(): void }> {
  const reused = freshPortalBuild();
  if (reused) return { distDir: reused, remove: () => {} };
  // A directory of our own: dist/ may be in use by `npm start` or another run.
  const outDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  await productionBuild(ROOT, outDir);
  return { distDir: outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  const [portal, browser, cluster] = await Promise.all([
    builtPortal(),
    chromium.launchServer({ executablePath: findTestChromium(), args: CHROMIUM_ARGS }),
    takeRunCluster(),
  ]);
  project.provide('distDir', portal.distDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('postgresUrl', cluster.url);
  return async () => {
    await browser.close();
    portal.remove();
    cluster.release();
  };
}
