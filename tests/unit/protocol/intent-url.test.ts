// The URLs Sidelog hands out for an issue, a session and a device name each id once encoded, so that any id opens
// (docs/wire-format.md#appid-and-intent-urls).
import { expect, test } from 'vitest';
import { intentURL } from '../../../protocol/index.ts';

test.each([
  ['issue', 'a/b?c#d', 'https://logs.example.com/sidelog/intent/APP/issue/a%2Fb%3Fc%23d'],
  ['session', 'user@example.com', 'https://logs.example.com/sidelog/intent/APP/session/user%40example.com'],
  ['device', 'ios:1234', 'https://logs.example.com/sidelog/intent/APP/device/ios%3A1234'],
  ['device', 'ёж 1', 'https://logs.example.com/sidelog/intent/APP/device/%D1%91%D0%B6%201'],
] as const)('the %s %j is %s', (kind, id, url) => {
  expect(intentURL[kind]('https://logs.example.com/sidelog', 'APP', id)).toBe(url);
  // One decoding gives the id back.
  expect(decodeURIComponent(new URL(url).pathname.split('/').at(-1)!)).toBe(id);
});
