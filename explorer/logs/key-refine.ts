// Click-to-filter on a device key (docs/facets.md#device-keys): the search box's `key.<name>:value` term added to the
// query, or `-key.<name>:value`, in place of the terms that said otherwise about that key.

/** A key's term as the search box reads it, or undefined when the language cannot write it (a key with a space, a colon
 * or a quote; a value with a quote). */
export function keyTerm(key: string, value: string): string | undefined {
  if (key === '' || /[\s:"]/.test(key) || value === '' || value.includes('"')) return undefined;
  return `key.${key}:${/\s/.test(value) ? `"${value}"` : value}`;
}

const KEY_TERMS = /(^|\s)(-?)key\.([^\s:"]+):(?:"([^"]*)"|([^\s"]+))(?=\s|$)/g;

/** `q` without the key terms `drop` picks, its spaces tidied. */
function without(q: string, drop: (negated: boolean, key: string, value: string) => boolean): string {
  return q
    .replace(KEY_TERMS, (term, space: string, minus: string, key: string, quoted?: string, bare?: string) =>
      drop(minus === '-', key, quoted ?? bare ?? '') ? space : term,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const joined = (q: string, term: string) => (q ? `${q} ${term}` : term);

/** The query showing only the logs of devices whose `key` is `value`: any other term on that key gives way. */
export function onlyKey(q: string, key: string, value: string): string | undefined {
  const term = keyTerm(key, value);
  return (
    term &&
    joined(
      without(q, (_, other) => other === key),
      term,
    )
  );
}

/** The query hiding the logs of devices whose `key` is `value`. */
export function hideKey(q: string, key: string, value: string): string | undefined {
  const term = keyTerm(key, value);
  return (
    term &&
    joined(
      without(q, (_, other, was) => other === key && was === value),
      `-${term}`,
    )
  );
}
