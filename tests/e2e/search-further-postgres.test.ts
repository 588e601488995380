// "Search further" on PostgreSQL (tests/e2e/search-further.ts): the service on a database of its own in the run's
// cluster, dropped when the file ends.
import { postgresDatabase } from './postgres-database.ts';
import { describeSearchFurther } from './search-further.ts';

describeSearchFurther(postgresDatabase);
