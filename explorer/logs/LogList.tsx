// The stream as a virtualised list (@tanstack/react-virtual) in the page's own scroll: only the rows in view are in
// the page, so a stream of any length scrolls smoothly, and nothing scrolls inside a box of its own
// (docs/explorer.md#the-screen). Rows are measured as they render, since a row whose whole text was asked for is
// taller. Reaching the end loads the next keyset page. One row is the chosen one: a click or ↑/↓ chooses it (the
// panel beside the list shows it), Enter follows its link.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ExplorerLog } from '../api.ts';
import { aroundHref } from './LogActions.tsx';
import { LOG_PANEL } from './LogPanel.tsx';
import { LogRow } from './LogRow.tsx';

/** A one-line row's height, which the list starts from before it measures. */
const ROW = 27;

export function LogList({
  logs,
  appId,
  more,
  onEnd,
  label,
  busy = false,
  chosen,
  onChoose,
  landed,
}: {
  busy?: boolean;
  logs: ExplorerLog[];
  appId: string;
  more: boolean;
  onEnd(): void;
  label: string;
  /** The chosen log's id, if any. */
  chosen: number | undefined;
  onChoose(id: number | undefined): void;
  /** A log the view jumped to: scrolled into view once it shows. */
  landed?: number | undefined;
}) {
  const list = useRef<HTMLDivElement>(null);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [now, setNow] = useState(() => Date.now());
  // Relative times move on.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  // Where the list begins in the page: what is above it (filters unfolded, a histogram loaded) moves it.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (list.current) setMargin(Math.round(list.current.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: logs.length,
    estimateSize: () => ROW,
    overscan: 8,
    scrollMargin: margin,
    getItemKey: (index) => logs[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (more && lastShown >= logs.length - 20) onEnd();
  }, [lastShown, logs.length, more, onEnd]);

  const landedIndex = landed === undefined ? -1 : logs.findIndex((log) => log.id === landed);
  useEffect(() => {
    if (landedIndex >= 0) virtualizer.scrollToIndex(landedIndex, { align: 'center' });
    // Once per jump: not again as pages load around it.
  }, [landed, landedIndex >= 0]);

  const chosenIndex = chosen === undefined ? -1 : logs.findIndex((log) => log.id === chosen);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const index = chosenIndex < 0 ? 0 : Math.min(logs.length - 1, Math.max(0, chosenIndex + step));
      onChoose(logs[index]!.id);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      // The list, not a button of the row left behind, takes the next key.
      list.current?.focus({ preventScroll: true });
    } else if (event.key === 'Enter' && event.target === event.currentTarget && chosenIndex >= 0) {
      event.preventDefault();
      navigate(aroundHref(search, appId, logs[chosenIndex]!));
    } else if (event.key === 'Escape' && chosen !== undefined) {
      onChoose(undefined);
    }
  }

  return (
    <div
      ref={list}
      className="log-list"
      role="region"
      aria-label={label}
      aria-busy={busy}
      aria-describedby="log-list-keys"
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <p id="log-list-keys" className="visually-hidden">
        ↑ and ↓ choose a log, Enter opens it, Escape closes it.
      </p>
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
                element.style.transform = `translateY(${item.start - margin}px)`;
                virtualizer.measureElement(element);
              }}
            >
              <LogRow
                log={log}
                appId={appId}
                now={now}
                panel={LOG_PANEL}
                open={chosen === log.id}
                chosen={chosen === log.id}
                highlight={landed === log.id}
                onToggle={() => onChoose(chosen === log.id ? undefined : log.id)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
