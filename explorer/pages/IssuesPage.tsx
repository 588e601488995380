// Issues, crashes and user feedback in one list, newest first, filterable by type (and by session), paged by
// keyset: "Older issues" asks for those before the page's last (`before` in the address, so a page is a link).
import { Link } from 'wouter';
import type { ExplorerIssue, IssueType } from '../api.ts';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { SelectField } from '../Field.tsx';
import { Results } from '../Results.tsx';
import { issuePath } from '../address.ts';
import { href, useQuery } from '../use-query.ts';

export const ISSUE_TYPE_LABELS: Record<string, string> = { issue: 'Issue', crash: 'Crash', 'user-feedback': 'User feedback' } satisfies Record<IssueType, string>;
const PAGE = 200;
const TYPE_CHOICES = [{ value: '', label: 'All types' }, ...Object.entries(ISSUE_TYPE_LABELS).map(([value, label]) => ({ value, label }))];

export function IssuesPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const type = params.get('type') ?? '';
  const session = params.get('session') ?? '';
  const before = params.get('before') ?? '';
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (type) query.set('type', type);
  if (session) query.set('session', session);
  if (before) query.set('before', before);
  const list = useJson<{ issues: ExplorerIssue[]; next: number | null }>(`/apps/${encodeURIComponent(appId)}/issues?${query}`);
  return (
    <>
      <div className="card issue-filters">
        <SelectField label="Type" value={type} choices={TYPE_CHOICES} onChange={(value) => change({ type: value, before: undefined })} />
        {session ? (
          <span className="chip">
            Session <strong>{session}</strong>
            <button type="button" className="chip-remove" aria-label="Issues of every session" onClick={() => change({ session: undefined, before: undefined })}>
              ×
            </button>
          </span>
        ) : null}
      </div>
      <Results loaded={list} items={(data) => data.issues} empty="No issues.">
        {(issues) => (
          <table className="table issues-table">
            <caption>{before ? 'Older issues, newest first' : 'Newest first'}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Device</th>
                <th scope="col">Received</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.uid}>
                  <td>
                    <Link href={href(issuePath(issue.uid), appId)}>{issue.title || '(untitled)'}</Link>
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
        )}
      </Results>
      <div className="actions">
        {before ? (
          <button type="button" className="button" onClick={() => change({ before: undefined })}>
            Newest issues
          </button>
        ) : null}
        {list.state === 'ready' && list.data.next !== null ? (
          <button type="button" className="button" onClick={() => change({ before: String(list.data.next) })}>
            Older issues
          </button>
        ) : null}
      </div>
    </>
  );
}
