// The counts by a field draw each value's bar in a colour of the theme's (explorer/logs/FieldCounts.tsx,
// explorer/explorer.css): every one at 3:1 or more on the surface it is drawn on, light and dark, as WCAG's non-text
// contrast asks of a chart's marks; and the stylesheet gives each theme every colour the chart names.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SERIES_COLOUR_COUNT } from '../../../explorer/logs/FieldCounts.tsx';

const explorerCss = readFileSync(new URL('../../../explorer/explorer.css', import.meta.url), 'utf8');
const portalCss = readFileSync(new URL('../../../app/styles/portal.css', import.meta.url), 'utf8');

/** The custom properties of a stylesheet's first `:root` block at or after `from`. */
function rootVariables(css: string, from = 0): Map<string, string> {
  const start = css.indexOf(':root {', from);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name, value]) => [name!, value!]));
}

/** WCAG 2's contrast ratio of two colours written #rrggbb. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(bl!);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const light = new Map([...rootVariables(portalCss), ...rootVariables(explorerCss)]);
const dark = new Map([
  ...light,
  ...rootVariables(explorerCss, explorerCss.indexOf('@media (prefers-color-scheme: dark)')),
]);
const names = [
  ...Array.from({ length: SERIES_COLOUR_COUNT }, (_, i) => `--series-${i}`),
  '--series-other',
  '--series-none',
];

test.each([
  ['light', light],
  ['dark', dark],
] as const)('%s: each value’s colour at 3:1 or more on the surface', (_, theme) => {
  const surface = theme.get('--surface')!;
  const ratios = Object.fromEntries(names.map((name) => [name, contrast(theme.get(name)!, surface)]));
  expect(Object.entries(ratios).filter(([, ratio]) => !(ratio >= 3))).toEqual([]);
});

test('the dark theme gives each of the chart’s colours its own value', () => {
  const darkBlock = rootVariables(explorerCss, explorerCss.indexOf('@media (prefers-color-scheme: dark)'));
  expect(names.filter((name) => !darkBlock.has(name) || !light.has(name))).toEqual([]);
});
