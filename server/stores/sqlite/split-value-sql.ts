// The value a view's logs are split by (explorer-contract/field-counts.ts) as an expression over `logs l` in SQLite,
// written as text the service reads back the same way on both stores: `n:` and a number, `s:` and a text (a JSON
// true, false or null as its word), or NULL for a log without the field (docs/volume-and-counts.md#counts-by-a-field).
// A parsed field is read as the search's `@field` term reads it (server/sqlite/parsed-field-sql.ts); an array or an
// object is no value. Names are written into the SQL as literals (a path's keys are letters, digits, `_` and `-`; a
// device key's quotes doubled), so that the expression can stand in a list of columns.
import type { SplitBy } from '../../../explorer-contract/field-counts.ts';
import { JSON_DOC, jsonPath } from './parsed-field-sql.ts';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function splitValueSql(by: SplitBy): string {
  switch (by.kind) {
    case 'level':
      return `'n:' || ifnull(l.ll, 0)`;
    case 'tag':
      return `'s:' || l.tg`;
    case 'version':
      return `(SELECT 's:' || json_extract(payload, '$.app_version.version') FROM sessions WHERE id = l.session_id)`;
    case 'key':
      // The key's value as stored, JSON: read back into the search's form by the service.
      return `(SELECT 'j:' || k.value FROM sessions s2 JOIN device_keys k ON k.app_key = s2.app_key AND k.udid = s2.udid
        WHERE s2.id = l.session_id AND k.key = ${literal(by.key)})`;
    case 'parsed': {
      const path = literal(jsonPath(by.path));
      const key = by.path.join('.');
      return `CASE WHEN instr(l.t, '{') = 0 AND instr(l.t, ${literal(`${key}=`)}) = 0 THEN NULL ELSE (SELECT CASE
          WHEN p.jt IS NULL THEN CASE typeof(p.kv) WHEN 'text' THEN 's:' || p.kv WHEN 'null' THEN NULL ELSE 'n:' || p.kv END
          WHEN p.jt IN ('integer', 'real') THEN 'n:' || p.jv
          WHEN p.jt = 'text' THEN 's:' || p.jv
          WHEN p.jt IN ('true', 'false', 'null') THEN 's:' || p.jt END
        FROM (SELECT d.jt, d.jv, CASE WHEN d.jt IS NULL THEN parsed_kv(CASE WHEN d.doc IS NULL THEN l.t ELSE substr(l.t, 1, instr(l.t, '{') - 1) END, ${literal(key)}) END AS kv
          FROM (SELECT json_type(j.doc, ${path}) AS jt, json_extract(j.doc, ${path}) AS jv, j.doc FROM (SELECT ${JSON_DOC} AS doc) j) d) p) END`;
    }
  }
}
