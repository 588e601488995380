// The check an app's rule passes where it is set (docs/privacy.md#rules-that-could-hang): every row of the table there
// holds, and what is refused is refused at init with the text of docs/errors.md#options.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validateOptions } from '../../../protocol/options.ts';
import { backtrackingPart } from '../../../protocol/redact/backtracking.ts';

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

describe('a rule that could backtrack without bound is refused at init (docs/errors.md#options)', () => {
  const refusal = (index: number, part: string) =>
    `'redact.rules[${index}].pattern' may backtrack without bound: in '${part}' a repetition can match the same text in more than one way.`;
  const init = (rules: unknown[]) => () => validateOptions({ appKey: 'key', redact: { rules } });

  test('as a source or as a RegExp, with the part that could, and the text docs/errors.md gives', () => {
    expect(init([{ name: 'a', pattern: '(a+)+$' }])).toThrow(new Error(refusal(0, '(a+)+')));
    expect(
      init([
        { name: 'ok', pattern: /ord-\d+/ },
        { name: 'words', pattern: /(\w+\s?)+$/ },
      ]),
    ).toThrow(new Error(refusal(1, '(\\w+\\s?)+')));
    expect(init([{ name: 'k', pattern: '(K+k)+', flags: 'i' }])).toThrow(new Error(refusal(0, '(K+k)+')));
    expect(doc('errors.md')).toContain(`\`${refusal(0, 'P').replace('[0]', '[N]')}\``);
  });

  test('a rule whose choices the next character decides is kept', () => {
    expect(init([{ name: 'host', pattern: '(?:[a-z0-9-]+\\.)+[a-z]{2,}', flags: 'i' }])).not.toThrow();
  });
});
