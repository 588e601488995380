// The value a view's logs are split by (explorer-contract/field-counts.ts) as an expression over `logs l` in
// PostgreSQL, as SQLite's (server/sqlite/split-value-sql.ts) writes it: `n:` and a number, `s:` and a text, `j:` and a
// device key's JSON, or NULL (docs/volume-and-counts.md#counts-by-a-field). A parsed field is read as the search's
// `@field` term reads it (server/postgres/parsed-field-sql.ts); an array or an object is no value.
import type { SplitBy } from '../../../explorer-contract/field-counts.ts';
import { keyValuePattern } from '../../../explorer-contract/parsed-field.ts';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function splitValueSql(by: SplitBy): string {
  switch (by.kind) {
    case 'level':
      return `'n:' || coalesce(l.ll, 0)`;
    case 'tag':
      return `'s:' || l.tg`;
    case 'version':
      return `(SELECT 's:' || (payload::json -> 'app_version' ->> 'version') FROM sessions WHERE id = l.session_id)`;
    case 'key':
      return `(SELECT 'j:' || k.value FROM sessions s2 JOIN device_keys k ON k.app_key = s2.app_key AND k.udid = s2.udid
        WHERE s2.id = l.session_id AND k.key = ${literal(by.key)})`;
    case 'parsed': {
      const key = by.path.join('.');
      const path = by.path.map((name) => ` -> ${literal(name)}`).join('');
      return `CASE WHEN strpos(l.t, '{') = 0 AND strpos(l.t, ${literal(`${key}=`)}) = 0 THEN NULL ELSE (SELECT CASE
          WHEN x.v IS NULL THEN CASE WHEN r.raw IS NULL THEN NULL
            WHEN r.raw !~ '^"' AND r.raw ~ '^-?[0-9]+(\\.[0-9]+)?$' AND length(regexp_replace(r.raw, '[^0-9]', '', 'g')) <= 15 THEN 'n:' || r.raw
            WHEN r.raw ~ '^"' THEN 's:' || substr(r.raw, 2, length(r.raw) - 2) ELSE 's:' || r.raw END
          ELSE CASE jsonb_typeof(x.v) WHEN 'number' THEN 'n:' || (x.v)::text WHEN 'string' THEN 's:' || (x.v #>> '{}')
            WHEN 'boolean' THEN 's:' || (x.v)::text WHEN 'null' THEN 's:null' END END
        FROM (SELECT sidelog_json_object(l.t) AS doc) j
        CROSS JOIN LATERAL (SELECT j.doc${path} AS v) x
        CROSS JOIN LATERAL (SELECT CASE WHEN x.v IS NULL THEN substring(CASE WHEN j.doc IS NULL THEN l.t ELSE left(l.t, strpos(l.t, '{') - 1) END from ${literal(keyValuePattern(key))}) END AS raw) r) END`;
    }
  }
}
