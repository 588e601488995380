// The histogram, count and facets on PostgreSQL (tests/e2e/explorer-aggregates.ts): the service on a database of its
// own in the run's cluster, dropped when the file ends.
import { describeAggregates } from './explorer-aggregates.ts';
import { postgresDatabase } from './postgres-database.ts';

describeAggregates(postgresDatabase);
