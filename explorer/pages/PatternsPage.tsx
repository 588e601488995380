// Patterns (docs/explorer.md#patterns): the stream's query (its filters and range; the last hour when it names none)
// grouped into templates, with counts, first and last seen, and the patterns the range before did not have.
import { Link } from 'wouter';
import type { LogPattern, PatternSample, PatternsAnswer } from '../api.ts';
import { absoluteTime, countOf } from '../format.ts';
import { SavedViews } from '../insight/SavedViews.tsx';
import { filterQuery } from '../logs/filter-params.ts';
import { LineText } from '../logs/LineText.tsx';
import { LogFilters } from '../logs/LogFilters.tsx';
import { Results } from '../Results.tsx';
import { useTags } from '../kept-answers.ts';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { useQuery } from '../use-query.ts';
import { TableHead } from '../TableHead.tsx';

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

function describeSample(sample: PatternSample): string {
  const range = `${absoluteTime(sample.from)} to ${absoluteTime(sample.to)}`;
  if (sample.complete) return `all ${countOf(sample.sampled, 'line')} from ${range}`;
  return `a sample of ${countOf(sample.sampled, 'line')} from ${range} (the newest of each twentieth of it)`;
}

/** What "New" compares with: the range before. With no lines there, no pattern is new (the service marks none). */
function describePrevious(previous: PatternSample): string {
  if (previous.sampled === 0)
    return `The range before, ${absoluteTime(previous.from)} to ${absoluteTime(previous.to)}, had no lines: none is marked “New”.`;
  return `“New” marks a pattern that ${describeSample(previous)} did not have.`;
}

/** The stream's address for a pattern's lines: the same filters and range, searching the pattern's words. */
function linesOf(params: URLSearchParams, answer: PatternsAnswer, pattern: LogPattern): string {
  const query = new URLSearchParams(params);
  query.set('from', new Date(answer.from).toISOString());
  query.set('to', new Date(answer.to).toISOString());
  if (pattern.words) query.set('q', pattern.words);
  return `/logs?${query}`;
}

export function PatternsPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const tags = useTags(appId);
  const answer = useJson<PatternsAnswer>(`/apps/${encodeURIComponent(appId)}/patterns?${filterQuery(params)}`);
  return (
    <>
      <SavedViews appId={appId} />
      <LogFilters params={params} change={change} tags={tags} />
      <p>
        <Link href={`/logs?${params}`}>These logs in the stream</Link>
      </p>
      <Results loaded={answer} items={(data) => data.patterns} empty="No logs in this range.">
        {(patterns, data) => (
          <>
            <p className="muted pattern-summary">
              Patterns of {describeSample(data)}. {describePrevious(data.previous)}
            </p>
            <table className="table patterns-table">
              <caption>Most lines first</caption>
              <TableHead
                columns={[
                  'Pattern',
                  { label: 'Lines', num: true },
                  { label: 'Share', num: true },
                  'First seen',
                  'Last seen',
                  { label: 'Links', hidden: true },
                ]}
              />
              <tbody>
                {patterns.map((pattern) => (
                  <tr key={pattern.template} className={pattern.is_new ? 'pattern-is-new' : undefined}>
                    <td>
                      <code className="pattern">{pattern.template || '(no text)'}</code>{' '}
                      {pattern.is_new ? <span className="status pattern-new">New</span> : null}
                      <div className="muted pattern-example">
                        e.g. <LineText tag={pattern.example_tag} text={pattern.example} />
                      </div>
                    </td>
                    <td className="num">{pattern.count.toLocaleString('en')}</td>
                    <td className="num">{percent.format(pattern.share)}</td>
                    <td className="nowrap">{absoluteTime(pattern.first_seen)}</td>
                    <td className="nowrap">{absoluteTime(pattern.last_seen)}</td>
                    <td>
                      <Link href={linesOf(params, data, pattern)}>Show lines</Link>
                      <br />
                      <Link href={`/sequences?${new URLSearchParams({ app: appId, a: pattern.template })}`}>
                        Then what?
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Results>
    </>
  );
}
