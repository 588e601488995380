// The explorer's views beyond the stream on PostgreSQL (tests/e2e/insight.ts): the service on a database of its own
// in the run's cluster, dropped when the file ends.
import { describeInsight } from './insight.ts';
import { postgresDatabase } from './postgres-database.ts';

describeInsight(postgresDatabase);
