// The role stores' statements (server/stores/dialect.ts): written once, each value a parameter, numbered as each
// database wants (docs/local-service.md#role-stores).
import { expect, test } from 'vitest';
import { list, raw, sql, when } from '../../../server/stores/dialect.ts';

const question = () => '?';
const dollar = (n: number) => `$${n}`;

test('values become parameters, `?` on SQLite and `$n` on PostgreSQL; raw text, lists and clauses splice in', () => {
  const release: string | undefined = '1.2';
  const statement = sql`SELECT ${raw('id, path')} FROM source_maps WHERE app_key = ${'app'}
    ${when(release !== undefined, sql`AND release = ${release}`)} AND path IN (${list(['/a.js', '/b.js'])}) LIMIT ${5}`;
  expect(statement.render(question)).toEqual({
    text: `SELECT id, path FROM source_maps WHERE app_key = ?
    AND release = ? AND path IN (?, ?) LIMIT ?`,
    values: ['app', '1.2', '/a.js', '/b.js', 5],
  });
  expect(statement.render(dollar).text).toBe(`SELECT id, path FROM source_maps WHERE app_key = $1
    AND release = $2 AND path IN ($3, $4) LIMIT $5`);
});

test('a clause left out leaves no parameter, and text from outside never becomes SQL', () => {
  const hostile = "x'; DROP TABLE apps; --";
  expect(sql`SELECT 1 WHERE a = ${hostile}${when(false, sql` AND b = ${2}`)}`.render(dollar)).toEqual({
    text: 'SELECT 1 WHERE a = $1',
    values: [hostile],
  });
});
