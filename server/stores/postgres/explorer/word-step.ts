// How many logs a step of PostgreSQL's scan reads where a word narrows the view (docs/explorer.md#fragments). A step
// reads the narrowed view's next logs newest first; for a word common to many logs the planner walks the time index
// and tests each log for the word while the step is small beside the word's matches older than the step's start, and
// past that reads every one of them through the word index and sorts them: over a million logs, `order` (1 log in 6,
// 83,333 logs) took 34 ms for a step of 8,000 walked from the middle and 200 ms for one of 10,000 sorted; from 300,000
// logs before the newest, 26 ms for 4,000 walked and 146 ms for 8,000 sorted (EXPLAIN ANALYZE). Steps of 4,000 at most
// read the word's 83,333 logs in 590 ms where steps up to 50,000 took 870 (and 2,000 took 590 too). A rare word's
// matches, fewer than a step, are read through the word index in one step all the same
// (docs/benchmarks.md#counts-of-a-scanned-view).
import type { SearchQuery } from '../../../../explorer-contract/search-query.ts';
import { narrowedByWord, type ScanPlan } from '../../fragment-scan.ts';

/** The most logs a step reads where a word or phrase narrows the view. */
export const WORD_STEP = 4_000;

/** The plan, its steps at most WORD_STEP where a word narrows the view. */
export const stepWithin = <R>(plan: ScanPlan<R>, narrowing: SearchQuery): ScanPlan<R> =>
  narrowedByWord(narrowing) ? { ...plan, maxStep: Math.min(plan.maxStep ?? WORD_STEP, WORD_STEP) } : plan;
