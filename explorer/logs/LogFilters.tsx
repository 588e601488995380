// The log filters. Levels apply as they are ticked; the other fields when the form is submitted (Enter or
// "Apply"). Every filter goes into the address, so the view is a link. Folded, they are one line: the search box, the
// levels and what else is set, in words; "More filters" unfolds the rest (docs/explorer.md#the-screen).
import { useState, type FormEvent } from 'react';
import { NO_LEVEL, type FilterName } from '../../explorer-contract/log-filters.ts';
import { Field, SubmitButton, TimeRangeFields } from '../Field.tsx';
import { followAddress } from '../follow-address.ts';
import { fromLocalInput, LEVELS, toLocalInput, type Zone } from '../format.ts';
import { foldedSummary } from './folded-summary.ts';
import { useZone } from '../time-zone.ts';
import { useFollowing } from '../use-following.ts';
import { SearchHelp } from './SearchHelp.tsx';
import { SearchSuggest } from './SearchSuggest.tsx';
import type { QueryChange } from '../use-query.ts';

/** A preset sets the range from that long ago, open-ended, as absolute times: a link to it names the same moments
 * whenever it is opened (docs/explorer-views.md#time). */
const TIME_PRESETS = [
  { label: 'Last 15 min', ms: 15 * 60_000 },
  { label: 'Last 1 h', ms: 3600_000 },
  { label: 'Last 24 h', ms: 24 * 3600_000 },
  { label: 'Last 7 d', ms: 7 * 24 * 3600_000 },
] as const;

/** The form's text fields, by the names of the filters they set. */
type Fields = Pick<Record<FilterName, string>, 'q' | 'tag' | 'key' | 'value' | 'from' | 'to'>;

const fieldsOf = (params: URLSearchParams, zone: Zone): Fields => ({
  q: params.get('q') ?? '',
  tag: params.getAll('tag').join(', '),
  key: params.get('key') ?? '',
  value: params.get('value') ?? '',
  from: toLocalInput(params.get('from'), zone),
  to: toLocalInput(params.get('to'), zone),
});

export function LogFilters({
  params,
  change,
  tags,
}: {
  params: URLSearchParams;
  change(changes: QueryChange): void;
  tags: string[];
}) {
  const zone = useZone();
  // Back and forward (or a link) change the address, and the viewer the zone: the fields follow them, each where its
  // own value changed, so that text typed and not applied survives a level ticked.
  const [fields, setFields] = useFollowing(`${zone}\n${params}`, () => fieldsOf(params, zone), followAddress);
  const levels = new Set((params.get('level') ?? '').split(',').filter(Boolean));
  const [unfolded, setUnfolded] = useState(false);
  const summary = foldedSummary(params, zone);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    change({
      q: fields.q.trim(),
      tag: fields.tag
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      key: fields.key.trim(),
      value: fields.key.trim() ? fields.value : '',
      from: fromLocalInput(fields.from, zone),
      to: fromLocalInput(fields.to, zone),
    });
  }

  function toggleLevel(name: string, on: boolean) {
    // No level parameter means every level.
    const shown = (level: string) => levels.size === 0 || levels.has(level);
    const next = LEVELS.map((level) => level.name).filter((level) => (level === name ? on : shown(level)));
    change({ level: next.length === 0 ? NO_LEVEL : next.length === LEVELS.length ? undefined : next.join(',') });
  }

  return (
    <form className="log-filters card" onSubmit={submit} aria-label="Log filters">
      <div className="filters-line">
        <Field label="Search text" wide>
          {(id) => (
            <div className="search-box">
              <SearchSuggest
                id={id}
                value={fields.q}
                onChange={(value) => set('q')({ target: { value } })}
                placeholder='words, "a phrase", -word, level:error'
              />
              <SearchHelp id={`${id}-help`} />
            </div>
          )}
        </Field>
        <fieldset className="level-filter">
          <legend className="visually-hidden">Levels</legend>
          {LEVELS.map((level) => (
            <label key={level.name} className={`level-choice level-${level.name}`}>
              <input
                type="checkbox"
                checked={levels.size === 0 || levels.has(level.name)}
                onChange={(event) => toggleLevel(level.name, event.target.checked)}
              />
              {level.label}
            </label>
          ))}
        </fieldset>
        <SubmitButton>Apply</SubmitButton>
        <button
          type="button"
          className="button button-quiet filters-toggle"
          aria-expanded={unfolded}
          aria-controls="more-filters"
          onClick={() => setUnfolded(!unfolded)}
        >
          {unfolded ? 'Fewer filters' : 'More filters'}
        </button>
        {!unfolded && summary ? <p className="filters-summary">{summary}</p> : null}
      </div>
      {levels.has(NO_LEVEL) ? (
        <p className="notice-error" role="status">
          No level is ticked, so no log is shown: tick a level to see its logs.
        </p>
      ) : null}
      {unfolded ? (
        <div id="more-filters" className="filter-fields">
          <Field label="Tags">
            {(id) => (
              <>
                <input id={id} list={`${id}-tags`} value={fields.tag} onChange={set('tag')} placeholder="net, ui" />
                <datalist id={`${id}-tags`}>
                  {tags.map((tag) => (
                    <option key={tag} value={tag} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label="Device key">
            {(id) => <input id={id} value={fields.key} onChange={set('key')} placeholder="user_id" />}
          </Field>
          <Field label="Key value">{(id) => <input id={id} value={fields.value} onChange={set('value')} />}</Field>
          <TimeRangeFields
            zone={zone}
            from={fields.from}
            to={fields.to}
            onChange={(end, value) => set(end)({ target: { value } })}
          />
          <div className="time-presets" role="group" aria-label="Time range">
            {TIME_PRESETS.map((preset) => (
              <button
                key={preset.label}
                type="button"
                className="button button-quiet"
                onClick={() => change({ from: new Date(Date.now() - preset.ms).toISOString(), to: undefined })}
              >
                {preset.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </form>
  );
}
