// The product on PostgreSQL: a new database in the run's one cluster (tests/support/postgres-run.ts), copied from the
// migrated template as the store tests' are, and dropped when the product closes.
import { createTestDatabase } from '../unit/server/test-databases.ts';
import type { ProductDatabase } from './product.ts';

export async function postgresDatabase(): Promise<ProductDatabase> {
  const { db, drop } = await createTestDatabase('postgres');
  return { db, drop };
}
