// The unit tests' PostgreSQL: the run's one throw-away cluster (tests/support/postgres-run.ts), which finds the server
// or installs Debian's package when root (scripts/postgres.ts), with its migrated template database. And the built
// service that the CLI and process tests start (scripts/service-build.ts), built here once rather than by each worker.
import type { TestProject } from 'vitest/node';
import { ensureServiceBuild } from '../../scripts/service-build.ts';
import { takeRunCluster } from '../support/postgres-run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the cluster's maintenance database, where tests create their own (tests/unit/server/test-databases.ts). */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [cluster] = await Promise.all([takeRunCluster(), ensureServiceBuild()]);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.release();
}
