// PostgreSQL's scan reads at most WORD_STEP logs a step where a word narrows the view, so that its planner walks the
// time index rather than reading and sorting every match of the word each step (server/stores/postgres/explorer/
// word-step.ts). Which queries are so narrowed: pure logic over parsed queries.
import { expect, test } from 'vitest';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { splitScanned } from '../../../server/stores/explorer-queries.ts';
import { fragmentPagePlan } from '../../../server/stores/fragment-scan.ts';
import { stepWithin, WORD_STEP } from '../../../server/stores/postgres/explorer/word-step.ts';

const maxStep = (q: string) =>
  stepWithin(fragmentPagePlan({ limit: 100 }, 'l.id'), splitScanned(parseSearchQuery(q)).narrowing).maxStep;

test('a word or phrase beside the scanned term bounds the steps; a field, a negated word or an OR with the term does not', () => {
  expect(maxStep('order *ayment*')).toBe(WORD_STEP);
  expect(maxStep('"payment timeout" @status>=500')).toBe(WORD_STEP);
  expect(maxStep('tag:net *ayment*')).toBeUndefined();
  expect(maxStep('-order *ayment*')).toBeUndefined();
  expect(maxStep('order OR *ayment*')).toBeUndefined();
});
