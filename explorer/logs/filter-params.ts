// The log filters' parameters (explorer-contract/log-filters.ts names them), picked out of the address, and the
// device key the rows show as who (not a filter: it changes what a log carries, not which logs).
import { FILTER_NAMES } from '../../explorer-contract/log-filters.ts';

/** `query` with the address's device key for who a log is from, when one is chosen (docs/facets.md#who): the lists
 * of logs then carry each device's value of it. */
export function appendWho(query: string, params: URLSearchParams): string {
  const who = params.get('who');
  return who ? `${query}${query ? '&' : ''}who=${encodeURIComponent(who)}` : query;
}

/** The API query of the filters in `params` (other parameters of the address left out), in a stable order. */
export function filterQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) for (const value of params.getAll(name)) if (value !== '') query.append(name, value);
  return query.toString();
}
