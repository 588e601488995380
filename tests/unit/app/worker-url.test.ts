// The `workerURL` option (docs/api.md#options, docs/errors.md#options): resolved against the page's address, and
// refused at init unless of the page's own origin, where no browser would start it.
import { describe, expect, test } from 'vitest';
import { resolveWorkerURL } from '../../../app/logging/worker-url.ts';

const page = 'https://shop.example/checkout/cart.html?step=2';

describe('resolveWorkerURL', () => {
  test.each([
    ['/static/sidelog-worker.js', 'https://shop.example/static/sidelog-worker.js'],
    ['sidelog-worker.js', 'https://shop.example/checkout/sidelog-worker.js'],
    ['../vendor/sidelog-worker.js', 'https://shop.example/vendor/sidelog-worker.js'],
    ['https://shop.example/static/sidelog-worker.js', 'https://shop.example/static/sidelog-worker.js'],
  ])('%s is %s', (value, resolved) => {
    expect(resolveWorkerURL(value, page)).toBe(resolved);
  });

  test.each([
    'https://cdn.example/sidelog-worker.js',
    '//cdn.example/sidelog-worker.js',
    'http://shop.example/sidelog-worker.js',
    'https://shop.example:8443/w.js',
    'https://',
    'data:text/javascript,0',
  ])('%s is refused', (value) => {
    expect(() => resolveWorkerURL(value, page)).toThrow(
      new Error("'workerURL' option must be a URL of the page's own origin."),
    );
  });
});
