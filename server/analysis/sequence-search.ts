// Sessions by sequence (docs/explorer.md#sessions-by-sequence): sessions where a line of A was logged and then a line
// of B within T. Every line of each term in the range is read through the explorer's queries (the stream's search,
// exact on either store), and each session's lines are walked in time order: for each A, the first B after it is
// the nearest, so a session matches when that B is within T of some A.
import type { SequenceMatch, SequencesAnswer } from '../../explorer-contract/insight.types.ts';
import { decodeCursor } from '../stores/explorer-queries.ts';
import type { ExplorerLog, ExplorerQueries, LogCursor, LogFilter } from '../stores/explorer-queries.types.ts';
import type { Term } from './terms.ts';

/** Lines a term may match in the range: past that the answer would be slow, and the search asks for a narrower one. */
const MAX_TERM_LINES = 50_000;
/** How long both terms' lines may be read, together, as a page of the stream may (PAGE_BUDGET_MS): each page reads
 * for what is left of it, and a search that has not read every line by then is refused as one matching too many. Lines
 * that a common word's scan reads without matching count for nothing against MAX_TERM_LINES, so without it a term
 * could read for seconds (3.3 s for `cart` then `checkout` over 260,000 logs) before its 400. */
export const SEQUENCE_BUDGET_MS = 1_000;
const LISTED = 200;

export class TooManyLines extends Error {}

/** Texts in the answer are cut to this: a line says what it is in its start. */
const LINE_CHARS = 300;
const cut = (log: ExplorerLog): ExplorerLog =>
  log.t && log.t.length > LINE_CHARS ? { ...log, t: log.t.slice(0, LINE_CHARS) } : log;

/** Time order, and within one time the order the lines were stored. */
const earlier = (x: ExplorerLog, y: ExplorerLog) => x.at - y.at || x.id - y.id;

const tooCostly = (which: string) =>
  new TooManyLines(`${which} reads too much in this range to answer in time: narrow the range or the term`);

async function linesOf(
  queries: ExplorerQueries,
  filter: LogFilter,
  term: Term,
  which: string,
  budget: { deadline: number; now: () => number },
): Promise<ExplorerLog[]> {
  const lines: ExplorerLog[] = [];
  let read = 0;
  let before: LogCursor | undefined;
  for (;;) {
    const left = budget.deadline - budget.now();
    if (left <= 0) throw tooCostly(which);
    const page = await queries.logs(
      { ...filter, q: term.q, search: term.search },
      { before, limit: 5_000, within: left },
    );
    read += page.logs.length;
    if (read > MAX_TERM_LINES)
      throw new TooManyLines(
        `${which} matches more than ${MAX_TERM_LINES.toLocaleString('en')} lines in this range: narrow the range or the term`,
      );
    for (const log of page.logs) if (term.matches(log)) lines.push(log);
    if (!page.next) return lines;
    before = decodeCursor(page.next);
  }
}

/** The first pair of the session's lines where B follows A within `withinMs`, if any. */
export function firstSequence(
  a: ExplorerLog[],
  b: ExplorerLog[],
  withinMs: number,
): { a: ExplorerLog; b: ExplorerLog } | undefined {
  a.sort(earlier);
  b.sort(earlier);
  let next = 0;
  for (const first of a) {
    while (next < b.length && earlier(b[next]!, first) <= 0) next++;
    if (next === b.length) return undefined;
    if (b[next]!.at - first.at <= withinMs) return { a: first, b: b[next]! };
  }
  return undefined;
}

export async function findSequences(
  queries: ExplorerQueries,
  filter: LogFilter,
  a: Term,
  b: Term,
  withinMs: number,
  { budgetMs = SEQUENCE_BUDGET_MS, now = () => performance.now() } = {},
): Promise<SequencesAnswer> {
  const budget = { deadline: now() + budgetMs, now };
  const [linesA, linesB] = await Promise.all([
    linesOf(queries, filter, a, 'A', budget),
    linesOf(queries, filter, b, 'B', budget),
  ]);
  const sessions = new Map<string, { a: ExplorerLog[]; b: ExplorerLog[] }>();
  const of = (log: ExplorerLog) =>
    sessions.get(log.session_uid) ?? sessions.set(log.session_uid, { a: [], b: [] }).get(log.session_uid)!;
  for (const log of linesA) of(log).a.push(log);
  for (const log of linesB) of(log).b.push(log);
  const matches: SequenceMatch[] = [];
  for (const [session_uid, lines] of sessions) {
    const found = firstSequence(lines.a, lines.b, withinMs);
    if (found) matches.push({ session_uid, udid: found.a.udid, a: cut(found.a), b: cut(found.b) });
  }
  matches.sort((x, y) => earlier(y.a, x.a));
  return { sessions: matches.slice(0, LISTED), total: matches.length, matched: { a: linesA.length, b: linesB.length } };
}
