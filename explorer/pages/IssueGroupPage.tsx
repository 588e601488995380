// One issue group (docs/explorer.md#issue-groups): what makes it one (type, title, a crash's top frame), its counts,
// its status and the buttons that change it, its story, and its occurrences, newest first, paged by keyset.
import { useState } from 'react';
import { Link } from 'wouter';
import { postJson, refusal, type GroupOccurrences, type IssueGroup, type IssueGroupStatus } from '../api.ts';
import { absoluteTime } from '../format.ts';
import { Layout } from '../Layout.tsx';
import { LoadState } from '../LoadState.tsx';
import { Results } from '../Results.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { href, useQuery } from '../use-query.ts';
import { StatusBadge, TypeBadge } from './IssuesPage.tsx';

const PAGE = 200;
/** The buttons a status offers: the other two. */
const ACTIONS: Record<IssueGroupStatus, { status: IssueGroupStatus; label: string }[]> = {
  open: [
    { status: 'resolved', label: 'Resolve' },
    { status: 'muted', label: 'Mute' },
  ],
  resolved: [
    { status: 'open', label: 'Reopen' },
    { status: 'muted', label: 'Mute' },
  ],
  muted: [
    { status: 'open', label: 'Unmute' },
    { status: 'resolved', label: 'Resolve' },
  ],
};

function Occurrences({ appId, group }: { appId: string; group: IssueGroup }) {
  const [params, change] = useQuery();
  const before = params.get('before') ?? '';
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (before) query.set('before', before);
  const list = useJson<GroupOccurrences>(`/apps/${encodeURIComponent(appId)}/issue-groups/${group.id}/occurrences?${query}`);
  return (
    <>
      <Results loaded={list} items={(data) => data.issues} empty="No occurrence is kept (retention deleted them).">
        {(issues) => (
          <table className="table occurrences-table">
            <caption>{before ? 'Older occurrences, newest first' : 'Newest first'}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Device</th>
                <th scope="col">Session</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.uid}>
                  <td>
                    <Link href={href(`/issues/${encodeURIComponent(issue.uid)}`, appId)}>{issue.title || '(untitled)'}</Link>
                  </td>
                  <td>
                    <Link href={href(`/devices/${encodeURIComponent(issue.udid)}`, appId)}>{issue.device_name || issue.udid}</Link>
                  </td>
                  <td>
                    <Link href={href('/logs', appId, { session: issue.session_uid })}>{issue.session_uid}</Link>
                  </td>
                  <td className="nowrap">{absoluteTime(Date.parse(issue.received_at))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Results>
      <div className="actions">
        {before ? (
          <button type="button" className="button" onClick={() => change({ before: undefined })}>
            Newest occurrences
          </button>
        ) : null}
        {list.state === 'ready' && list.data.next !== null ? (
          <button type="button" className="button" onClick={() => change({ before: String(list.data.next) })}>
            Older occurrences
          </button>
        ) : null}
      </div>
    </>
  );
}

export function IssueGroupPage({ id }: { id: string }) {
  const appId = useAppId();
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState('');
  const loaded = useJson<IssueGroup>(appId ? `/apps/${encodeURIComponent(appId)}/issue-groups/${encodeURIComponent(id)}` : null, version);
  if (loaded.state !== 'ready' || !appId) {
    return (
      <Layout title={loaded.state === 'failed' ? 'Issue group not found' : 'Issue group'}>
        <LoadState loaded={loaded} />
      </Layout>
    );
  }
  const group = loaded.data;
  async function setStatus(status: IssueGroupStatus) {
    const answer = await postJson(`/apps/${encodeURIComponent(appId!)}/issue-groups/${group.id}/status`, { status });
    if (answer.status !== 200) return setProblem(refusal(answer));
    setProblem('');
    setVersion((current) => current + 1);
  }
  return (
    <Layout title={group.title || '(untitled)'}>
      <p>
        <Link href={href('/issues', appId)}>All issues</Link>
      </p>
      <dl className="facts card">
        <dt>Type</dt>
        <dd>
          <TypeBadge type={group.type} />
        </dd>
        <dt>Status</dt>
        <dd className="group-status">
          <StatusBadge status={group.status} />
          {group.status_changed_at ? (
            <span className="muted">
              {' '}
              since {absoluteTime(Date.parse(group.status_changed_at))}
              {group.status_by ? `, set by ${group.status_by}` : ', reopened by a new occurrence'}
            </span>
          ) : null}{' '}
          {ACTIONS[group.status].map((action) => (
            <button key={action.status} type="button" className="button" onClick={() => void setStatus(action.status)}>
              {action.label}
            </button>
          ))}
        </dd>
        <dt>Occurrences</dt>
        <dd>{group.occurrences.toLocaleString('en')}</dd>
        <dt>Devices</dt>
        <dd>{group.devices.toLocaleString('en')}</dd>
        <dt>First seen</dt>
        <dd>{absoluteTime(Date.parse(group.first_seen))}</dd>
        <dt>Last seen</dt>
        <dd>{absoluteTime(Date.parse(group.last_seen))}</dd>
        <dt>Latest title</dt>
        <dd>{group.last_title}</dd>
        {group.top_frame ? (
          <>
            <dt>Top frame</dt>
            <dd className="mono">{group.top_frame}</dd>
          </>
        ) : null}
      </dl>
      {problem ? (
        <p className="notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p>
        <Link className="button" href={href(`/issue-groups/${group.id}/story`, appId)}>
          What comes before it
        </Link>
      </p>
      <h2>Occurrences</h2>
      <Occurrences appId={appId} group={group} />
    </Layout>
  );
}
