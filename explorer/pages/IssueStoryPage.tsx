// An issue group's story (docs/explorer.md#an-issues-story): the last lines before each occurrence, aligned on it
// (each line's time from the occurrence), and the patterns that come before it far more often than at the end of
// sessions without it.
import { Link } from 'wouter';
import { DeviceWho } from '../DeviceWho.tsx';
import { LineText } from '../logs/LineText.tsx';
import { issuePath } from '../address.ts';
import type { IssueStory, StoryOccurrence, StoryPattern } from '../api.ts';
import { absoluteTime, levelOf } from '../format.ts';
import { Layout } from '../Layout.tsx';
import { LoadState } from '../LoadState.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { TableHead } from '../TableHead.tsx';

/** "−12.3 s" before the occurrence. */
const offset = (ms: number) => (ms === 0 ? '0 s' : `−${(Math.abs(ms) / 1000).toFixed(1)} s`);

function Standouts({ story }: { story: IssueStory }) {
  const standing = story.patterns.filter((pattern) => pattern.stands_out);
  const n = story.occurrences.length;
  if (story.compared === 0) return <p className="muted">No session without it to compare with.</p>;
  if (standing.length === 0)
    return (
      <p className="muted">
        No pattern comes before it far more often than at the end of the {story.compared} sessions without it.
      </p>
    );
  return (
    <table className="table story-table">
      <caption>Before it far more often than at the end of the {story.compared} sessions without it</caption>
      <TableHead
        columns={[
          'Pattern',
          { label: 'Before it', num: true },
          { label: 'Elsewhere', num: true },
          { label: 'Ratio', num: true },
        ]}
      />
      <tbody>
        {standing.map((pattern: StoryPattern) => (
          <tr key={pattern.template}>
            <td>
              <code className="pattern">{pattern.template || '(no text)'}</code>
            </td>
            <td className="num">
              {pattern.before} of {n}
            </td>
            <td className="num">
              {pattern.elsewhere} of {story.compared}
            </td>
            <td className="num">{pattern.ratio.toFixed(1)}×</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Occurrence({ appId, occurrence, story }: { appId: string; occurrence: StoryOccurrence; story: IssueStory }) {
  const { issue } = occurrence;
  return (
    <section className="story-occurrence" aria-label={`Before ${issue.uid}`}>
      <h3>
        <Link href={href(issuePath(issue.uid), appId)}>{issue.title || '(untitled)'}</Link>{' '}
        <span className="muted">
          on <DeviceWho appId={appId} device={{ ...issue, name: issue.device_name }} />,{' '}
          {absoluteTime(Date.parse(issue.received_at))}, session{' '}
          <Link href={href('/logs', appId, { session: issue.session_uid })}>{issue.session_uid}</Link>
        </span>
      </h3>
      {occurrence.lines.length === 0 ? (
        <p className="muted">Its session has no logs.</p>
      ) : (
        <ol className="line-list">
          {occurrence.lines.map(({ log, pattern, offset: ms }) => {
            const standsOut = story.patterns[pattern]?.stands_out === true;
            const level = levelOf(log.ll);
            return (
              <li key={log.id} className={standsOut ? 'story-line stands-out' : 'story-line'}>
                <span className="story-offset">{offset(ms)}</span>{' '}
                <span className={`level-badge level-${level.name}`}>{level.label}</span>{' '}
                <span className="log-text-plain">
                  <LineText tag={log.tg} text={log.t ?? ''} />
                </span>
                {standsOut ? ' ' : null}
                {standsOut ? <span className="status stands-out-mark">stands out</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function IssueStoryPage({ id }: { id: string }) {
  const appId = useAppId();
  const story = useJson<IssueStory>(
    appId ? `/apps/${encodeURIComponent(appId)}/issue-groups/${encodeURIComponent(id)}/story` : null,
  );
  if (story.state !== 'ready' || !appId) {
    return (
      <Layout title={story.state === 'failed' ? 'Issue group not found' : 'Before the issue'}>
        <LoadState loaded={story} />
      </Layout>
    );
  }
  const data = story.data;
  return (
    <Layout title={`Before: ${data.group.title || '(untitled)'}`}>
      <p>
        <Link href={href(`/issue-groups/${data.group.id}`, appId)}>The issue group</Link>
      </p>
      <p className="muted">
        The last {data.lines} lines before each of its {data.occurrences.length} newest occurrences, in their sessions,
        each line's time counted from the occurrence; compared with the last {data.lines} lines of {data.compared}{' '}
        sessions without it.
      </p>
      <h2>What stands out</h2>
      <Standouts story={data} />
      <h2>Before each occurrence</h2>
      {data.occurrences.map((occurrence) => (
        <Occurrence key={occurrence.issue.uid} appId={appId} occurrence={occurrence} story={data} />
      ))}
    </Layout>
  );
}
