// What the page redacts on its own main thread (docs/privacy.md#where-redaction-runs): the device keys it keeps in
// localStorage and a rescue at pagehide pass the built-ins only, which do bounded work at each position; an app's
// rules run in the engine alone (tests/unit/worker/engine-redaction.test.ts).
import { describe, expect, test } from 'vitest';
import { pageRedactor } from '../../../app/logging/page-redaction.ts';
import { resolveRedact } from '../../../protocol/redact/redact-options.ts';

describe("the page's redaction", () => {
  const config = resolveRedact({
    builtIns: ['email'],
    rules: [{ name: 'contract', pattern: 'contract no\\. \\d+', flags: 'i' }],
  });

  test("applies the built-ins the app chose and none of the app's rules", async () => {
    const redact = await pageRedactor(config);
    expect(redact('Contract No. 77 for ivan@shop.ru, +7 912 345 67 89')).toBe(
      'Contract No. 77 for [email], +7 912 345 67 89',
    );
  });

  test('with every built-in turned off, keeps the text as it is', async () => {
    const redact = await pageRedactor(resolveRedact({ builtIns: false }));
    expect(redact('ivan@shop.ru, +7 912 345 67 89')).toBe('ivan@shop.ru, +7 912 345 67 89');
  });
});
