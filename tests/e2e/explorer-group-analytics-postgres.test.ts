// An issue group's analytics and "Resolve in version" on PostgreSQL (tests/e2e/explorer-group-analytics.ts): the
// service on a database of its own in the run's cluster, dropped when the file ends.
import { describeGroupAnalytics } from './explorer-group-analytics.ts';
import { postgresDatabase } from './postgres-database.ts';

describeGroupAnalytics(postgresDatabase);
