// The log stream's device keys, version and language, who, columns and session header on PostgreSQL
// (tests/e2e/explorer-who.ts): the service on a database of its own in the run's cluster, dropped when the file ends.
import { describeWho } from './explorer-who.ts';
import { postgresDatabase } from './postgres-database.ts';

describeWho(postgresDatabase);
