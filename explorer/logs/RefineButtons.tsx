// "only" and "hide" beside a value, in the facet panel and in an opened log: each changes the address (refine.ts).
import { useQuery } from '../use-query.ts';
import { hideChange, onlyChange, type Refinable } from './refine.ts';

export function RefineButtons({ field, value, name }: { field: Refinable; value: string; name: string }) {
  const [params, change] = useQuery();
  return (
    <span className="refine">
      <button
        type="button"
        className="refine-button"
        aria-label={`Show only ${name}`}
        onClick={() => change(onlyChange(field, value, params))}
      >
        only
      </button>
      <button
        type="button"
        className="refine-button"
        aria-label={`Hide ${name}`}
        onClick={() => change(hideChange(field, value, params))}
      >
        hide
      </button>
    </span>
  );
}
