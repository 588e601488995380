// The log filters. Levels apply as they are ticked; the other fields when the form is submitted (Enter or
// "Apply"). Every filter goes into the address, so the view is a link.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { fromLocalInput, LEVELS, toLocalInput } from '../format.ts';
import type { QueryChange } from '../use-query.ts';

interface Fields {
  q: string;
  tag: string;
  key: string;
  value: string;
  from: string;
  to: string;
}

const fieldsOf = (params: URLSearchParams): Fields => ({
  q: params.get('q') ?? '',
  tag: params.getAll('tag').join(', '),
  key: params.get('key') ?? '',
  value: params.get('value') ?? '',
  from: toLocalInput(params.get('from')),
  to: toLocalInput(params.get('to')),
});

export function LogFilters({ params, change, tags }: { params: URLSearchParams; change(changes: QueryChange): void; tags: string[] }) {
  const id = useId();
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
        <div className="field field-wide">
          <label htmlFor={`${id}-q`}>Search text</label>
          <input id={`${id}-q`} type="search" value={fields.q} onChange={set('q')} placeholder="words in the log's text" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tag`}>Tags</label>
          <input id={`${id}-tag`} list={`${id}-tags`} value={fields.tag} onChange={set('tag')} placeholder="net, ui" />
          <datalist id={`${id}-tags`}>
            {tags.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-key`}>Device key</label>
          <input id={`${id}-key`} value={fields.key} onChange={set('key')} placeholder="user_id" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`}>Key value</label>
          <input id={`${id}-value`} value={fields.value} onChange={set('value')} />
        </div>
        <div className="field field-time">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="datetime-local" step="1" value={fields.from} onChange={set('from')} />
        </div>
        <div className="field field-time">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="datetime-local" step="1" value={fields.to} onChange={set('to')} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
        </div>
      </div>
    </form>
  );
}
