// Brings a PostgreSQL database's schema up to date on start. Processes starting together take one advisory lock,
// so each migration runs once, in its own transaction with the version it brings; then the columns of `logs`
// described since (server/stores/log-columns.ts) that the table lacks are added, in the same transaction.
import type pg from 'pg';
import { newerSchema } from '../../startup-checks.ts';
import { missingColumns } from '../log-columns.ts';
import { transaction } from './client.ts';
import { PG_MIGRATIONS } from './schema.ts';

/** Any number, the same in every process: the lock that serialises migrations. */
const MIGRATION_LOCK = 0x5_1de_109;

export async function migrate(pool: pg.Pool, label: string): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS sidelog_schema (version integer NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT version FROM sidelog_schema')).rows[0];
    const version = row?.version ?? 0;
    if (version > PG_MIGRATIONS.length) throw newerSchema(label, version, PG_MIGRATIONS.length);
    for (let next = version; next < PG_MIGRATIONS.length; next++) await client.query(PG_MIGRATIONS[next]);
    if (!row) await client.query('INSERT INTO sidelog_schema (version) VALUES ($1)', [PG_MIGRATIONS.length]);
    else if (version < PG_MIGRATIONS.length)
      await client.query('UPDATE sidelog_schema SET version = $1', [PG_MIGRATIONS.length]);
    const { rows } = await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = 'logs'::regclass AND attnum > 0 AND NOT attisdropped`,
    );
    for (const statement of missingColumns('postgres', new Set(rows.map((row) => row.name))))
      await client.query(statement);
  });
}
