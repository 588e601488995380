// The search's boolean algebra (docs/explorer.md#parentheses): a query of any nesting, kept as one AND of ORs of terms
// (each maybe negated), the one shape both stores compile (server/stores/sqlite/search-sql.ts,
// server/stores/postgres/search-sql.ts). Each term is true or not for a log (a negated one is `IS NOT TRUE`, so a
// missing value counts as not holding it), which is what lets De Morgan's laws and distribution hold in SQL as here.
/** A term, maybe negated: the query's SearchClause (explorer-contract/search-query.ts), which this algebra needs only
 * to negate and to tell apart. */
interface Clause {
  negated: boolean;
}

/** Every group must match; a group matches when any of its clauses does. */
export type Conjunction<C extends Clause> = C[][];

const keyOf = (clause: Clause) => JSON.stringify(clause);

/** A group without a clause written twice. */
function distinct<C extends Clause>(group: C[]): C[] {
  const seen = new Set<string>();
  return group.filter((clause) => !seen.has(keyOf(clause)) && seen.add(keyOf(clause)));
}

export const both = <C extends Clause>(a: Conjunction<C>, b: Conjunction<C>): Conjunction<C> => [...a, ...b];

/** (A1 and A2) or (B1 and B2) is (A1 or B1) and (A1 or B2) and (A2 or B1) and (A2 or B2): at most 8 terms
 * (MAX_SEARCH_TERMS) keep it small, 16 groups of 4 at worst, as in `(a b) OR (c d) OR (e f) OR (g h)`. */
export const either = <C extends Clause>(a: Conjunction<C>, b: Conjunction<C>): Conjunction<C> =>
  a.flatMap((left) => b.map((right) => distinct([...left, ...right])));

/** not (A1 or A2) and not (B1) is (not A1 and not A2) or (not B1), distributed back to an AND of ORs. */
export function negation<C extends Clause>(a: Conjunction<C>): Conjunction<C> {
  const alternatives = a.map((group) => group.map((clause) => [{ ...clause, negated: !clause.negated }]));
  return alternatives.reduce((left, right) => either(left, right));
}
