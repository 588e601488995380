// The check an app's rule passes where it is set (docs/privacy.md#rules-that-could-hang): every row of the table there
// holds, and what is refused is refused by the engine and the admin API with the text of docs/errors.md#options.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validateOptions } from '../../../protocol/options.ts';
import { backtrackingPart, refuseBacktracking } from '../../../protocol/redact/backtracking.ts';
import { resolveRedact } from '../../../protocol/redact/redact-options.ts';
import { REFUSED_RULES } from '../../../protocol/redact/refused-rules.ts';

const doc = (name: string) => readFileSync(resolve(import.meta.dirname, '../../../docs', name), 'utf8');

describe('docs/privacy.md#rules-that-could-hang', () => {
  const privacy = doc('privacy.md');
  const start = privacy.indexOf('### Rules that could hang');
  const section = privacy.slice(start, privacy.indexOf('\n## ', start));
  /** In a table a `|` inside code is written `\|`. */
  const cell = (text: string) => text.replaceAll('\\|', '|');
  const rows = [...section.matchAll(/^\| `((?:[^`])*)` \| (?:`([imsuv]*)`)? *\| (refuses `([^`]*)`|runs)/gm)].map(
    ([, rule, flags, , part]) => ({ rule: cell(rule), flags: flags ?? '', part: part && cell(part) }),
  );

  test('the table is there, with rules refused and rules run', () => {
    expect(rows.filter((row) => row.part).length).toBeGreaterThan(5);
    expect(rows.filter((row) => !row.part).length).toBeGreaterThan(5);
  });

  test.each(rows)('$rule $flags', ({ rule, flags, part }) => {
    expect(() => new RegExp(rule, flags)).not.toThrow();
    expect(backtrackingPart(rule, flags)).toBe(part);
  });
});

describe('a rule that could backtrack without bound is refused where rules run (docs/errors.md#options)', () => {
  const refusal = (index: number, part: string) =>
    `'redact.rules[${index}].pattern' may backtrack without bound: in '${part}' a repetition can match the same text in more than one way.`;
  const check = (rules: unknown[]) => () => refuseBacktracking(resolveRedact({ rules }));

  test('as a source or as a RegExp, with the part that could, and the text docs/errors.md gives', () => {
    expect(check([{ name: 'a', pattern: '(a+)+$' }])).toThrow(refusal(0, '(a+)+'));
    expect(
      check([
        { name: 'ok', pattern: /ord-\d+/ },
        { name: 'words', pattern: /(\w+\s?)+$/ },
      ]),
    ).toThrow(refusal(1, '(\\w+\\s?)+'));
    expect(check([{ name: 'k', pattern: '(K+k)+', flags: 'i' }])).toThrow(refusal(0, '(K+k)+'));
    expect(doc('errors.md')).toContain(`\`${refusal(0, 'P').replace('[0]', '[N]')}\``);
  });

  test('the refusal is named, so that the page tries no other engine with the same rules', () => {
    let thrown: unknown;
    try {
      check([{ name: 'a', pattern: '(a+)+$' }])();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).name).toBe(REFUSED_RULES);
  });

  test('a rule whose choices the next character decides is kept', () => {
    expect(check([{ name: 'host', pattern: '(?:[a-z0-9-]+\\.)+[a-z]{2,}', flags: 'i' }])).not.toThrow();
  });

  test("init's synchronous validation leaves the check to the engine: the page's first load does not carry it", () => {
    expect(() =>
      validateOptions({ appKey: 'key', redact: { rules: [{ name: 'a', pattern: '(a+)+$' }] } }),
    ).not.toThrow();
  });
});
