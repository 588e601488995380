// Values into ClickHouse's SQL as literals: Debian's server (18.16) has no query parameters ({name:Type} came in
// 19.11), so every value a query names goes through here and nowhere else (docs/clickhouse.md#values-in-sql).

/** A string as a quoted literal. Backslash and quote are escaped, and every control character (NUL, newlines, tabs,
 * DEL) is written as \xHH: both 18.16 and current servers read these escapes back to the same bytes, and the query
 * text then holds no byte a proxy or log line could cut or mangle. */
export function sqlString(value: string): string {
  let out = "'";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === "'") out += "\\'";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${out}'`;
}

/** An integer as a literal; anything but a safe integer throws rather than reach SQL rounded or as text. */
export function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a safe integer for SQL: ${String(value)}`);
  return String(value);
}

/** A list for `IN (…)`, of strings or of integers; an empty list throws (`IN ()` is no SQL), so a caller with none
 * asks nothing. */
export function sqlList(values: readonly (string | number)[]): string {
  if (values.length === 0) throw new TypeError('an empty list for SQL IN');
  return `(${values.map((value) => (typeof value === 'number' ? sqlInteger(value) : sqlString(value))).join(', ')})`;
}

/** A database or table name: only letters, digits and underscores (SIDELOG_LOGS's database is checked to be one, see
 * logs-url.ts), in backquotes, which both versions read as a name. */
export function sqlIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`not a plain name for SQL: ${JSON.stringify(name)}`);
  return `\`${name}\``;
}

/** A finite number as a literal (a log's `at`, which may be fractional): JavaScript's shortest form, which both
 * versions read back to the same double. */
export function sqlFloat(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`not a finite number for SQL: ${String(value)}`);
  return String(value);
}
