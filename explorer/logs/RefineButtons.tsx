// "only" and "hide" beside a value, in the facet panel and in an opened log: each changes the address (refine.ts, or
// key-refine.ts for a device key's value).
import { useQuery, type QueryChange } from '../use-query.ts';
import { hideChange, onlyChange, type Refinable } from './refine.ts';

type Change = (params: URLSearchParams) => QueryChange;

/** The two buttons, with the address changes they make. */
export function RefineButtonPair({ name, only, hide }: { name: string; only: Change; hide: Change }) {
  const [params, change] = useQuery();
  return (
    <span className="refine">
      <button
        type="button"
        className="refine-button"
        aria-label={`Show only ${name}`}
        onClick={() => change(only(params))}
      >
        only
      </button>
      <button type="button" className="refine-button" aria-label={`Hide ${name}`} onClick={() => change(hide(params))}>
        hide
      </button>
    </span>
  );
}

export function RefineButtons({ field, value, name }: { field: Refinable; value: string; name: string }) {
  return (
    <RefineButtonPair
      name={name}
      only={(params) => onlyChange(field, value, params)}
      hide={(params) => hideChange(field, value, params)}
    />
  );
}
