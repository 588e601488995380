// The facet panel's device keys (docs/facets.md#device-keys): each key of the view's devices with its most common
// values, each value filtering the search by it or hiding it, and a button that shows the key on the rows as who a
// log is from (docs/facets.md#who).
import type { KeyFacet } from '../api.ts';
import { useQuery } from '../use-query.ts';
import { hideKey, onlyKey } from './key-refine.ts';
import { RefineButtonPair } from './RefineButtons.tsx';

export function KeyFacets({ keys }: { keys: KeyFacet[] }) {
  const [params, change] = useQuery();
  const who = params.get('who');
  const q = params.get('q') ?? '';
  if (keys.length === 0) return null;
  return (
    <section className="facet" aria-label="Device keys">
      <h2>Device keys</h2>
      {keys.map(({ key, values }) => (
        <section key={key} className="facet-key" aria-label={`Device key ${key}`}>
          <h3>
            {key}{' '}
            <button
              type="button"
              className="refine-button"
              aria-pressed={who === key}
              aria-label={`Show ${key} on rows`}
              onClick={() => change({ who: who === key ? undefined : key })}
            >
              on rows
            </button>
          </h3>
          <ul>
            {values.map(({ value, count }) => {
              const only = onlyKey(q, key, value);
              const hide = hideKey(q, key, value);
              return (
                <li key={value} className="facet-value">
                  <span className="facet-label" title={value}>
                    {value}
                  </span>
                  <span className="facet-count">{count.toLocaleString('en')}</span>
                  {only !== undefined && hide !== undefined ? (
                    <RefineButtonPair name={`${key} ${value}`} only={() => ({ q: only })} hide={() => ({ q: hide })} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}
