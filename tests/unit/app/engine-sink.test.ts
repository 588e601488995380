import { describe, expect, test } from 'vitest';
import { DEFAULT_REDACT, FIELD_CAPS, IssueType, type WriteMessage } from '../../../protocol/index.ts';
import { createRedactor, keepText } from '../../../protocol/redact/redactor.ts';
import { engineSink, sanitiseWrite } from '../../../app/logging/engine-sink.ts';

describe("the page's writes on their way to the engine", () => {
  test('device keys are sanitised: values other than booleans and numbers become text, names are capped', () => {
    const long = 'k'.repeat(FIELD_CAPS.deviceKeyName + 10);
    const written: WriteMessage[] = [];
    const sink = engineSink({ write: (message) => written.push(structuredClone(message)) }, keepText);
    sink.write({ sl: 'key', seq: 1, key: 'plan', value: { tier: 'gold' } as never });
    sink.write({ sl: 'key', seq: 2, key: 'vip', value: true });
    sink.write({ sl: 'key', seq: 3, key: long, value: 7 });
    expect(written).toEqual([
      { sl: 'key', seq: 1, key: 'plan', value: '{"tier":"gold"}' },
      { sl: 'key', seq: 2, key: 'vip', value: true },
      { sl: 'key', seq: 3, key: `${'k'.repeat(FIELD_CAPS.deviceKeyName)}…`, value: 7 },
    ]);
  });

  test('a removal stays a removal, and sanitising twice changes nothing', () => {
    const removal: WriteMessage = { sl: 'key', seq: 1, key: 'vip', value: null };
    expect(sanitiseWrite(sanitiseWrite(removal, keepText), keepText)).toEqual({
      sl: 'key',
      seq: 1,
      key: 'vip',
      value: null,
    });
    const set: WriteMessage = { sl: 'key', seq: 2, key: 'since', value: new Date(Date.UTC(2024, 0, 2)) as never };
    expect(sanitiseWrite(sanitiseWrite(set, keepText), keepText)).toEqual({
      sl: 'key',
      seq: 2,
      key: 'since',
      value: '"2024-01-02T00:00:00.000Z"',
    });
  });

  test("an issue's text becomes a string", () => {
    const issue: WriteMessage = {
      sl: 'issue',
      seq: 1,
      issue: { type: IssueType.Issue, title: 'Checkout', text: { step: 3 } as never, uuid: 'u' },
    };
    expect(sanitiseWrite(issue, keepText)).toMatchObject({ issue: { text: '{"step":3}' } });
  });

  test('device keys are redacted on their way, names and values, for the page keeps them in localStorage too', () => {
    const redact = createRedactor(DEFAULT_REDACT);
    const written: WriteMessage[] = [];
    const sink = engineSink({ write: (message) => written.push(structuredClone(message)) }, redact);
    sink.write({ sl: 'key', seq: 1, key: 'contact', value: 'ivan.petrov@partner-shop.ru' });
    sink.write({ sl: 'key', seq: 2, key: 'ivan@partner-shop.ru', value: 'vip' });
    sink.write({ sl: 'key', seq: 3, key: 'card', value: 4111111111111111 });
    sink.write({ sl: 'key', seq: 4, key: 'orders', value: 4111111111111112 });
    expect(written).toEqual([
      { sl: 'key', seq: 1, key: 'contact', value: '[email]' },
      { sl: 'key', seq: 2, key: '[email]', value: 'vip' },
      { sl: 'key', seq: 3, key: 'card', value: '[card]' },
      // No card number (its check digit is wrong): a number stays a number.
      { sl: 'key', seq: 4, key: 'orders', value: 4111111111111112 },
    ]);
  });
});
