// The unit tests' PostgreSQL: the run's one throw-away cluster (tests/support/postgres-run.ts), which finds the server
// or installs Debian's package when root (scripts/postgres.ts), with its migrated template database.
import type { TestProject } from 'vitest/node';
import { takeRunCluster } from '../support/postgres-run.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the cluster's maintenance database, where tests create their own (tests/unit/server/test-databases.ts). */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await takeRunCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.release();
}
