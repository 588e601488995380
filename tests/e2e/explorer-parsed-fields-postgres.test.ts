// Fields parsed from the text in the explorer on PostgreSQL (tests/e2e/explorer-parsed-fields.ts): the service on a
// database of its own in the run's cluster, dropped when the file ends.
import { describeParsedFields } from './explorer-parsed-fields.ts';
import { postgresDatabase } from './postgres-database.ts';

describeParsedFields(postgresDatabase);
