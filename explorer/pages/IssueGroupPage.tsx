// One issue group (docs/explorer.md#issue-groups): what makes it one (type, title, a crash's top frame), its counts,
// its status and the buttons that change it, its story, its replies (docs/explorer.md#replies), and its occurrences,
// newest first, paged by keyset.
import { EventTime } from '../EventTime.tsx';
import { useState } from 'react';
import { Link } from 'wouter';
import { postJson, refusal, type IssueGroup, type IssueGroupStatus } from '../api.ts';
import { absoluteTime } from '../format.ts';
import { Layout } from '../Layout.tsx';
import { LoadState } from '../LoadState.tsx';
import { IssueList, TypeBadge } from '../insight/IssueList.tsx';
import { IssueReplies } from '../insight/IssueReplies.tsx';
import { GroupStackFrames } from '../insight/StackFrames.tsx';
import { GroupAnalytics } from '../insight/GroupAnalytics.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { StatusBadge } from './IssuesPage.tsx';
import { RedactedText } from '../RedactedText.tsx';
import { ProblemNotice } from '../ProblemNotice.tsx';

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

export function IssueGroupPage({ id }: { id: string }) {
  const appId = useAppId();
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState('');
  const loaded = useJson<IssueGroup>(
    appId ? `/apps/${encodeURIComponent(appId)}/issue-groups/${encodeURIComponent(id)}` : null,
    version,
  );
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
    <Layout title={group.title || '(untitled)'} heading={group.title ? <RedactedText text={group.title} /> : undefined}>
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
        <dd>
          <EventTime at={group.first_at} arrived={group.first_seen} none="its own line is not kept" />
        </dd>
        <dt>Last seen</dt>
        <dd>
          <EventTime at={group.last_at} arrived={group.last_seen} none="its own line is not kept" />
        </dd>
        <dt>Latest title</dt>
        <dd>
          <RedactedText text={group.last_title} />
        </dd>
        {group.top_frame ? (
          <>
            <dt>Top frame</dt>
            <dd className="mono">{group.top_frame}</dd>
          </>
        ) : null}
      </dl>
      <ProblemNotice problem={problem} />
      <GroupAnalytics
        appId={appId}
        groupId={group.id}
        refresh={version}
        onChanged={() => setVersion((current) => current + 1)}
      />
      <p>
        <Link className="button" href={href(`/issue-groups/${group.id}/story`, appId)}>
          What comes before it
        </Link>
      </p>
      {group.type === 'crash' ? <GroupStackFrames appId={appId} groupId={group.id} /> : null}
      <IssueReplies
        appId={appId}
        groupId={group.id}
        status={group.status}
        onResolved={() => setVersion((current) => current + 1)}
      />
      <h2>Occurrences</h2>
      <IssueList
        appId={appId}
        path={`/apps/${encodeURIComponent(appId)}/issue-groups/${group.id}/occurrences?`}
        noun="occurrences"
        empty="No occurrence is kept (retention deleted them)."
      />
    </Layout>
  );
}
