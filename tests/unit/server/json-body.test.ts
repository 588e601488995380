import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseJson } from '../../../server/http/json-body.ts';

describe('parseJson', () => {
  it('parses JSON within the depth limit', () => {
    expect(parseJson('{"logs":[{"t":"a"}]}')).toEqual({ ok: true, value: { logs: [{ t: 'a' }] } });
    expect(jsonDepth('{"logs":[{"t":"a"}]}')).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth('{"t":"[[[{{{\\"[[["}')).toBe(1);
    expect(parseJson(`{"t":"${'['.repeat(1000)}"}`)).toEqual({ ok: true, value: { t: '['.repeat(1000) } });
  });

  it('refuses nesting past the limit, however deep, and in a body of few brackets as in one of many', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(parseJson(deep)).toEqual({ ok: false, reason: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` });
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJson(atLimit).ok).toBe(true);
    expect(parseJson('[' + atLimit + ']').ok).toBe(false);
    // Objects count as arrays do, wherever they sit in a wide body.
    const wide = `[${'{"a":1},'.repeat(20_000)}${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}]`;
    expect(parseJson(wide)).toEqual({ ok: false, reason: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` });
    expect(parseJson(`[{"a":[${'{"a":'.repeat(MAX_JSON_DEPTH - 2)}1${'}'.repeat(MAX_JSON_DEPTH - 2)}]}]`)).toEqual({
      ok: false,
      reason: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    });
    expect(parseJson(`[{"a":[${'{"a":'.repeat(MAX_JSON_DEPTH - 3)}1${'}'.repeat(MAX_JSON_DEPTH - 3)}]}]`).ok).toBe(
      true,
    );
  });

  it('refuses text that is not JSON', () => {
    expect(parseJson('{"a":')).toEqual({ ok: false, reason: 'malformed JSON' });
    expect(parseJson('')).toEqual({ ok: false, reason: 'malformed JSON' });
  });
});
