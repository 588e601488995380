// The log filters are named once (explorer-contract/log-filters.ts): every name the page keeps in the address and
// sends on is one the service reads, and no other.
import { describe, expect, test } from 'vitest';
import { FILTER_NAMES, FilterError, parseLogFilters, type FilterName } from '../../../explorer-contract/log-filters.ts';
import { filterQuery } from '../../../explorer/logs/filter-params.ts';

/** A value of each filter; a new name in FILTER_NAMES needs one here before this file compiles. */
const SAMPLE: Record<FilterName, string> = {
  level: 'error,fatal',
  tag: 'net',
  q: 'pay button',
  key: 'plan',
  value: 'gold',
  from: '2026-11-22T10:00:00.000Z',
  to: '1790000000000',
  session: 'session-1',
  device: 'device-1',
  file: 'checkout.ts',
  url: 'https://shop.example/cart',
  version: '2.1.0',
  language: 'en-GB',
  '-tag': 'ui',
  '-file': 'boot.ts',
  '-url': 'https://shop.example/',
  '-device': 'device-2',
  '-version': '2.0.9',
  '-language': 'de-DE',
};

describe('the log filters', () => {
  test('the service reads every filter the page sends', () => {
    const all = new URLSearchParams(SAMPLE);
    expect(parseLogFilters(all)).toEqual({
      levels: [2, 5],
      tags: ['net'],
      q: 'pay button',
      search: {
        groups: [
          [{ negated: false, term: { kind: 'word', text: 'pay' } }],
          [{ negated: false, term: { kind: 'word', text: 'button' } }],
        ],
      },
      deviceKey: { key: 'plan', value: 'gold' },
      from: Date.parse('2026-11-22T10:00:00.000Z'),
      to: 1_790_000_000_000,
      session: 'session-1',
      device: 'device-1',
      files: ['checkout.ts'],
      urls: ['https://shop.example/cart'],
      versions: ['2.1.0'],
      languages: ['en-GB'],
      exclude: {
        tags: ['ui'],
        files: ['boot.ts'],
        urls: ['https://shop.example/'],
        devices: ['device-2'],
        versions: ['2.0.9'],
        languages: ['de-DE'],
      },
    });
    // Each name on its own counts: the parse without it is another filter.
    for (const name of FILTER_NAMES) {
      const without = new URLSearchParams(all);
      without.delete(name);
      expect(parseLogFilters(without), name).not.toEqual(parseLogFilters(all));
    }
  });

  test("the page sends the address's filters and nothing else, empty ones left out", () => {
    const address = new URLSearchParams({ ...SAMPLE, app: 'SNUHkgGwLJ', around: '12', q: '' });
    address.append('tag', 'ui');
    const sent = new URLSearchParams(filterQuery(address));
    expect([...new Set(sent.keys())].sort()).toEqual(FILTER_NAMES.filter((name) => name !== 'q').sort());
    expect(sent.getAll('tag')).toEqual(['net', 'ui']);
    expect(sent.getAll('-tag')).toEqual(['ui']);
  });

  test('level=none asks for no level at all, where no level parameter asks for every one', () => {
    expect(parseLogFilters(new URLSearchParams('level=none'))).toEqual({ levels: [] });
    expect(parseLogFilters(new URLSearchParams(''))).toEqual({});
  });

  test.each([
    ['level=loud', /'level' must list levels among debug, warning, error, trace, info, fatal/],
    ['from=yesterday', /'from' must be an ISO date-time or epoch milliseconds/],
    ['to=1e3', /'to' must be an ISO date-time or epoch milliseconds/],
  ])('%s is refused with a clear message', (query, message) => {
    expect(() => parseLogFilters(new URLSearchParams(query))).toThrow(FilterError);
    expect(() => parseLogFilters(new URLSearchParams(query))).toThrow(message);
  });
});
