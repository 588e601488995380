// The lines around a chosen log, in its session, in time order (or newest first, as the stream is), the log itself
// marked: on an issue's page and in the stream's context (Context.tsx).
import { useEffect, useRef, useState } from 'react';
import type { AroundLogs } from '../api.ts';
import { LogRow } from './LogRow.tsx';

export function AroundView({
  around,
  appId,
  label,
  newestFirst = false,
}: {
  around: AroundLogs;
  appId: string;
  label: string;
  newestFirst?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(around.target.id);
  const target = useRef<HTMLLIElement>(null);
  // (A block, not an expression: scrollIntoView returns a promise in newer Chromium, which React would take for a clean-up.)
  useEffect(() => {
    void target.current?.scrollIntoView({ block: 'center' });
  }, [around.target.id]);
  const now = Date.now();
  return (
    <ol className="line-list" aria-label={label}>
      {(newestFirst ? [...around.logs].reverse() : around.logs).map((log) => (
        <li
          key={log.id}
          ref={log.id === around.target.id ? target : undefined}
          aria-current={log.id === around.target.id ? 'true' : undefined}
        >
          <LogRow
            log={log}
            appId={appId}
            now={now}
            highlight={log.id === around.target.id}
            open={open === log.id}
            onToggle={() => setOpen(open === log.id ? null : log.id)}
          />
        </li>
      ))}
    </ol>
  );
}
