// The log filters' parameters (explorer-contract/log-filters.ts names them), picked out of the address.
import { FILTER_NAMES } from '../../explorer-contract/log-filters.ts';

/** The API query of the filters in `params` (other parameters of the address left out), in a stable order. */
export function filterQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) for (const value of params.getAll(name)) if (value !== '') query.append(name, value);
  return query.toString();
}
