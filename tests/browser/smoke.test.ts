import { expect, test } from 'vitest';

test('runs in a real Chromium with IndexedDB and workers', async () => {
  expect(navigator.userAgent).toContain('Chrome');
  expect(typeof indexedDB.open).toBe('function');
  expect(typeof SharedWorker).toBe('function');
});
