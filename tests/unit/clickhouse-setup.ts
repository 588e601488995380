// The unit tests' ClickHouse server: one throw-away Debian 18.16 server for the run (scripts/clickhouse.ts), which
// finds the server or installs Debian's package when root, beside PostgreSQL's (global-setup.ts). The other engine,
// chdb, runs inside each test worker (tests/unit/server/clickhouse-engines.ts).
import type { TestProject } from 'vitest/node';
import { startThrowawayClickHouse } from '../../scripts/clickhouse.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the run's ClickHouse server, user `default` with no password. */
    clickhouseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startThrowawayClickHouse();
  project.provide('clickhouseUrl', server.url);
  return () => server.stop();
}
