// One issue, crash or feedback: what was sent, the replies written on it (docs/explorer.md#replies), and its session's
// logs around the moment it was sent.
import { DeviceWho } from '../DeviceWho.tsx';
import { EventTime } from '../EventTime.tsx';
import { useState } from 'react';
import { Link } from 'wouter';
import type { IssueDetail, IssueGroup } from '../api.ts';
import { Layout } from '../Layout.tsx';
import { countOf } from '../format.ts';
import { Time } from '../Time.tsx';
import { LoadState } from '../LoadState.tsx';
import { AroundView } from '../logs/AroundView.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { RedactedText } from '../RedactedText.tsx';
import { ISSUE_TYPE_LABELS } from '../insight/IssueList.tsx';
import { IssueReplies } from '../insight/IssueReplies.tsx';
import { StackFrames } from '../insight/StackFrames.tsx';

export function IssuePage({ uid }: { uid: string }) {
  const appId = useAppId();
  const [groupVersion, setGroupVersion] = useState(0);
  const detail = useJson<IssueDetail>(
    appId ? `/apps/${encodeURIComponent(appId)}/issues/${encodeURIComponent(uid)}` : null,
  );
  const group = useJson<IssueGroup>(
    appId ? `/apps/${encodeURIComponent(appId)}/issues/${encodeURIComponent(uid)}/group` : null,
    groupVersion,
  );
  if (detail.state !== 'ready' || !appId) {
    return (
      <Layout title={detail.state === 'failed' ? 'Issue not found' : 'Issue'}>
        <LoadState loaded={detail} />
      </Layout>
    );
  }
  const { issue, around } = detail.data;
  return (
    <Layout title={issue.title || '(untitled)'} heading={issue.title ? <RedactedText text={issue.title} /> : undefined}>
      <dl className="facts card">
        <dt>Type</dt>
        <dd>
          <span className={`status issue-${issue.type}`}>{ISSUE_TYPE_LABELS[issue.type] ?? issue.type}</span>
        </dd>
        {group.state === 'ready' ? (
          <>
            <dt>Group</dt>
            <dd>
              <Link href={href(`/issue-groups/${group.data.id}`, appId)}>{group.data.title || '(untitled)'}</Link>{' '}
              <span className="muted">({countOf(group.data.occurrences, 'occurrence')})</span>
            </dd>
          </>
        ) : null}
        {/* Event time first: its own line's time (the bf_issue line that carries its uid), arrival beside it. */}
        <dt>Logged</dt>
        <dd>
          {around?.target.tg === 'bf_issue' && around.target.t === issue.uid ? (
            <EventTime at={around.target.at} arrived={issue.received_at} />
          ) : (
            <>
              <Time value={issue.received_at} /> <span className="muted">(arrived; its own line is not kept)</span>
            </>
          )}
        </dd>
        <dt>Session</dt>
        <dd>
          <Link href={href('/logs', appId, { session: issue.session_uid })}>{issue.session_uid}</Link>
        </dd>
        <dt>Device</dt>
        <dd>
          <DeviceWho appId={appId} device={{ ...issue, name: issue.device_name }} />
        </dd>
      </dl>
      {issue.type === 'crash' ? <StackFrames appId={appId} uid={issue.uid} /> : null}
      <h2>Text</h2>
      <pre className="issue-text">
        <RedactedText text={issue.text} />
      </pre>
      {group.state === 'ready' ? (
        <IssueReplies
          appId={appId}
          groupId={group.data.id}
          issueUid={issue.uid}
          status={group.data.status}
          onResolved={() => setGroupVersion((current) => current + 1)}
        />
      ) : null}
      <h2>The session's logs around it</h2>
      {around ? (
        <AroundView around={around} appId={appId} label="The session's logs around the issue" />
      ) : (
        <p className="muted">The session has no logs.</p>
      )}
    </Layout>
  );
}
