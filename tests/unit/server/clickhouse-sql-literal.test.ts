// The one way values reach ClickHouse's SQL (server/stores/clickhouse/sql-literal.ts): Debian's 18.16 has no query
// parameters. Each value goes in as a literal and must come back byte for byte, on both engines; hostile ones must
// stay values.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sqlIdentifier, sqlInteger, sqlList, sqlString } from '../../../server/stores/clickhouse/sql-literal.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';

const CONTROL = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') + '\x7f';

const STRINGS: [name: string, value: string][] = [
  ['empty', ''],
  ['plain', 'payment accepted'],
  ['single quote', "it's"],
  ['quotes only', "''''"],
  ['double quote', 'say "hi"'],
  ['backslash', 'C:\\temp\\new'],
  ['trailing backslash', 'ends with \\'],
  ['escaped quote attempt', "\\'"],
  ['NUL', 'a\0b'],
  ['only NUL', '\0'],
  ['newlines', 'line one\nline two\r\nline three'],
  ['every control character', CONTROL],
  ['escape-like text', '\\x00 \\n \\0 \\t'],
  ['Cyrillic', 'Платёж принят'],
  ['emoji and combining marks', '🙂 e\u0301 \u200d'],
  ['injection: close and drop', "x'); DROP TABLE probe; --"],
  ['injection: union', "' UNION ALL SELECT name FROM system.tables --"],
  ['injection: backslash then quote', "\\'; DROP TABLE probe; --"],
  ['injection: comment', "x' /* comment */ OR 1=1 -- "],
  ['parameter-like', '{v:String} $1 ? :name'],
  ['FORMAT clause', "' FORMAT TabSeparated"],
  // Under max_query_size (256 KiB on both versions) twice over: a query holds it twice.
  ['long', "ab'c\\\n".repeat(8_000)],
];

const INTEGERS = [0, 1, -1, 42, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 32, -(2 ** 31)];

describe('sqlInteger', () => {
  test.each([2 ** 53, 1.5, NaN, Infinity, -Infinity, -(2 ** 53)])('refuses %s', (value) => {
    expect(() => sqlInteger(value)).toThrow(TypeError);
  });
});

describe('sqlIdentifier', () => {
  test.each(['logs', 'sidelog_test_1', '_x'])('quotes %s', (name) => expect(sqlIdentifier(name)).toBe(`\`${name}\``));
  test.each(['', '1x', 'a-b', 'a`b', 'a b', 'logs; DROP'])('refuses %j', (name) => {
    expect(() => sqlIdentifier(name)).toThrow(TypeError);
  });
});

describe.each(CLICKHOUSE_ENGINES)('values into SQL on ClickHouse (%s)', (engine) => {
  let ch: TestClickHouse;
  let table: string;
  beforeAll(async () => {
    ch = await createTestClickHouse(engine);
    await ch.client.command({ query: `CREATE DATABASE ${ch.database}` });
    table = `${ch.database}.probe`;
    await ch.client.command({ query: `CREATE TABLE ${table} (n UInt32, s String) ENGINE = MergeTree ORDER BY n` });
    await ch.client.insert({
      table,
      values: STRINGS.map(([, s], n) => ({ n, s })),
      format: 'JSONEachRow',
    });
  });
  afterAll(() => ch.drop());

  const select = <T>(query: string) => rowsOf<T>(ch.client, query);

  test.each(STRINGS)('a string comes back byte for byte: %s', async (_, value) => {
    const [row] = await select<{ v: string; bytes: number }>(
      `SELECT ${sqlString(value)} AS v, length(${sqlString(value)}) AS bytes`,
    );
    expect(row!.v).toBe(value);
    expect(row!.bytes).toBe(Buffer.byteLength(value));
  });

  test.each(STRINGS)('a string finds the stored row equal to it, and only that: %s', async (_, value) => {
    const rows = await select<{ n: number }>(`SELECT n FROM ${table} WHERE s = ${sqlString(value)} ORDER BY n`);
    expect(rows.map((row) => row.n)).toEqual([STRINGS.findIndex(([, s]) => s === value)]);
  });

  test('a list of hostile strings is a list of values, and the table is still there', async () => {
    const values = STRINGS.map(([, s]) => s);
    const [row] = await select<{ n: number }>(`SELECT count() AS n FROM ${table} WHERE s IN ${sqlList(values)}`);
    expect(row!.n).toBe(STRINGS.length);
  });

  test.each(INTEGERS)('an integer comes back exactly: %s', async (value) => {
    const [row] = await select<{ v: number }>(`SELECT toInt64(${sqlInteger(value)}) AS v`);
    expect(row!.v).toBe(value);
  });
});
