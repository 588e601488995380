// What the page redacts on its own main thread (docs/privacy.md#where-redaction-runs): the device keys it keeps in
// localStorage, and a rescue as it is written at pagehide. Only the built-ins run here: each does bounded work at each
// position of a text (docs/privacy.md#cost). An app's rules are patterns of the app's, which no check can bound in
// every case (docs/privacy.md#rules-that-could-hang) and nothing can stop once they run: they run in the engine, which
// applies them to all it takes from the page, what an earlier page kept included.
import { createRedactor, type Redact } from '../../protocol/redact/redactor.ts';
import type { RedactConfig } from '../../protocol/redact/redact-options.ts';

export function pageRedactor(config: RedactConfig): Redact {
  return createRedactor({ builtIns: config.builtIns, rules: [] });
}
