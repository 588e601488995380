// The explorer's screen and a session read top to bottom, on PostgreSQL (tests/e2e/explorer-layout.ts): the service on
// a database of its own in the run's cluster, dropped when the file ends.
import { describeLayout } from './explorer-layout.ts';
import { postgresDatabase } from './postgres-database.ts';

describeLayout(postgresDatabase);
