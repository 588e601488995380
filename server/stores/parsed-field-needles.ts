// What a log's text must hold, written as it is, to have a parsed field (`@status:502`, docs/explorer.md#parsed-fields)
// that passes its term's test, so that both stores answer most texts with a search for a few characters rather than
// by parsing their JSON or key=value pairs. The field's last key is in the text (a JSON key, or the end of the
// key=value pair's key), unless a JSON key is written with an escape; an equality's value is too, unless a JSON string
// is written with an escape or a JSON number with an exponent: `@status:999` finds `"status":999`, `999.0`, `0999` and
// `"999"`, each holding `999`, and `9.99e2`, which the test of an exponent lets through. Before this, a parsed field in
// no log read by PostgreSQL cost 300 ms for a step of 50,000 logs, 38 of them the reading (EXPLAIN ANALYZE,
// docs/benchmarks.md#counts-of-a-scanned-view).
import { isParsedNumber, type ParsedFieldTerm } from '../../explorer-contract/parsed-field.ts';

/** The characters the text holds when the field may pass: `key` always, `value` for an equality (a number's digits as
 * JavaScript writes its absolute value, where that has no exponent); `number` when `value` is a number's, which a
 * JSON number with an exponent may equal without holding. */
export interface ParsedNeedles {
  key: string;
  value?: string;
  number: boolean;
}

export function parsedNeedles(term: ParsedFieldTerm): ParsedNeedles {
  const key = term.path.at(-1)!;
  if (term.test.op !== '=' || term.test.value === '') return { key, number: false };
  if (!isParsedNumber(term.test.value)) return { key, value: term.test.value, number: false };
  const digits = String(Math.abs(Number(term.test.value)));
  return /e/i.test(digits) ? { key, number: true } : { key, value: digits, number: true };
}

/** The escape a JSON key or string may be written with, which the needles do not see through. */
export const ESCAPE = '\\';
