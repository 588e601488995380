// The log stream a view shows: keyset pages loaded as the list scrolls, and the live tail (polling the API with
// a cursor). Memory stays bounded: the list keeps at most MAX_ROWS logs; while tailing, the oldest give way and
// the next page starts after the last kept log, so scrolling down still reaches them.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getJson, type ExplorerLog, type LogPage, type ScanProgress } from '../api.ts';

export const MAX_ROWS = 20_000;
const TAIL_KEEP = 2_000;
const PAGE = 200;
/** New logs show within a second of arriving. */
export const TAIL_EVERY_MS = 700;

export interface LogStream {
  logs: ExplorerLog[];
  loading: boolean;
  /** The rows shown are the view's before its filters changed, while the new view's first page is read. */
  replacing: boolean;
  error: string;
  /** More (older) logs can be loaded as the list scrolls. */
  more: boolean;
  /** A search holding a fragment whose last page ended on its budget (docs/explorer.md#fragments): how far it read,
   * in all, and how far back; the list stops there until `searchFurther`. */
  scan: ScanProgress | undefined;
  searchFurther(): void;
  /** MAX_ROWS reached: the view says to narrow the filters. */
  full: boolean;
  loadMore(): void;
  tailing: boolean;
  setTailing(on: boolean): void;
  /** Logs the tail added since it started. */
  arrived: number;
}

/** The scan so far: each page's logs read added up, back to the last page's time. */
function scanned(before: ScanProgress | undefined, page: ScanProgress | undefined): ScanProgress | undefined {
  if (!page) return undefined;
  return {
    scanned: (before?.scanned ?? 0) + page.scanned,
    scannedTo: page.scannedTo ?? before?.scannedTo ?? null,
    complete: page.complete,
  };
}

const cursorOf = (log: ExplorerLog) => `${log.at}_${log.id}`;

export function useLogStream(appId: string, filters: string): LogStream {
  const base = `/apps/${encodeURIComponent(appId)}/logs`;
  const [logs, setLogs] = useState<ExplorerLog[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [replacing, setReplacing] = useState(true);
  const [error, setError] = useState('');
  const [tailing, setTailing] = useState(false);
  const [arrived, setArrived] = useState(0);
  const [scan, setScan] = useState<LogStream['scan']>(undefined);
  const generation = useRef(0);
  const busy = useRef(false);
  /** The last log id the tail has seen, from the first page's on (docs/explorer-views.md#live-tail), kept across a
   * pause so that resuming shows what arrived meanwhile. */
  const tailAfter = useRef<number | undefined>(undefined);

  /** Reads a page of the stream (`before` a cursor, or the newest); `apply` takes it in unless the app or the
   * filters changed while it was read. */
  const readPage = useCallback(
    (before: string | null, apply: (page: LogPage) => void, failed: () => void = () => {}) => {
      const mine = generation.current;
      busy.current = true;
      setLoading(true);
      const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
      const done = () => {
        setLoading(false);
        busy.current = false;
      };
      getJson<LogPage>(`${base}?${filters}${filters ? '&' : ''}limit=${PAGE}${cursor}`).then(
        (page) => {
          if (mine !== generation.current) return;
          apply(page);
          setNext(page.next);
          setScan((before) => scanned(before, page.scan));
          done();
        },
        (failure: unknown) => {
          if (mine !== generation.current) return;
          setError(failure instanceof Error ? failure.message : String(failure));
          failed();
          done();
        },
      );
    },
    [base, filters],
  );

  // A new app or new filters: start again from the newest log. The rows shown stay, marked as replaced, until the
  // first page of the new view takes their place (or its failure clears them).
  useEffect(() => {
    ++generation.current;
    tailAfter.current = undefined;
    setReplacing(true);
    setNext(null);
    setError('');
    setArrived(0);
    setScan(undefined);
    readPage(
      null,
      (page) => {
        tailAfter.current = page.tail;
        setLogs(page.logs);
        setReplacing(false);
      },
      () => {
        setLogs([]);
        setReplacing(false);
      },
    );
  }, [readPage]);

  const loadMore = useCallback(() => {
    if (busy.current || !next || logs.length >= MAX_ROWS || scan?.complete === false) return;
    readPage(next, (page) => setLogs((shown) => [...shown, ...page.logs]));
  }, [readPage, next, logs.length, scan]);

  // Past a fragment's budget, only a person's "search further" reads on: each such read costs a budget of its own.
  const searchFurther = useCallback(() => {
    if (busy.current || !next || logs.length >= MAX_ROWS) return;
    readPage(next, (page) => setLogs((shown) => [...shown, ...page.logs]));
  }, [readPage, next, logs.length]);

  // The live tail: from where the first page was read (or where a paused tail stopped), every TAIL_EVERY_MS what
  // arrived after it.
  useEffect(() => {
    if (!tailing) return;
    const mine = generation.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const after = tailAfter.current;
        const query = `${filters}${filters ? '&' : ''}${after === undefined ? '' : `after=${after}`}`;
        const answer = await getJson<{ logs: ExplorerLog[]; last: number }>(`${base}/tail?${query}`);
        if (stopped || mine !== generation.current) return;
        tailAfter.current = answer.last;
        if (answer.logs.length > 0) {
          const fresh = [...answer.logs].reverse();
          setArrived((count) => count + fresh.length);
          setLogs((shown) => {
            const known = new Set(shown.map((log) => log.id));
            const all = [...fresh.filter((log) => !known.has(log.id)), ...shown];
            if (all.length <= TAIL_KEEP) return all;
            const kept = all.slice(0, TAIL_KEEP);
            setNext(cursorOf(kept.at(-1)!));
            return kept;
          });
        }
      } catch {
        // A failed poll is retried at the next tick.
      }
      if (!stopped) timer = setTimeout(poll, TAIL_EVERY_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [tailing, base, filters]);

  return {
    logs,
    loading,
    replacing,
    error,
    more: next !== null && scan?.complete !== false,
    scan,
    searchFurther,
    full: logs.length >= MAX_ROWS,
    loadMore,
    tailing,
    setTailing,
    arrived,
  };
}
