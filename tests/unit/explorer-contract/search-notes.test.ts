// What a view with no result says about its query, where the query is likely not what was meant: a lowercase `or`
// (a word, not the OR between terms), a name before a colon that is no field (`code:502` is then text), a device
// key with no value. Silent zero results were the alternative.
import { describe, expect, test } from 'vitest';
import { searchNotes } from '../../../explorer-contract/search-notes.ts';

const notes = (query: string) => searchNotes(new URLSearchParams(query));

describe('notes on a query that found nothing', () => {
  test('a query as meant has none', () => {
    expect(notes('')).toEqual([]);
    expect(notes('q=timeout OR refused level:error key.plan:gold')).toEqual([]);
    expect(notes('q=https://shop.test/a 12:30:01 "status:502" -tag:net')).toEqual([]);
    expect(notes('key=plan&value=gold')).toEqual([]);
  });

  test('a lowercase or', () => {
    expect(notes('q=timeout or refused')).toEqual([
      '“or” in lowercase is searched as a word: to find lines with either side, write OR in capitals (timeout OR refused).',
    ]);
  });

  test('inside parentheses too (docs/explorer.md#parentheses)', () => {
    expect(notes('q=level:error (timeout or refused)')).toEqual([
      '“or” in lowercase is searched as a word: to find lines with either side, write OR in capitals (timeout OR refused).',
    ]);
    expect(notes('q=-(code:502 OR tag:net)')).toEqual([
      "“code:” is not a field, so “code:502” is searched as text. The fields are level, tag, file, method, url, device, session, version, language, status, duration, key.<name> and @<name> (a device key: key.code:502; a field of the log's text: @code:502).",
    ]);
    expect(notes('q=(level:error OR tag:net) foo()')).toEqual([]);
  });

  test('a name before a colon that is no field', () => {
    expect(notes('q=code:502 payment')).toEqual([
      "“code:” is not a field, so “code:502” is searched as text. The fields are level, tag, file, method, url, device, session, version, language, status, duration, key.<name> and @<name> (a device key: key.code:502; a field of the log's text: @code:502).",
    ]);
    expect(notes('q=-Plan:gold')).toEqual([
      "“Plan:” is not a field, so “Plan:gold” is searched as text. The fields are level, tag, file, method, url, device, session, version, language, status, duration, key.<name> and @<name> (a device key: key.Plan:gold; a field of the log's text: @Plan:gold).",
    ]);
    // A network line's status is a field now (docs/explorer-views.md#network-lines).
    expect(notes('q=status:502 -Status:5xx duration:800')).toEqual([]);
  });

  test('nothing but words, each found whole: a piece of a longer word is likely what was meant', () => {
    expect(notes('q=ойт')).toEqual([
      'Words are found whole, so “ойт” finds only lines holding that word: to find it inside longer words, write *ойт*.',
    ]);
    expect(notes('q=ushSta  pay_id')).toEqual([
      'Words are found whole, so “ushSta” “pay_id” finds only lines holding those words: to find them inside longer words, write *ushSta* *pay_id*.',
    ]);
    // Anything else in the query (a field, a phrase, a fragment already, a negation, an OR) is a query as meant.
    for (const query of ['q=ойт level:error', 'q="ойт"', 'q=*ойт*', 'q=client.ts', 'q=-ойт', 'q=ойт OR войти'])
      expect(notes(query)).toEqual([]);
  });

  test('a device key with no value', () => {
    expect(notes('key=user_id&value=')).toEqual([
      'The device key “user_id” has no value, so only devices whose user_id is empty match: type a value, or clear the key.',
    ]);
  });
});
