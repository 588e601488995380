// A `status:` or `duration>` term (explorer-contract/search-query.ts) as the comparisons each store writes on the number
// it reads from a network line's JSON text (server/stores/sqlite/search-sql.ts, server/stores/postgres/search-sql.ts).
import type { SearchTerm } from '../../explorer-contract/search-query.ts';
import { NETWORK_TAG } from '../../protocol/limits.ts';

export { NETWORK_TAG };

/** The comparisons the number must pass, all of them: a class `5xx` is from 500 up to, not including, 600. */
export function networkComparisons(
  term: Extract<SearchTerm, { kind: 'network' }>,
): ['=' | '<' | '<=' | '>' | '>=', number][] {
  if (term.op === 'class')
    return [
      ['>=', term.value * 100],
      ['<', term.value * 100 + 100],
    ];
  return [[term.op, term.value]];
}
