// The log filters. Levels apply as they are ticked; the other fields when the form is submitted (Enter or
// "Apply"). Every filter goes into the address, so the view is a link.
import { useEffect, useState, type FormEvent } from 'react';
import type { FilterName } from '../../explorer-contract/log-filters.ts';
import { Field, SubmitButton } from '../Field.tsx';
import { fromLocalInput, LEVELS, toLocalInput } from '../format.ts';
import { SearchHelp } from './SearchHelp.tsx';
import type { QueryChange } from '../use-query.ts';

/** The form's text fields, by the names of the filters they set. */
type Fields = Pick<Record<FilterName, string>, 'q' | 'tag' | 'key' | 'value' | 'from' | 'to'>;

const fieldsOf = (params: URLSearchParams): Fields => ({
  q: params.get('q') ?? '',
  tag: params.getAll('tag').join(', '),
  key: params.get('key') ?? '',
  value: params.get('value') ?? '',
  from: toLocalInput(params.get('from')),
  to: toLocalInput(params.get('to')),
});

export function LogFilters({ params, change, tags }: { params: URLSearchParams; change(changes: QueryChange): void; tags: string[] }) {
  const [fields, setFields] = useState(() => fieldsOf(params));
  // Back and forward (or a link) change the address: the fields follow it.
  const search = params.toString();
  useEffect(() => {
    setFields(fieldsOf(new URLSearchParams(search)));
  }, [search]);
  const levels = new Set((params.get('level') ?? '').split(',').filter(Boolean));
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    change({
      q: fields.q.trim(),
      tag: fields.tag.split(',').map((tag) => tag.trim()).filter(Boolean),
      key: fields.key.trim(),
      value: fields.key.trim() ? fields.value : '',
      from: fromLocalInput(fields.from),
      to: fromLocalInput(fields.to),
    });
  }

  function toggleLevel(name: string, on: boolean) {
    // No level parameter means every level.
    const shown = (level: string) => levels.size === 0 || levels.has(level);
    const next = LEVELS.map((level) => level.name).filter((level) => (level === name ? on : shown(level)));
    change({ level: next.length === 0 || next.length === LEVELS.length ? undefined : next.join(',') });
  }

  return (
    <form className="log-filters card" onSubmit={submit} aria-label="Log filters">
      <fieldset className="level-filter">
        <legend>Levels</legend>
        {LEVELS.map((level) => (
          <label key={level.name} className={`level-choice level-${level.name}`}>
            <input type="checkbox" checked={levels.size === 0 || levels.has(level.name)} onChange={(event) => toggleLevel(level.name, event.target.checked)} />
            {level.label}
          </label>
        ))}
      </fieldset>
      <div className="filter-fields">
        <Field label="Search text" wide>
          {(id) => (
            <div className="search-box">
              <input id={id} type="search" value={fields.q} onChange={set('q')} placeholder='words, "a phrase", -word, level:error' />
              <SearchHelp id={`${id}-help`} />
            </div>
          )}
        </Field>
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
        <Field label="Device key">{(id) => <input id={id} value={fields.key} onChange={set('key')} placeholder="user_id" />}</Field>
        <Field label="Key value">{(id) => <input id={id} value={fields.value} onChange={set('value')} />}</Field>
        <Field label="From" time>
          {(id) => <input id={id} type="datetime-local" step="1" value={fields.from} onChange={set('from')} />}
        </Field>
        <Field label="To" time>
          {(id) => <input id={id} type="datetime-local" step="1" value={fields.to} onChange={set('to')} />}
        </Field>
        <SubmitButton>Apply</SubmitButton>
      </div>
    </form>
  );
}
