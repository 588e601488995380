// Issues, crashes and user feedback in one list, newest first, filterable by type (and by session).
import { useId } from 'react';
import { Link } from 'wouter';
import type { ExplorerIssue } from '../api.ts';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { LoadState } from '../LoadState.tsx';
import { href, useQuery } from '../use-query.ts';

export const ISSUE_TYPE_LABELS: Record<string, string> = { issue: 'Issue', crash: 'Crash', 'user-feedback': 'User feedback' };

export function IssuesPage() {
  const id = useId();
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const type = params.get('type') ?? '';
  const session = params.get('session') ?? '';
  const query = new URLSearchParams({ limit: '200' });
  if (type) query.set('type', type);
  if (session) query.set('session', session);
  const list = useJson<{ issues: ExplorerIssue[]; next: number | null }>(`/apps/${encodeURIComponent(appId)}/issues?${query}`);
  return (
    <>
      <div className="card issue-filters">
        <div className="field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select id={`${id}-type`} value={type} onChange={(event) => change({ type: event.target.value })}>
            <option value="">All types</option>
            {Object.entries(ISSUE_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {session ? (
          <span className="chip">
            Session <strong>{session}</strong>
            <button type="button" className="chip-remove" aria-label="Issues of every session" onClick={() => change({ session: undefined })}>
              ×
            </button>
          </span>
        ) : null}
      </div>
      <LoadState loaded={list} />
      {list.state === 'ready' ? (
        list.data.issues.length === 0 ? (
          <p className="muted">No issues.</p>
        ) : (
          <table className="table issues-table">
            <caption>Newest first{list.data.next ? ', the latest 200' : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Device</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {list.data.issues.map((issue) => (
                <tr key={issue.uid}>
                  <td>
                    <Link href={href(`/issues/${encodeURIComponent(issue.uid)}`, appId)}>{issue.title || '(untitled)'}</Link>
                  </td>
                  <td>
                    <span className={`status issue-${issue.type}`}>{ISSUE_TYPE_LABELS[issue.type] ?? issue.type}</span>
                  </td>
                  <td>{issue.device_name || issue.udid}</td>
                  <td>{new Date(issue.received_at).toLocaleString('en-GB')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </>
  );
}
