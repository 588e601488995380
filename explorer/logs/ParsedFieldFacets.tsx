// The facet panel's fields in the text (docs/facets.md#fields-in-the-text): the fields parsed from the view's newest
// logs (their JSON object, their key=value pairs), each with its most common values, each value filtering the search
// by it or hiding it.
import type { ParsedFieldFacets as Fields } from '../../explorer-contract/parsed-field.ts';
import { useJson } from '../use-json.ts';
import { useQuery } from '../use-query.ts';
import { hideField, onlyField } from './parsed-refine.ts';
import { RefineButtonPair } from './RefineButtons.tsx';

export function ParsedFieldFacets({ appId, filters }: { appId: string; filters: string }) {
  const [params] = useQuery();
  const q = params.get('q') ?? '';
  const answer = useJson<Fields>(`/apps/${encodeURIComponent(appId)}/logs/fields?${filters}`);
  if (answer.state !== 'ready' || answer.data.fields.length === 0) return null;
  const { read, fields } = answer.data;
  return (
    <section className="facet" aria-label="Fields in the text">
      <h2>Fields in the text</h2>
      <p className="facet-sample">
        Of the newest {read.toLocaleString('en')} {read === 1 ? 'log' : 'logs'}:
      </p>
      {fields.map(({ field, values }) => (
        <section key={field} className="facet-key" aria-label={`Field @${field}`}>
          <h3>@{field}</h3>
          <ul>
            {values.map(({ value, count, term }) => (
              <li key={value} className="facet-value">
                <span className="facet-label" title={value}>
                  {value}
                </span>
                <span className="facet-count">{count.toLocaleString('en')}</span>
                <RefineButtonPair
                  name={`@${field} ${value}`}
                  only={() => ({ q: onlyField(q, field, term) })}
                  hide={() => ({ q: hideField(q, field, term) })}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
