// Patterns (docs/explorer.md#patterns): what varies in a line is masked, and Drain groups lines of the same template,
// its varying tokens as <*>, while lines of other templates keep groups of their own.
import { describe, expect, test } from 'vitest';
import { createDrain, templateOf } from '../../../server/analysis/drain.ts';
import { maskVariables } from '../../../server/analysis/variables.ts';

describe('what varies', () => {
  test.each([
    ['payment 8812 failed after 2.5 s', 'payment <*> failed after <*> s'],
    ['user_12345 signed in from 10.0.0.1:8080', 'user_<*> signed in from <*>'],
    ['took 200ms', 'took <*>ms'],
    ['order 3f2a9c1e-7b2d-4c1a-9e8f-0a1b2c3d4e5f shipped', 'order <*> shipped'],
    ['object 0x7ffe12 at deadbeef1234', 'object <*> at <*>'],
    ["mail to 'ann@shop.example' bounced", 'mail to <*> bounced'],
    ['key="plan-gold" saved', 'key=<*> saved'],
    ['token a8Xk2mQ9pL4vN7rT3wZ1 expired', 'token <*> expired'],
    ["don't retry, it's v2 over utf8 and h264", "don't retry, it's v2 over utf8 and h264"],
    ['at 10:32:11 on 2026-11-20', 'at <*> on <*>'],
    // A JSON line keeps its keys, the shape that tells one kind of line from another; its values vary.
    ['{"event":"click","tag":"a","text":"Войти"}', '{"event":<*>,"tag":<*>,"text":<*>}'],
    ['{"method":"POST","status":502,"url":"https://shop.example/api/cart"}', '{"method":<*>,"status":<*>,"url":<*>}'],
    ['{"user":{"id":4969},"plan":\'gold\'}', '{"user":{"id":<*>},"plan":<*>}'],
  ])('%s reads as %s', (line, masked) => {
    expect(maskVariables(line)).toBe(masked);
  });
});

describe('Drain', () => {
  test('groups lines of one template, its varying tokens as <*>, apart from other templates', () => {
    const drain = createDrain();
    const lines = [
      'payment 1 failed for card visa',
      'cart opened with 3 items',
      'payment 2 failed for card amex',
      'user ann clicked checkout',
      'payment 3 failed for card visa',
      'cart opened with 12 items',
      'user bob clicked checkout',
      'user carl clicked settings',
    ];
    const joined = lines.map((line) => drain.add(line).id);
    expect(joined).toEqual([0, 1, 0, 2, 0, 1, 2, 2]);
    expect(drain.groups().map((group) => [templateOf(group), group.size])).toEqual([
      ['payment <*> failed for card <*>', 3],
      ['cart opened with <*> items', 2],
      ['user <*> clicked <*>', 3],
    ]);
  });

  test("JSON lines group by their keys, as Sidelog's own event lines are written", () => {
    const drain = createDrain();
    const lines = [
      '{"event":"focus","tag":"input","id":"email","selector":"input#email"}',
      '{"event":"pushState","url":"http://127.0.0.1:8080/sales"}',
      '{"event":"click","tag":"button","id":"login","selector":"form > button"}',
      '{"event":"load","url":"http://127.0.0.1:8080/"}',
      '{"method":"GET","status":502,"url":"https://shop.example/api","duration":84,"size":312}',
    ];
    expect(lines.map((line) => drain.add(line).id)).toEqual([0, 1, 0, 1, 2]);
    expect(drain.groups().map((group) => [templateOf(group), group.size])).toEqual([
      ['{"event":<*>,"tag":<*>,"id":<*>,"selector":<*>}', 2],
      ['{"event":<*>,"url":<*>}', 2],
      ['{"method":<*>,"status":<*>,"url":<*>,"duration":<*>,"size":<*>}', 1],
    ]);
  });

  test('lines of different lengths or different first words never share a group', () => {
    const drain = createDrain();
    drain.add('sync started');
    drain.add('sync started again');
    drain.add('render started');
    drain.add('render stopped');
    expect(drain.groups().map(templateOf)).toEqual(['sync started', 'sync started again', 'render <*>']);
  });

  test('a line too unlike every group of its leaf starts its own', () => {
    const drain = createDrain();
    drain.add('login ok for ann with password and code');
    drain.add('login failed: too many attempts from this address');
    expect(drain.groups()).toHaveLength(2);
  });

  test('matches a line to a group without adding it', () => {
    const drain = createDrain();
    drain.add('cache evicted for key 1');
    expect(drain.match('cache evicted for key 99')?.id).toBe(0);
    expect(drain.match('cache warmed up')).toBeUndefined();
    expect(drain.groups()[0]!.size).toBe(1);
  });

  test('ids past the tree’s width share one branch, so they cannot grow the tree without bound', () => {
    const drain = createDrain();
    for (let i = 0; i < 300; i++)
      drain.add(
        `job${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))} finished cleanly`,
      );
    // The first word is a name (letters only), different every time: 99 branches of their own, then one.
    expect(drain.groups().length).toBeLessThanOrEqual(100);
    expect(drain.groups().reduce((sum, group) => sum + group.size, 0)).toBe(300);
  });
});
