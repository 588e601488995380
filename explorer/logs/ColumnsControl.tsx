// The stream's "Columns" control (docs/facets.md#columns): which parts of a row show, and which device key says who a
// log is from; both go into the address, so that a link (or a reload) shows the rows alike.
import { useId, type FormEvent } from 'react';
import { useDraft, useQuery } from '../use-query.ts';
import { COLUMNS, columnsParam, rowView, type Column } from './columns.ts';
import { TOOL_POPOVERS, useToolPopover } from '../tool-popover.ts';

export function ColumnsControl() {
  const [params, change] = useQuery();
  const { columns, who } = rowView(params);
  const [key, setKey] = useDraft(params, 'who');
  const keyId = useId();
  const popover = useToolPopover();
  const toggle = (name: Column, on: boolean) => {
    const next = new Set(columns);
    if (on) next.add(name);
    else next.delete(name);
    change({ cols: columnsParam(next, params) });
  };
  const chooseKey = (event: FormEvent) => {
    event.preventDefault();
    change({ who: key.trim() || undefined });
  };
  return (
    <details ref={popover} name={TOOL_POPOVERS} className="columns-control">
      <summary className="button">Columns</summary>
      <div className="columns-popover card">
        <fieldset>
          <legend>Show on each row</legend>
          {COLUMNS.map(({ name, label }) => (
            <label key={name} className="columns-choice">
              <input
                type="checkbox"
                checked={columns.has(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <form onSubmit={chooseKey} className="columns-who">
          <label htmlFor={keyId}>Who by device key</label>
          <input id={keyId} value={key} onChange={(event) => setKey(event.target.value)} placeholder="user_id" />
          <button type="submit" className="button">
            Show
          </button>
          {who ? <div className="muted">Rows show each device's {who}; empty shows its name.</div> : null}
        </form>
      </div>
    </details>
  );
}
