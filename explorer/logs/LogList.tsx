// The stream as a virtualised list (@tanstack/react-virtual): only the rows in view are in the page, so a
// stream of any length scrolls smoothly; rows are measured as they render, since an opened log is taller.
// Reaching the end loads the next keyset page.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { ExplorerLog } from '../api.ts';
import { LogRow } from './LogRow.tsx';

export function LogList({
  logs,
  appId,
  more,
  onEnd,
  label,
  busy = false,
}: {
  busy?: boolean;
  logs: ExplorerLog[];
  appId: string;
  more: boolean;
  onEnd(): void;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [now, setNow] = useState(() => Date.now());
  // Relative times move on.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const virtualizer = useVirtualizer({
    count: logs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 56,
    overscan: 8,
    getItemKey: (index) => logs[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (more && lastShown >= logs.length - 20) onEnd();
  }, [lastShown, logs.length, more, onEnd]);

  return (
    <div ref={scroller} className="log-list" role="region" aria-label={label} aria-busy={busy} tabIndex={0}>
      <div
        className="log-list-inner"
        ref={(element) => element?.style.setProperty('height', `${virtualizer.getTotalSize()}px`)}
      >
        {items.map((item) => {
          const log = logs[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              className="log-slot"
              ref={(element) => {
                if (!element) return;
                element.style.transform = `translateY(${item.start}px)`;
                virtualizer.measureElement(element);
              }}
            >
              <LogRow
                log={log}
                appId={appId}
                now={now}
                open={open.has(log.id)}
                onToggle={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (!next.delete(log.id)) next.add(log.id);
                    return next;
                  })
                }
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
