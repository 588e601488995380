// The facet panel's fields in the text (docs/facets.md#fields-in-the-text): the doc's example lines of parsed fields
// (docs/explorer.md#parsed-fields) read as the view's newest logs on a real SQLite database and a real PostgreSQL
// one, their fields and values counted exactly, and each value's term finding as many logs as the value counts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { fieldsOf, parsedFieldFacets } from '../../../server/explorer/parsed-fields.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { logsAMillisecond } from './logs-a-millisecond.ts';
import { RECENT_START } from './recent-start.ts';
import { openTestStore, LOG_STORE_KINDS } from './test-databases.ts';

const APP = 'parsed-field-facets-app';
const START = RECENT_START;
const doc = readFileSync(new URL('../../../docs/explorer.md', import.meta.url), 'utf8');
const LINES = /```text\n([\s\S]*?)```/
  .exec(doc.slice(doc.indexOf('### Parsed fields')))![1]!
  .trimEnd()
  .split('\n')
  .map((line) => line.replace(/^\d+ /, ''));

test("a text's fields: its JSON object's paths, then key=value pairs of the text before it", () => {
  const fields = (text: string) =>
    Object.fromEntries([...fieldsOf(text)].map(([field, values]) => [field, [...values]]));
  expect(fields('checkout status=0502 note="two words" {"user":{"id":7,"tags":["a",1,{"x":1}]},"ok":true}')).toEqual({
    'user.id': ['7'],
    'user.tags': ['a', '1'],
    ok: ['true'],
    status: ['502'],
    note: ['two words'],
  });
  // Broken JSON is text: its pairs are read whole; a path the JSON holds is not read as a pair.
  expect(fields('status=404 {"status":502,')).toEqual({ status: ['404'] });
  expect(fields('status=503 {"status":{"code":500}}')).toEqual({ 'status.code': ['500'] });
});

describe.each(LOG_STORE_KINDS)('fields in the text on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const filterOf = (q: string) => ({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) });

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await logsAMillisecond(store, APP, { count: LINES.length, start: START }, (i) => ({ t: LINES[i], ll: 4 }));
  });
  afterAll(() => close());

  test('the fields most logs carry, each value counted, each with the term that finds it', async () => {
    const facets = await parsedFieldFacets(store.explorer, filterOf(''));
    expect(facets.read).toBe(LINES.length);
    expect(facets.fields.map(({ field, logs }) => [field, logs])).toEqual([
      ['status', 6],
      ['duration', 4],
      ['user.id', 3],
      ['event', 2],
      ['path', 2],
      ['user.plan', 2],
      ['count', 1],
      ['element', 1],
    ]);
    expect(facets.fields[0]!.values).toEqual([
      { value: '502', count: 3, term: '@status:502' },
      { value: '200', count: 1, term: '@status:200' },
      { value: '404', count: 1, term: '@status:404' },
      { value: '500', count: 1, term: '@status:500' },
    ]);
    expect(facets.fields[2]!.values).toEqual([
      { value: '7', count: 2, term: '@user.id:7' },
      { value: '8', count: 1, term: '@user.id:8' },
    ]);
    // Each value's term, searched, finds as many logs as the value counts.
    for (const { values } of facets.fields)
      for (const { term, count } of values)
        expect([term, (await store.explorer.scanCount(filterOf(term), 1_000)).count]).toEqual([term, count]);
  });

  test("a view's fields are its own logs'", async () => {
    const facets = await parsedFieldFacets(store.explorer, filterOf('checkout'));
    expect(facets.fields.map(({ field, logs }) => [field, logs])).toEqual([
      ['duration', 2],
      ['path', 2],
      ['status', 2],
    ]);
  });
});
