// The lines Sidelog's captures write, read as a row's words (explorer/logs/event-line.ts,
// docs/explorer-views.md#event-lines): the examples are the captures' own lines, as the demo app receives them.
import { describe, expect, test } from 'vitest';
import { eventParts } from '../../../explorer/logs/event-line.ts';

/** The words as the row reads them, one string. */
const read = (tag: string, text: string) =>
  eventParts(tag, text)
    ?.map((part) => part.text)
    .join(' ');

describe('eventParts', () => {
  test.each([
    [
      'bf_ui_event',
      '{"event":"click","tag":"button","text":"Войти","selector":"div#root > div.login-page > main.login-card > form.login-form > fieldset > button.button.button-primary"}',
      'click button "Войти"',
    ],
    [
      'bf_ui_event',
      '{"event":"input","tag":"input","id":"_r_1_-email","selector":"input#_r_1_-email","value":"•••••••@•••••••.•••"}',
      'input input#_r_1_-email = •••••••@•••••••.•••',
    ],
    [
      'bf_ui_event',
      '{"event":"blur","tag":"input","id":"_r_1_-password","selector":"input#_r_1_-password"}',
      'blur input#_r_1_-password',
    ],
    ['bf_ui_event', '{"event":"click","private":true}', 'click (private)'],
    [
      'bf_browser_event',
      '{"event":"pushState","url":"http://127.0.0.1:8080/about"}',
      'pushState http://127.0.0.1:8080/about',
    ],
    [
      'bf_browser_event',
      '{"event":"hashchange","url":"https://shop.test/#b","oldURL":"https://shop.test/#a","newURL":"https://shop.test/#b"}',
      'hashchange https://shop.test/#a → https://shop.test/#b',
    ],
    [
      'bf_web_vitals',
      '{"lcp":368,"lcpElement":"main#content > div.cards > section.card:nth-of-type(2) > p","cls":0,"fcp":72,"ttfb":4}',
      'LCP 368 ms · CLS 0 · FCP 72 ms · TTFB 4 ms',
    ],
  ])('%s %s reads "%s"', (tag, text, words) => {
    expect(read(tag, text)).toBe(words);
  });

  test('another tag, a text that is not JSON, or JSON without what the capture writes: the text as it is', () => {
    expect(read('checkout', '{"event":"click","tag":"button"}')).toBeUndefined();
    expect(read('bf_ui_event', 'click on Pay')).toBeUndefined();
    expect(read('bf_ui_event', '{"event":"click","tag":"butt…')).toBeUndefined();
    expect(read('bf_ui_event', '["click"]')).toBeUndefined();
    expect(read('bf_ui_event', '{"tag":"button"}')).toBeUndefined();
    expect(read('bf_ui_event', '{"event":"click"}')).toBeUndefined();
    expect(read('bf_web_vitals', '{"lcpElement":"p"}')).toBeUndefined();
    expect(eventParts(undefined, '{"event":"click","tag":"a"}')).toBeUndefined();
  });

  test("the parts keep their kinds: the event, the element, and the texts the search's hits mark", () => {
    expect(eventParts('bf_ui_event', '{"event":"click","tag":"a","id":"pay","text":"Pay"}')).toEqual([
      { kind: 'name', text: 'click' },
      { kind: 'target', text: 'a#pay' },
      { kind: 'text', text: '"Pay"' },
    ]);
  });
});
