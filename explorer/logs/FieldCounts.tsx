// Counts by a field (docs/volume-and-counts.md#counts-by-a-field): the "Count by" box, and for a field other than the
// level, the view's logs over time stacked by the field's values, with the values' table beside, each row a filter.
// The address keeps the field as `split`, so a link or a saved view shows the same.
import { useState, type FormEvent } from 'react';
import type { FieldCounts as Counts } from '../../explorer-contract/field-counts.ts';
import { absoluteTime } from '../format.ts';
import { useZone } from '../time-zone.ts';
import { shownData, useJson } from '../use-json.ts';
import { useQuery } from '../use-query.ts';
import { ChartLeftOut } from './ChartLeftOut.tsx';
import { widthText } from './Histogram.tsx';
import { RefineButtonPair } from './RefineButtons.tsx';
import { hideSplit, onlySplit } from './split-refine.ts';
import { TableHead } from '../TableHead.tsx';

const BAR = 10;
const HEIGHT = 60;
/** How many colours the values take in turn (the theme's --series-0 on: explorer.css); other and none in greys. */
export const SERIES_COLOUR_COUNT = 10;
const colourOf = (value: Counts['values'][number], index: number) =>
  value.other
    ? 'var(--series-other)'
    : value.none
      ? 'var(--series-none)'
      : `var(--series-${index % SERIES_COLOUR_COUNT})`;

function SplitChart({ appId, filters, by }: { appId: string; filters: string; by: string }) {
  const zone = useZone();
  const [params] = useQuery();
  const q = params.get('q') ?? '';
  const answer = useJson<Counts>(
    `/apps/${encodeURIComponent(appId)}/logs/split?${filters}${filters ? '&' : ''}by=${encodeURIComponent(by)}`,
  );
  if (answer.state === 'failed') return <p className="notice-error">{answer.message}</p>;
  const shown = shownData(answer);
  if (shown === undefined) return null;
  const { values, buckets, bucketMs } = shown;
  if (buckets.length === 0) return <p className="muted">No logs to count.</p>;
  const highest = Math.max(1, ...buckets.map((bucket) => bucket.counts.reduce((a, b) => a + b, 0)));
  const total = values.reduce((sum, value) => sum + value.count, 0);
  const first = buckets[0]!.at;
  const last = buckets.at(-1)!.at + bucketMs;
  return (
    <div className="field-counts-body" aria-busy={answer.state === 'loading'}>
      <svg
        role="img"
        aria-label={`Logs over time by ${by}: ${total.toLocaleString('en')} logs, in bars of ${widthText(bucketMs)}`}
        viewBox={`0 0 ${buckets.length * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
      >
        {buckets.map((bucket, index) => {
          let y = HEIGHT;
          return (
            <g key={bucket.at}>
              <title>
                {`${absoluteTime(bucket.at, zone).slice(0, 19)}: ${values
                  .flatMap((value, i) => (bucket.counts[i]! > 0 ? [`${value.value} ${bucket.counts[i]}`] : []))
                  .join(', ')}`}
              </title>
              {values.map((value, i) => {
                const n = bucket.counts[i]!;
                if (n === 0) return null;
                const height = (n / highest) * HEIGHT;
                y -= height;
                return (
                  <rect
                    key={value.value}
                    x={index * BAR + 1}
                    y={y}
                    width={BAR - 2}
                    height={height}
                    style={{ fill: colourOf(value, i) }}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <p className="histogram-axis muted">
        <span>{absoluteTime(first, zone).slice(0, 19)}</span>
        <span>bars of {widthText(bucketMs)}</span>
        <span>{absoluteTime(last, zone).slice(0, 19)}</span>
      </p>
      <ChartLeftOut leftOut={shown.leftOut} />
      {shown.scan && !shown.scan.complete ? (
        <p className="muted">Counts of the {shown.scan.scanned.toLocaleString('en')} newest logs read.</p>
      ) : null}
      <table className="field-counts-table" aria-label={`Values of ${by}`}>
        <TableHead columns={[by, 'logs', { label: 'filter', hidden: true }]} />
        <tbody>
          {values.map((value, i) => (
            <tr key={value.value + (value.other ? ' other' : value.none ? ' none' : '')}>
              <td className="field-counts-value">
                <span className="field-counts-swatch" style={{ background: colourOf(value, i) }} />
                <span>{value.other || value.none ? <em>{value.value}</em> : value.value}</span>
              </td>
              <td className="field-counts-count">{value.count.toLocaleString('en')}</td>
              <td>
                {value.term ? (
                  <RefineButtonPair
                    name={`${by} ${value.value}`}
                    only={() => ({ q: onlySplit(q, by, value.term!) })}
                    hide={() => ({ q: hideSplit(q, by, value.term!) })}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FieldCounts({ appId, filters }: { appId: string; filters: string }) {
  const [params, change] = useQuery();
  const split = params.get('split') ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const by = (draft ?? split).trim();
    change({ split: by === '' || by === 'level' ? undefined : by });
    setDraft(null);
  };
  return (
    <section className="field-counts card" aria-label="Counts by a field">
      <form className="field-counts-form" onSubmit={submit}>
        <label>
          Count by{' '}
          <input
            name="split"
            list="field-counts-fields"
            placeholder="level"
            value={draft ?? split}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <datalist id="field-counts-fields">
          <option value="level" />
          <option value="tag" />
          <option value="version" />
        </datalist>
        <button type="submit" className="button">
          Count
        </button>
      </form>
      {split && split !== 'level' ? <SplitChart appId={appId} filters={filters} by={split} /> : null}
    </section>
  );
}
