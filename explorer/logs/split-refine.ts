// Click-to-filter on a row of a field's counts (docs/volume-and-counts.md#counts-by-a-field): the value's search term
// (`tag:net`, `key.plan:gold`, `@status:502`) in place of the query's other terms on that field, or hidden.
import { hideField, onlyField } from './parsed-refine.ts';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `q` without its terms on `name` (`tag`, `key.plan`) that `drop` picks, its spaces tidied. */
function without(q: string, name: string, drop: (term: string) => boolean): string {
  const terms = new RegExp(`(^|\\s)-?${escaped(name)}:(?:"[^"]*"|[^\\s"]+)(?=\\s|$)`, 'gi');
  return q
    .replace(terms, (whole, space: string) => (drop(whole.trim().replace(/^-/, '')) ? space : whole))
    .replace(/\s+/g, ' ')
    .trim();
}

const joined = (q: string, term: string) => (q ? `${q} ${term}` : term);

/** The query showing only the logs of the value whose term is `term`, for the split field named `by`. */
export function onlySplit(q: string, by: string, term: string): string {
  if (by.startsWith('@')) return onlyField(q, by.slice(1), term);
  return joined(
    without(q, by, () => true),
    term,
  );
}

/** The query hiding the logs of the value whose term is `term`. */
export function hideSplit(q: string, by: string, term: string): string {
  if (by.startsWith('@')) return hideField(q, by.slice(1), term);
  return joined(
    without(q, by, (was) => was === term),
    `-${term}`,
  );
}
