// The explorer's views beyond the stream on PostgreSQL (tests/e2e/insight.ts): the service on a throw-away cluster of
// its own (scripts/postgres.ts), stopped and deleted when the file ends.
import { startThrowawayPostgres } from '../../scripts/postgres.ts';
import { describeInsight } from './insight.ts';

describeInsight(async () => {
  const cluster = await startThrowawayPostgres();
  return { db: cluster.url, drop: async () => cluster.stop() };
});
