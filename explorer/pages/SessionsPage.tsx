// The app's sessions: device, app version, language, first and last log, counts by level, issues; filtered and
// sorted from the address.
import { DeviceWho, useWhoLabels } from '../DeviceWho.tsx';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import type { ExplorerSession, SessionSort } from '../api.ts';
import { LEVELS } from '../format.ts';
import { useAppId } from '../use-app.ts';
import { shownData, useJson } from '../use-json.ts';
import { anyOf, Field, SelectField, SubmitButton } from '../Field.tsx';
import { Time } from '../Time.tsx';
import { href, useDraft, useQuery } from '../use-query.ts';
import { ResultsTable } from '../ResultsTable.tsx';

const SORTS: { value: SessionSort; label: string }[] = [
  { value: 'last', label: 'Last log, newest first' },
  { value: 'first', label: 'First log, newest first' },
  { value: 'logs', label: 'Most logs' },
  { value: 'errors', label: 'Most errors' },
  { value: 'issues', label: 'Most issues' },
];
const WITH = [
  { value: '', label: 'Anything' },
  { value: 'errors', label: 'Errors' },
  { value: 'issues', label: 'Issues' },
];
const PAGE = 100;

function Counts({ session }: { session: ExplorerSession }) {
  return (
    <span className="level-counts">
      {LEVELS.map((level) =>
        session.counts[level.name] > 0 ? (
          <span key={level.name} className={`level-badge level-${level.name}`} title={`${level.label} logs`}>
            {/* The level in letters too, not in colour alone (WCAG 1.4.1): its initial, the whole name read out. */}
            <span aria-hidden="true">{level.label[0]} </span>
            <span className="visually-hidden">{level.label}: </span>
            {session.counts[level.name].toLocaleString('en')}
          </span>
        ) : null,
      )}
    </span>
  );
}

export function SessionsPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const [q, setQ] = useDraft(params, 'q');
  const offset = Number(params.get('offset') ?? 0) || 0;
  const query = new URLSearchParams();
  for (const name of ['q', 'version', 'language', 'with', 'sort', 'device'])
    if (params.get(name)) query.set(name, params.get(name)!);
  query.set('offset', String(offset));
  query.set('limit', String(PAGE));
  const list = useJson<{ sessions: ExplorerSession[]; more: boolean }>(
    `/apps/${encodeURIComponent(appId)}/sessions?${query}`,
  );
  const facets = useJson<{ versions: string[]; languages: string[] }>(`/apps/${encodeURIComponent(appId)}/facets`);
  const who = useWhoLabels(shownData(list)?.sessions.map((session) => ({ ...session, name: session.device_name })));
  const choices = facets.state === 'ready' ? facets.data : { versions: [], languages: [] };

  const search = (event: FormEvent) => {
    event.preventDefault();
    change({ q: q.trim(), offset: undefined });
  };
  const select = (name: string) => (value: string) => change({ [name]: value, offset: undefined });

  return (
    <>
      <form className="card session-filters" onSubmit={search} aria-label="Session filters">
        <Field label="Session, device or udid" wide>
          {(id) => <input id={id} type="search" value={q} onChange={(event) => setQ(event.target.value)} />}
        </Field>
        <SelectField
          label="App version"
          value={params.get('version') ?? ''}
          choices={anyOf('Any', choices.versions)}
          onChange={select('version')}
        />
        <SelectField
          label="Language"
          value={params.get('language') ?? ''}
          choices={anyOf('Any', choices.languages)}
          onChange={select('language')}
        />
        <SelectField
          label="Only sessions with"
          value={params.get('with') ?? ''}
          choices={WITH}
          onChange={select('with')}
        />
        <SelectField label="Sort by" value={params.get('sort') ?? 'last'} choices={SORTS} onChange={select('sort')} />
        <SubmitButton>Search</SubmitButton>
      </form>
      <ResultsTable
        loaded={list}
        items={(data) => data.sessions}
        empty="No sessions match."
        className="sessions-table"
        caption={(sessions) => `Sessions ${offset + 1}–${offset + sessions.length}`}
        columns={[
          'Session',
          'Device',
          'Version',
          'Language',
          'First log',
          'Last log',
          'Logs by level',
          { label: 'Issues', num: true },
        ]}
        row={(session) => (
          <tr key={session.session_uid}>
            <td>
              <Link className="session-id" href={href('/logs', appId, { session: session.session_uid })}>
                {session.session_uid}
              </Link>
            </td>
            <td>
              <DeviceWho
                appId={appId}
                device={{ ...session, name: session.device_name }}
                label={who.get(session.udid)}
              />
            </td>
            <td>
              {session.app_version} <span className="muted">({session.app_build})</span>
            </td>
            <td>{session.language}</td>
            <td>{session.first_at === null ? '—' : <Time value={session.first_at} />}</td>
            <td>{session.last_at === null ? '—' : <Time value={session.last_at} />}</td>
            <td>
              <Counts session={session} />
            </td>
            <td className="num">
              {session.issues > 0 ? (
                <Link href={href('/issues', appId, { session: session.session_uid })}>{session.issues}</Link>
              ) : (
                0
              )}
            </td>
          </tr>
        )}
      />
      <div className="actions">
        {offset > 0 ? (
          <button
            type="button"
            className="button"
            onClick={() => change({ offset: String(Math.max(0, offset - PAGE)) })}
          >
            Previous
          </button>
        ) : null}
        {list.state === 'ready' && list.data.more ? (
          <button type="button" className="button" onClick={() => change({ offset: String(offset + PAGE) })}>
            Next
          </button>
        ) : null}
      </div>
    </>
  );
}
