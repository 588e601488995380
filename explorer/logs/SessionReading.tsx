// How a session is read (docs/explorer.md#a-session-read-top-to-bottom): oldest first by default, newest first a click
// away, and a time to jump to; both in the address (`order`, `at`), so a link lands where its sender was.
import type { FormEvent } from 'react';
import { fromLocalInput, toLocalInput, zoneLabel } from '../format.ts';
import { Field, TimeInput } from '../Field.tsx';
import { useZone } from '../time-zone.ts';
import { useFollowing } from '../use-following.ts';
import type { QueryChange } from '../use-query.ts';

/** A session reads oldest first unless the address says otherwise; any other stream newest first. */
export function oldestFirst(params: URLSearchParams): boolean {
  const order = params.get('order');
  return order === 'oldest' || (order !== 'newest' && params.get('session') !== null);
}

/** The time jumped to, in ms, when the address names one. */
export function jumpOf(params: URLSearchParams): number | undefined {
  const at = params.get('at');
  const ms = at === null ? NaN : Date.parse(at);
  return Number.isFinite(ms) ? ms : undefined;
}

export function SessionReading({ params, change }: { params: URLSearchParams; change(changes: QueryChange): void }) {
  const zone = useZone();
  const oldest = oldestFirst(params);
  const [jump, setJump] = useFollowing(`${zone}\n${params}`, () => toLocalInput(params.get('at'), zone));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ at: fromLocalInput(jump, zone) });
  };
  return (
    <div className="session-reading">
      <div className="order-switch" role="group" aria-label="Order">
        <button
          type="button"
          className={oldest ? 'button button-primary' : 'button'}
          aria-pressed={oldest}
          onClick={() => change({ order: undefined })}
        >
          Oldest first
        </button>
        <button
          type="button"
          className={oldest ? 'button' : 'button button-primary'}
          aria-pressed={!oldest}
          onClick={() => change({ order: 'newest' })}
        >
          Newest first
        </button>
      </div>
      <form className="jump-form" onSubmit={submit} aria-label="Jump to a time">
        <Field label={`Jump to (${zoneLabel(zone)})`} time>
          {(id) => <TimeInput id={id} value={jump} onChange={setJump} />}
        </Field>
        <button type="submit" className="button">
          Jump
        </button>
        {params.get('at') ? (
          <button type="button" className="button button-quiet" onClick={() => change({ at: undefined })}>
            {oldest ? 'From the first log' : 'From the last log'}
          </button>
        ) : null}
      </form>
    </div>
  );
}
