// Issues one by one (a group's occurrences, a session's issues), newest first, a page at a time by keyset: `before`
// in the address is the last issue of the page before, so a page is a link.
import { DeviceWho, useWhoLabels } from '../DeviceWho.tsx';
import { Link } from 'wouter';
import { issuePath } from '../address.ts';
import type { GroupOccurrences, IssueType } from '../api.ts';
import { absoluteTime } from '../format.ts';
import { Pager } from '../Pager.tsx';
import { shownData, useJson } from '../use-json.ts';
import { href, useQuery } from '../use-query.ts';
import { RedactedText } from '../RedactedText.tsx';
import { ResultsTable } from '../ResultsTable.tsx';

export const ISSUE_TYPE_LABELS: Record<string, string> = {
  issue: 'Issue',
  crash: 'Crash',
  'user-feedback': 'User feedback',
} satisfies Record<IssueType, string>;
/** An issue's type, as a badge. */
export const TypeBadge = ({ type }: { type: string }) => (
  <span className={`status issue-${type}`}>{ISSUE_TYPE_LABELS[type] ?? type}</span>
);

const PAGE = 200;

/** `path`: the API's list (`…/issue-groups/{id}/occurrences`, `…/issues?session=`), its query ending in `?` or `&`;
 * `noun`: what the pager's buttons name ("occurrences", "issues"). */
export function IssueList({ appId, path, noun, empty }: { appId: string; path: string; noun: string; empty: string }) {
  const [params, change] = useQuery();
  const before = params.get('before') ?? '';
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (before) query.set('before', before);
  const list = useJson<GroupOccurrences>(`${path}${query}`);
  const who = useWhoLabels(shownData(list)?.issues.map((issue) => ({ ...issue, name: issue.device_name })));
  return (
    <>
      <ResultsTable
        loaded={list}
        items={(data) => data.issues}
        empty={empty}
        className="occurrences-table"
        caption={before ? `Older ${noun}, newest first` : 'Newest first'}
        columns={['Title', 'Type', 'Device', 'Session', 'Received']}
        row={(issue) => (
          <tr key={issue.uid}>
            <td>
              <Link href={href(issuePath(issue.uid), appId)}>
                {issue.title ? <RedactedText text={issue.title} /> : '(untitled)'}
              </Link>
            </td>
            <td>
              <TypeBadge type={issue.type} />
            </td>
            <td>
              <DeviceWho appId={appId} device={{ ...issue, name: issue.device_name }} label={who.get(issue.udid)} />
            </td>
            <td>
              <Link className="session-id" href={href('/logs', appId, { session: issue.session_uid })}>
                {issue.session_uid}
              </Link>
            </td>
            <td className="nowrap">{absoluteTime(Date.parse(issue.received_at))}</td>
          </tr>
        )}
      />
      <Pager
        back={!!before && { label: `Newest ${noun}`, go: () => change({ before: undefined }) }}
        forward={
          list.state === 'ready' &&
          list.data.next !== null && { label: `Older ${noun}`, go: () => change({ before: String(list.data.next) }) }
        }
      />
    </>
  );
}
