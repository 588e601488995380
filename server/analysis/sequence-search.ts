// Sessions by sequence (docs/explorer.md#sessions-by-sequence): sessions where a line of A was logged and then a line
// of B within T. Every line of each term in the range is read through the explorer's queries (the stream's search,
// exact on either store), and each session's lines are walked in time order: for each A, the first B after it is
// the nearest, so a session matches when that B is within T of some A.
import type { SequenceMatch, SequencesAnswer } from '../../explorer-contract/insight.types.ts';
import { allLogs, type ExplorerLog, type ExplorerQueries, type LogFilter } from '../explorer-queries.types.ts';
import type { Term } from './terms.ts';

/** Lines a term may match in the range: past that the answer would be slow, and the search asks for a narrower one. */
export const MAX_TERM_LINES = 50_000;
const LISTED = 200;

export class TooManyLines extends Error {}

/** Texts in the answer are cut to this: a line says what it is in its start. */
const LINE_CHARS = 300;
const cut = (log: ExplorerLog): ExplorerLog =>
  log.t && log.t.length > LINE_CHARS ? { ...log, t: log.t.slice(0, LINE_CHARS) } : log;

/** Time order, and within one time the order the lines were stored. */
const earlier = (x: ExplorerLog, y: ExplorerLog) => x.at - y.at || x.id - y.id;

async function linesOf(queries: ExplorerQueries, filter: LogFilter, term: Term, which: string): Promise<ExplorerLog[]> {
  const lines: ExplorerLog[] = [];
  let read = 0;
  for await (const page of allLogs(queries, { ...filter, q: term.q, search: term.search }, 5_000)) {
    read += page.length;
    if (read > MAX_TERM_LINES)
      throw new TooManyLines(
        `${which} matches more than ${MAX_TERM_LINES.toLocaleString('en')} lines in this range: narrow the range or the term`,
      );
    for (const log of page) if (term.matches(log)) lines.push(log);
  }
  return lines;
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
): Promise<SequencesAnswer> {
  const [linesA, linesB] = await Promise.all([linesOf(queries, filter, a, 'A'), linesOf(queries, filter, b, 'B')]);
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
