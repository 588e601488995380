// Click-to-filter on a field parsed from the text (docs/facets.md#fields-in-the-text): the value's `@field:value` term
// added to the search, or `-@field:value`, in place of the terms that said otherwise about that field.

/** Every `@field…` term of a query (negated or not, any comparison), with the space before it. */
const FIELD_TERMS = /(^|\s)(-?)@([A-Za-z0-9_.-]+)(?::|>=|<=|>|<)(?:"[^"]*"|\[[^\]]*\]|[^\s"]+)(?=\s|$)/g;

/** `q` without the `@field` terms `drop` picks, its spaces tidied. */
function without(q: string, drop: (negated: boolean, field: string, term: string) => boolean): string {
  return q
    .replace(FIELD_TERMS, (whole, space: string, minus: string, field: string) =>
      drop(minus === '-', field, whole.trim().replace(/^-/, '')) ? space : whole,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

const joined = (q: string, term: string) => (q ? `${q} ${term}` : term);

/** The query showing only the logs whose `field` is the value of `term` (`@status:502`): any other term on the field
 * gives way. */
export const onlyField = (q: string, field: string, term: string): string =>
  joined(
    without(q, (_, other) => other === field),
    term,
  );

/** The query hiding the logs whose `field` is the value of `term`. */
export const hideField = (q: string, field: string, term: string): string =>
  joined(
    without(q, (_, other, was) => other === field && was === term),
    `-${term}`,
  );
