// Issues grouped by fingerprint (docs/explorer.md#issue-groups), most recently seen first: searched by title, by
// type and status (open by default), a page of 100 at a time. With `session` in the address (from the sessions
// list), that session's issues one by one instead, newest first, paged by keyset.
import { EventTime } from '../EventTime.tsx';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import type { IssueGroup } from '../api.ts';
import { IssueList, ISSUE_TYPE_LABELS, TypeBadge } from '../insight/IssueList.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { SelectField, SubmitButton, TextField } from '../Field.tsx';
import { Pager } from '../Pager.tsx';
import { href, useDraft, useQuery } from '../use-query.ts';
import { RedactedText } from '../RedactedText.tsx';
import { ScopeChip } from '../ScopeChip.tsx';
import { ResultsTable } from '../ResultsTable.tsx';

const STATUS_LABELS: Record<IssueGroup['status'], string> = {
  open: 'Open',
  resolved: 'Resolved',
  muted: 'Muted',
};
const PAGE = 100;
const TYPE_CHOICES = [
  { value: '', label: 'All types' },
  ...Object.entries(ISSUE_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];
const STATUS_CHOICES = [
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
  { value: 'all', label: 'Any status' },
];

export const StatusBadge = ({ status }: { status: IssueGroup['status'] }) => (
  <span className={`status group-${status}`}>{STATUS_LABELS[status]}</span>
);

function Groups({
  appId,
  params,
  change,
}: {
  appId: string;
  params: URLSearchParams;
  change(changes: Record<string, string | undefined>): void;
}) {
  const [q, setQ] = useDraft(params, 'q');
  const type = params.get('type') ?? '';
  const status = params.get('status') || 'open';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (params.get('q')) query.set('q', params.get('q')!);
  if (type) query.set('type', type);
  if (status !== 'all') query.set('status', status);
  const list = useJson<{ groups: IssueGroup[]; more: boolean }>(
    `/apps/${encodeURIComponent(appId)}/issue-groups?${query}`,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ q: q.trim(), offset: undefined });
  };
  return (
    <>
      <form className="card issue-filters" aria-label="Issue filters" onSubmit={submit}>
        <TextField label="Title" wide type="search" value={q} onChange={setQ} placeholder="words of the title" />
        <SelectField
          label="Type"
          value={type}
          choices={TYPE_CHOICES}
          onChange={(value) => change({ type: value, offset: undefined })}
        />
        <SelectField
          label="Status"
          value={status}
          choices={STATUS_CHOICES}
          onChange={(value) => change({ status: value === 'open' ? undefined : value, offset: undefined })}
        />
        <SubmitButton>Search</SubmitButton>
      </form>
      <ResultsTable
        loaded={list}
        items={(data) => data.groups}
        empty="No issues."
        className="issues-table"
        caption="Issues grouped by fingerprint, most recently seen first"
        columns={[
          'Title',
          'Type',
          'Status',
          { label: 'Occurrences', num: true },
          { label: 'Devices', num: true },
          'First seen',
          'Last seen',
        ]}
        row={(group) => (
          <tr key={group.id}>
            <td>
              <Link href={href(`/issue-groups/${group.id}`, appId)}>
                {group.title ? <RedactedText text={group.title} /> : '(untitled)'}
              </Link>
              {group.last_title !== group.title ? (
                <div className="muted">
                  latest: <RedactedText text={group.last_title} />
                </div>
              ) : null}
            </td>
            <td>
              <TypeBadge type={group.type} />
            </td>
            <td>
              <StatusBadge status={group.status} />
            </td>
            <td className="num">{group.occurrences.toLocaleString('en')}</td>
            <td className="num">{group.devices.toLocaleString('en')}</td>
            <td className="nowrap">
              <EventTime at={group.first_at} arrived={group.first_seen} none="its own line is not kept" stacked />
            </td>
            <td className="nowrap">
              <EventTime at={group.last_at} arrived={group.last_seen} none="its own line is not kept" stacked />
            </td>
          </tr>
        )}
      />
      <Pager
        back={offset > 0 && { label: 'First issues', go: () => change({ offset: undefined }) }}
        forward={
          list.state === 'ready' &&
          list.data.more && { label: 'More issues', go: () => change({ offset: String(offset + PAGE) }) }
        }
      />
    </>
  );
}

/** One session's issues, one by one. */
function SessionIssues({
  appId,
  session,
  change,
}: {
  appId: string;
  session: string;
  change(changes: Record<string, string | undefined>): void;
}) {
  return (
    <>
      <ScopeChip
        title="Session"
        value={session}
        removeLabel="Issues of every session"
        onRemove={() => change({ session: undefined, before: undefined })}
      />
      <IssueList
        appId={appId}
        path={`/apps/${encodeURIComponent(appId)}/issues?${new URLSearchParams({ session })}&`}
        noun="issues"
        empty="No issues."
      />
    </>
  );
}

export function IssuesPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const session = params.get('session');
  return session ? (
    <SessionIssues appId={appId} session={session} change={change} />
  ) : (
    <Groups appId={appId} params={params} change={change} />
  );
}
