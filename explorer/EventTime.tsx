// Event time first (docs/explorer.md#event-time-first): a time by the logs' own clock, and when it arrived beside it
// where the two differ by more than a minute; before any log, when it arrived, said so.
import { arrivedApart } from './format.ts';
import { Time } from './Time.tsx';

export function EventTime({
  at,
  arrived,
  none = 'no log yet',
  stacked = false,
}: {
  at: number | null | undefined;
  arrived: string;
  /** Why there is no event time (an issue group: its own lines are not kept). */
  none?: string;
  /** In a table's narrow cell: the arrival on a line of its own, so the column is no wider than one time. */
  stacked?: boolean;
}) {
  if (at === null || at === undefined)
    return (
      <>
        <Time value={arrived} /> <span className={stacked ? 'muted arrived-stacked' : 'muted'}>(arrived; {none})</span>
      </>
    );
  return (
    <>
      <Time value={at} />
      {arrivedApart(at, arrived) ? (
        stacked ? (
          <span className="muted arrived arrived-stacked">
            arrived <Time value={arrived} />
          </span>
        ) : (
          <span className="muted arrived">
            {' '}
            · arrived <Time value={arrived} />
          </span>
        )
      ) : null}
    </>
  );
}
