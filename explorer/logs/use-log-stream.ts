// The log stream a view shows: keyset pages loaded as the list scrolls, and the live tail (polling the API with
// a cursor). Memory stays bounded: the list keeps at most MAX_ROWS logs; while tailing, the oldest give way and
// the next page starts after the last kept log, so scrolling down still reaches them.
// Newest first (the stream's order) or oldest first (a session's, docs/explorer.md#a-session-read-top-to-bottom), and
// from a time jumped to: pages load below the rows as the list scrolls, and above them when asked (`loadAbove`).
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
  /** More logs can be loaded below the rows as the list scrolls (older ones newest first, newer ones oldest first). */
  more: boolean;
  /** More logs may lie above the rows (after a jump; or newer ones once the tail dropped them): `loadAbove` reads
   * them. */
  moreAbove: boolean;
  loadAbove(): void;
  /** After a jump, the first log at or after its time (undefined when none is). */
  landed: number | undefined;
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

/** How a view reads its stream: oldest first or newest first, and from a time (ms) when one was jumped to. */
export interface StreamOrder {
  oldestFirst: boolean;
  jump?: number | undefined;
}

/** The query of a page: `before` a cursor pages newest first, `after` one oldest first (the API's own rule). */
const pageQuery = (direction: 'older' | 'newer', cursor: string | null) =>
  cursor === null
    ? direction === 'newer'
      ? '&order=oldest'
      : ''
    : `&${direction === 'older' ? 'before' : 'after'}=${encodeURIComponent(cursor)}`;

export function useLogStream(appId: string, filters: string, order: StreamOrder = { oldestFirst: false }): LogStream {
  const base = `/apps/${encodeURIComponent(appId)}/logs`;
  const { oldestFirst, jump } = order;
  /** The way the list reads downwards, and upwards. */
  const down = oldestFirst ? 'newer' : 'older';
  const up = oldestFirst ? 'older' : 'newer';
  const [logs, setLogs] = useState<ExplorerLog[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [above, setAbove] = useState<string | null>(null);
  const [landed, setLanded] = useState<number | undefined>(undefined);
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

  /** Reads a page of the stream `direction` from `cursor` (from the newest or the oldest log when null); `apply`
   * takes it in unless the app, the filters or the order changed while it was read. The page's `next` is the cursor
   * on in its direction: `keep` says where it goes. */
  const readPage = useCallback(
    (
      direction: 'older' | 'newer',
      cursor: string | null,
      apply: (page: LogPage) => void,
      keep: (next: string | null) => void,
      failed: () => void = () => {},
    ) => {
      const mine = generation.current;
      busy.current = true;
      setLoading(true);
      const done = () => {
        setLoading(false);
        busy.current = false;
      };
      getJson<LogPage>(`${base}?${filters}${filters ? '&' : ''}limit=${PAGE}${pageQuery(direction, cursor)}`).then(
        (page) => {
          if (mine !== generation.current) return;
          apply(page);
          keep(page.next);
          // A fragment's scan reads newest first: what it read is the stream's, not a page read above a jump's.
          if (direction === 'older' && !oldestFirst && jump === undefined)
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
    [base, filters, oldestFirst, jump],
  );

  // A new app, new filters or a new order: start again from the newest log, the oldest, or the time jumped to. The
  // rows shown stay, marked as replaced, until the first page of the new view takes their place (or its failure
  // clears them).
  useEffect(() => {
    ++generation.current;
    tailAfter.current = undefined;
    setReplacing(true);
    setNext(null);
    setAbove(null);
    setError('');
    setArrived(0);
    setScan(undefined);
    setLanded(undefined);
    const failed = () => {
      setLogs([]);
      setReplacing(false);
    };
    if (jump === undefined) {
      readPage(
        down,
        null,
        (page) => {
          tailAfter.current = page.tail;
          setLogs(page.logs);
          setReplacing(false);
        },
        setNext,
        failed,
      );
      return;
    }
    // A jump reads on from its time, oldest first (`<ms>_0`: the first log at that time included); newest first, the
    // page is turned over, the log landed on at its foot.
    readPage(
      'newer',
      `${jump}_0`,
      (page) => {
        const first = page.logs[0];
        setLanded(first?.id);
        // The other way from the log landed on (or from the time, when no log is at or after it).
        const back = first ? cursorOf(first) : `${jump}_0`;
        setLogs(oldestFirst ? page.logs : [...page.logs].reverse());
        if (oldestFirst) setAbove(back);
        else setNext(back);
        setReplacing(false);
      },
      (after) => (oldestFirst ? setNext(after) : setAbove(after)),
      failed,
    );
  }, [readPage, oldestFirst, jump, down]);

  const loadMore = useCallback(() => {
    if (busy.current || !next || logs.length >= MAX_ROWS || scan?.complete === false) return;
    readPage(down, next, (page) => setLogs((shown) => [...shown, ...page.logs]), setNext);
  }, [readPage, next, logs.length, scan, down]);

  // Above the rows: the page read away from them, turned over to end where they begin.
  const loadAbove = useCallback(() => {
    if (busy.current || !above || logs.length >= MAX_ROWS) return;
    readPage(up, above, (page) => setLogs((shown) => [...[...page.logs].reverse(), ...shown]), setAbove);
  }, [readPage, above, logs.length, up]);

  // Past a fragment's budget, only a person's "search further" reads on: each such read costs a budget of its own.
  const searchFurther = useCallback(() => {
    if (busy.current || !next || logs.length >= MAX_ROWS) return;
    readPage(down, next, (page) => setLogs((shown) => [...shown, ...page.logs]), setNext);
  }, [readPage, next, logs.length, down]);

  // The live tail: from where the first page was read (or where a paused tail stopped), every TAIL_EVERY_MS what
  // arrived after it.
  useEffect(() => {
    // The tail adds at the top: only to the newest-first stream, not one read from a time.
    if (!tailing || oldestFirst || jump !== undefined) return;
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
  }, [tailing, base, filters, oldestFirst, jump]);

  return {
    logs,
    loading,
    replacing,
    error,
    more: next !== null && scan?.complete !== false,
    moreAbove: above !== null,
    loadAbove,
    landed,
    scan,
    searchFurther,
    full: logs.length >= MAX_ROWS,
    loadMore,
    tailing,
    setTailing,
    arrived,
  };
}
