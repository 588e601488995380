// A network line's text as columns: method, status (or the error's name), URL and duration; the URL with the
// search's hits and redactions marked as any text is (docs/explorer-views.md#network-lines).
import type { NetworkColumns } from './network-line.ts';
import { Highlighted } from './Highlighted.tsx';

export function NetworkText({ columns }: { columns: NetworkColumns }) {
  const failed = !/^[123]\d\d$/.test(columns.outcome) && columns.outcome !== 'beacon';
  return (
    <span className="net-line">
      <span className="net-method">{columns.method}</span>{' '}
      <span className={`net-status${failed ? ' is-failed' : ''}`}>{columns.outcome}</span>{' '}
      <span className="net-url">
        <Highlighted text={columns.url} />
      </span>
      {columns.duration ? (
        <>
          {' '}
          <span className="net-duration muted">{columns.duration}</span>
        </>
      ) : null}
    </span>
  );
}
