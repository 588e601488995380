import { afterEach, expect, test } from 'vitest';
import { createPageURL } from '../../../app/logging/page-url.ts';

const global = globalThis as { navigation?: unknown };
afterEach(() => {
  delete global.navigation;
});

test('where the Navigation API tells of every change of URL, the queue hears of each', () => {
  const navigation = new EventTarget();
  global.navigation = navigation;
  let changes = 0;
  expect(createPageURL().watch(() => changes++)).toBe(true);
  navigation.dispatchEvent(new Event('currententrychange'));
  expect(changes).toBe(1);
});

test("a page's own global named `navigation`, or none, means the URL is read for every call", () => {
  global.navigation = { items: ['Home', 'Sales'] };
  expect(createPageURL().watch(() => {})).toBe(false);
  delete global.navigation;
  expect(createPageURL().watch(() => {})).toBe(false);
});
