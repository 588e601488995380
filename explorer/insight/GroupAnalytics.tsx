// An issue group's analytics on its page (docs/explorer.md#an-issue-groups-analytics): its occurrences per day, by app
// version, OS and browser, when it was first seen (arrival, the device's own clock, the oldest version), and "Resolve
// in version" (docs/explorer.md#resolved-in-a-version), after which only an occurrence from that version or a later
// one reopens it.
import { useState, type FormEvent } from 'react';
import type { GroupAnalytics as Analytics } from '../../explorer-contract/group-analytics.types.ts';
import { postJson, refusal } from '../api.ts';
import { absoluteTime } from '../format.ts';
import { useJson } from '../use-json.ts';
import { ProblemNotice } from '../ProblemNotice.tsx';
import { TableHead } from '../TableHead.tsx';

function Counts({ title, rows }: { title: string; rows: { value: string; count: number }[] }) {
  return (
    <table className="group-counts" aria-label={`Occurrences by ${title.toLowerCase()}`}>
      <TableHead columns={[title, 'occurrences']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.value}>
            <td>{row.value}</td>
            <td className="group-counts-count">{row.count.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The day chart's width in days at least: a group of a few days draws a few narrow bars, not one as wide as the
 * card. */
const MIN_DAY_SLOTS = 14;

/** What the day chart shows, in words: its days are the collector's (UTC), from the first occurrence kept to the
 * last. */
function daysCaption(days: Analytics['days']): string {
  const [first, last] = [days[0]?.day, days.at(-1)?.day];
  if (!first || !last) return 'Occurrences per day (UTC): none kept';
  return first === last ? `Occurrences on ${first} (UTC)` : `Occurrences per day (UTC), ${first} to ${last}`;
}

export function GroupAnalytics({
  appId,
  groupId,
  refresh,
  onChanged,
}: {
  appId: string;
  groupId: number;
  refresh: number;
  onChanged(): void;
}) {
  const loaded = useJson<Analytics>(`/apps/${encodeURIComponent(appId)}/issue-groups/${groupId}/analytics`, refresh);
  const [fix, setFix] = useState('');
  const [problem, setProblem] = useState('');
  if (loaded.state !== 'ready') return null;
  const analytics = loaded.data;
  const highest = Math.max(1, ...analytics.days.map((day) => day.count));
  async function resolveIn(event: FormEvent) {
    event.preventDefault();
    const answer = await postJson(`/apps/${encodeURIComponent(appId)}/issue-groups/${groupId}/status`, {
      status: 'resolved',
      version: fix.trim(),
    });
    if (answer.status !== 200) return setProblem(refusal(answer));
    setProblem('');
    setFix('');
    onChanged();
  }
  return (
    <section className="group-analytics card" aria-label="Analytics">
      <h2>Analytics</h2>
      <dl className="facts">
        <dt>First seen, by the device</dt>
        <dd>{analytics.first_seen.logged === null ? 'no line logged' : absoluteTime(analytics.first_seen.logged)}</dd>
        <dt>First seen in version</dt>
        <dd>{analytics.first_seen.version ?? 'no version'}</dd>
        <dt>Resolved in</dt>
        <dd>{analytics.resolved_in ?? 'no version'}</dd>
      </dl>
      <p className="group-days-caption">{daysCaption(analytics.days)}</p>
      <svg
        className="group-days"
        role="img"
        aria-label={`Occurrences per day: ${analytics.days.map((day) => `${day.day} ${day.count}`).join(', ')}`}
        viewBox={`0 0 ${Math.max(MIN_DAY_SLOTS, analytics.days.length) * 10} 40`}
        preserveAspectRatio="none"
      >
        {analytics.days.map((day, index) => (
          <rect
            key={day.day}
            x={index * 10 + 1}
            y={40 - (day.count / highest) * 40}
            width={8}
            height={(day.count / highest) * 40}
          >
            <title>{`${day.day}: ${day.count}`}</title>
          </rect>
        ))}
      </svg>
      <div className="group-breakdown">
        <Counts title="Version" rows={analytics.versions} />
        <Counts title="OS" rows={analytics.os} />
        <Counts title="Browser" rows={analytics.browsers} />
      </div>
      <form className="group-fix" onSubmit={(event) => void resolveIn(event)}>
        <label>
          Resolve in version <input value={fix} onChange={(event) => setFix(event.target.value)} placeholder="2.4.1" />
        </label>{' '}
        <button type="submit" className="button" disabled={fix.trim() === ''}>
          Resolve in version
        </button>
      </form>
      <ProblemNotice problem={problem} />
    </section>
  );
}
