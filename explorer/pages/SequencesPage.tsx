// Sessions by sequence (docs/explorer.md#sessions-by-sequence): sessions where A was logged and then B within a
// time, A and B as search words or as patterns (with <*>). The search is the address: a=…&b=…&within=seconds&from&to.
import { LineText } from '../logs/LineText.tsx';
import { DeviceWho, useWhoLabels } from '../DeviceWho.tsx';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import type { SequencesAnswer } from '../api.ts';
import { Field, SubmitButton, TimeRangeFields } from '../Field.tsx';
import { absoluteTime, fromLocalInput, toLocalInput, type Zone } from '../format.ts';
import { useZone } from '../time-zone.ts';
import { useFollowing } from '../use-following.ts';
import { SavedViews } from '../insight/SavedViews.tsx';
import { Results } from '../Results.tsx';
import { useAppId } from '../use-app.ts';
import { shownData, useJson } from '../use-json.ts';
import { href, useQuery } from '../use-query.ts';
import { TableHead } from '../TableHead.tsx';

const fieldsOf = (params: URLSearchParams, zone: Zone) => ({
  a: params.get('a') ?? '',
  b: params.get('b') ?? '',
  within: params.get('within') ?? '300',
  from: toLocalInput(params.get('from'), zone),
  to: toLocalInput(params.get('to'), zone),
});

/** "2 min 5 s", "800 ms". */
function gap(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
}

export function SequencesPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const zone = useZone();
  const [fields, setFields] = useFollowing(`${zone}\n${params}`, () => fieldsOf(params, zone));
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const asked = params.get('a') && params.get('b');
  const query = new URLSearchParams();
  for (const name of ['a', 'b', 'within', 'from', 'to']) if (params.get(name)) query.set(name, params.get(name)!);
  const answer = useJson<SequencesAnswer>(asked ? `/apps/${encodeURIComponent(appId)}/sequences?${query}` : null);
  const who = useWhoLabels(shownData(answer)?.sessions.map((match) => ({ ...match, name: match.a.device_name })));

  function submit(event: FormEvent) {
    event.preventDefault();
    change({
      a: fields.a.trim(),
      b: fields.b.trim(),
      within: fields.within,
      from: fromLocalInput(fields.from, zone),
      to: fromLocalInput(fields.to, zone),
    });
  }

  return (
    <>
      <SavedViews appId={appId} />
      <form className="card sequence-form" onSubmit={submit} aria-label="Sequence">
        <p className="muted">
          Search words as in the stream, or a pattern copied from Patterns (<code>&lt;*&gt;</code> for what varies).
        </p>
        <div className="filter-fields">
          <Field label="First, a line with" wide>
            {(id) => <input id={id} value={fields.a} onChange={set('a')} placeholder="payment failed" required />}
          </Field>
          <Field label="Then, a line with" wide>
            {(id) => <input id={id} value={fields.b} onChange={set('b')} placeholder="feedback sent" required />}
          </Field>
          <Field label="Within (seconds)">
            {(id) => (
              <input
                id={id}
                type="number"
                min={0}
                max={86400}
                value={fields.within}
                onChange={set('within')}
                required
              />
            )}
          </Field>
          <TimeRangeFields
            zone={zone}
            from={fields.from}
            to={fields.to}
            onChange={(end, value) => set(end)({ target: { value } })}
          />
          <SubmitButton>Find sessions</SubmitButton>
        </div>
      </form>
      {asked ? (
        <Results
          loaded={answer}
          items={(data) => data.sessions}
          empty="No session has them in that order within that time."
        >
          {(sessions, data) => (
            <>
              <p className="muted" role="status">
                {data.total.toLocaleString('en')} session{data.total === 1 ? '' : 's'}
                {data.total > sessions.length ? `, the newest ${sessions.length} listed` : ''} (
                {data.matched.a.toLocaleString('en')} lines matched the first, {data.matched.b.toLocaleString('en')} the
                second)
              </p>
              <table className="table sequences-table">
                <caption>Newest first</caption>
                <TableHead columns={['Session', 'Device', 'First', 'Then', 'After']} />
                <tbody>
                  {sessions.map((match) => (
                    <tr key={match.session_uid}>
                      <td>
                        <Link
                          href={href('/logs', appId, {
                            session: match.session_uid,
                            from: new Date(match.a.at - 60_000).toISOString(),
                            to: new Date(match.b.at + 60_001).toISOString(),
                          })}
                        >
                          {match.session_uid}
                        </Link>
                      </td>
                      <td>
                        <DeviceWho
                          appId={appId}
                          device={{ ...match, name: match.a.device_name }}
                          label={who.get(match.udid)}
                        />
                      </td>
                      <td>
                        <span className="nowrap">{absoluteTime(match.a.at)}</span>{' '}
                        <span className="sequence-line">
                          <LineText tag={match.a.tg} text={match.a.t ?? ''} />
                        </span>
                      </td>
                      <td>
                        <span className="nowrap">{absoluteTime(match.b.at)}</span>{' '}
                        <span className="sequence-line">
                          <LineText tag={match.b.tg} text={match.b.t ?? ''} />
                        </span>
                      </td>
                      <td className="nowrap">{gap(match.b.at - match.a.at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </Results>
      ) : null}
    </>
  );
}
