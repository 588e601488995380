// What the page redacts on its own main thread (docs/privacy.md#where-redaction-runs): the device keys it keeps in
// localStorage, and a rescue as it is written at pagehide. Only the built-ins run here: each does bounded work at each
// position of a text (docs/privacy.md#cost). An app's rules are patterns of the app's, which no check can bound in
// every case (docs/privacy.md#rules-that-could-hang) and nothing can stop once they run: they run in the engine, which
// applies them to all it takes from the page, what an earlier page kept included.
// The detectors are a chunk of their own, loaded by init only when a built-in is on (`redact.builtIns`, all of them by
// default): a page that turned them off does not load them (docs/benchmarks.md#what-each-module-adds). init waits for
// them before it reads the stored keys or listens for the page going away, so nothing is kept unredacted meanwhile.
import type { Redact } from '../../protocol/redact/redactor.ts';
import type { RedactConfig } from '../../protocol/redact/redact-options.ts';

export async function pageRedactor(config: RedactConfig): Promise<Redact> {
  if (config.builtIns.length === 0) return (text) => text;
  const { createRedactor } = await import('../../protocol/redact/redactor.ts');
  return createRedactor({ builtIns: config.builtIns, rules: [] });
}
