// axe-core run in a page of the running product, as the explorer's accessibility checks run it: evaluated through
// DevTools, which a strict Content-Security-Policy does not stop (an injected <script> it would).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
}

/** The serious and critical violations axe-core finds on the page as it is now, each with the elements it names.
 * `rules`: only these of axe-core's rules (a page checked again in its dark theme, where only the colours changed, needs
 * only `color-contrast`); every rule by default. */
export async function seriousViolations(
  page: Page,
  rules?: string[],
): Promise<{ id: string; impact: string; targets: string[] }[]> {
  // Once a document: a page checked again (light, then dark) has it already.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (only) => {
    const { axe } = window as unknown as { axe: { run(options: object): Promise<AxeResult> } };
    // Every rule still runs on every element; only the violations are gathered whole. The passes, the incomplete and
    // the inapplicable keep one element each rather than each with its CSS selector worked out (axe-core's
    // `resultTypes`), which the test never reads.
    const result = await axe.run({ resultTypes: ['violations'], ...(only ? { runOnly: only } : {}) });
    return result.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  }, rules);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
