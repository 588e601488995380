// The log stream's device keys, version and language, who, columns and session header on PostgreSQL
// (tests/e2e/explorer-stream.ts): the service on a database of its own in the run's cluster, dropped when the file ends.
import { describeStream } from './explorer-stream.ts';
import { postgresDatabase } from './postgres-database.ts';

describeStream(postgresDatabase);
