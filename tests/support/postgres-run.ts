// One throw-away PostgreSQL cluster for the whole `npm test` run, shared by the projects that need one (the unit and
// the e2e projects' global setups), with a migrated template database that each test's database is copied from
// (tests/unit/server/test-databases.ts). Vitest runs every project's global setup in its own process, so the cluster
// is kept on globalThis: the first project to ask starts it, and the last to let it go stops it and deletes its
// directory, at the end of the run.
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/postgres.ts';
import { openPostgresStore } from '../../server/stores/postgres/store.ts';

export const TEMPLATE_DATABASE = 'sidelog_template';

interface Shared {
  cluster: Promise<ThrowawayPostgres>;
  users: number;
}

const KEY = Symbol.for('sidelog.tests.postgres-run');
const shared = globalThis as { [KEY]?: Shared };

async function start(): Promise<ThrowawayPostgres> {
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
  return cluster;
}

/** The run's cluster (postgres://… of its maintenance database), and what lets it go. */
export async function takeRunCluster(): Promise<{ url: string; release(): void }> {
  const entry = (shared[KEY] ??= { cluster: start(), users: 0 });
  entry.users += 1;
  const cluster = await entry.cluster;
  let released = false;
  return {
    url: cluster.url,
    release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      delete shared[KEY];
      cluster.stop();
    },
  };
}
