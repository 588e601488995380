// The log filters' parameters (explorer-contract/log-filters.ts reads the same names), picked out of the address.
export const FILTER_NAMES = ['level', 'tag', 'q', 'key', 'value', 'from', 'to', 'session', 'device'] as const;

/** The API query of the filters in `params` (other parameters of the address left out), in a stable order. */
export function filterQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) for (const value of params.getAll(name)) if (value !== '') query.append(name, value);
  return query.toString();
}
