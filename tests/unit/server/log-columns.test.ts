// A log's stored columns are described once (server/stores/log-columns.ts): every column the description holds is in
// both stores' live schema, is stored from the wire, and comes back in an exported row, NDJSON and CSV; a database
// made before a column was described gains it when the store opens. Each test walks the description, so a column
// added to it is tested with no line here.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { COLUMNS, type LogColumn } from '../../../server/stores/log-columns.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { createTestDatabase, STORE_KINDS, type StoreKind, type TestDatabase } from './test-databases.ts';

const AT = 1_790_000_000_000;
/** A value of each kind a client may send, as the explorer answers it. */
const VALUE: Record<LogColumn['kind'], (name: string) => unknown> = {
  time: () => new Date(AT).toISOString(),
  epoch: () => AT,
  level: () => 2,
  text: (name) => `${name} of the log`,
  integer: (name) => 1000 + name.charCodeAt(0),
};
const sent = Object.fromEntries(COLUMNS.map((column) => [column.name, VALUE[column.kind](column.name)]));

/** The names of the live `logs` table's columns, read beside the service as an operator would. */
async function liveColumns(kind: StoreKind, db: string): Promise<string[]> {
  if (kind === 'sqlite') {
    const sqlite = new Database(db, { readonly: true });
    try {
      return (sqlite.pragma('table_info(logs)') as { name: string }[]).map((column) => column.name);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(db);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = 'logs'::regclass AND attnum > 0 AND NOT attisdropped`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Drops a column of `logs` from outside the service (a database as an older service left it). */
async function dropColumn(kind: StoreKind, db: string, name: string): Promise<void> {
  if (kind === 'sqlite') {
    const sqlite = new Database(db);
    sqlite.exec(`ALTER TABLE logs DROP COLUMN ${name}`);
    sqlite.close();
    return;
  }
  const client = new pg.Client(db);
  await client.connect();
  await client.query(`ALTER TABLE logs DROP COLUMN ${name}`);
  await client.end();
}

describe.each(STORE_KINDS)('a log’s described columns on %s', (kind) => {
  let service: Harness | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await service?.close();
    await database?.drop();
    service = database = undefined;
  });

  test('each is in the live schema, stored from the wire, and in an exported row', async () => {
    service = await createHarness({ store: kind });
    expect(await liveColumns(kind, service.db)).toEqual(expect.arrayContaining(COLUMNS.map((column) => column.name)));

    const session_id = await service.session();
    expect((await service.wire('sendLogs', { session_id, logs: [sent] })).status).toBe(200);
    const base = `/apps/${appIdOf(DEMO_APP_KEY)}/logs/export`;

    const ndjson = await service.explorerGet(`${base}?format=ndjson`);
    const row = JSON.parse(ndjson.body.trim()) as Record<string, unknown>;
    for (const column of COLUMNS) expect(row[column.name], column.name).toEqual(sent[column.name]);

    const [header, line] = (await service.explorerGet(`${base}?format=csv`)).body.trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, line!.split(',')[i]]));
    for (const column of COLUMNS.filter((described) => described.csv && described.kind !== 'level'))
      expect(cells[column.csv!.header], column.name).toBe(String(sent[column.name]));
    expect(cells.level).toBe('error');
  });

  test('a described column a database lacks is added when the store opens', async () => {
    database = await createTestDatabase(kind);
    const last = COLUMNS.filter((column) => !column.required).at(-1)!;
    await (await openStore(database.db)).close();
    await dropColumn(kind, database.db, last.name);
    expect(await liveColumns(kind, database.db)).not.toContain(last.name);

    const store = await openStore(database.db);
    await store.close();
    expect(await liveColumns(kind, database.db)).toContain(last.name);
  });
});
