// One throw-away PostgreSQL cluster for the whole run of the unit tests (scripts/postgres.ts finds the server, or
// installs Debian's package when root, and runs it as the postgres user), with a migrated template database that
// each test's database is copied from. Stopped, and its directory deleted, when the run ends.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/postgres.ts';
import { openPostgresStore } from '../../server/postgres/store.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the cluster's maintenance database, where tests create their own (tests/unit/server/test-databases.ts). */
    postgresUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'sidelog_template';

export default async function setup(project: TestProject) {
  const cluster = await startThrowawayPostgres();
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    await (await openPostgresStore(cluster.database(TEMPLATE_DATABASE), { poolSize: 1 })).close();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
