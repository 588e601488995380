// Printing a sales block (docs/portal.md#print): the hidden print frame holds the chosen block without the
// elements a printed copy leaves out.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_HIDDEN } from '../../app/print/print-classes.ts';
import { signInAsDemo } from './portal.ts';
import { startProduct, type Product } from './product.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());

declare global {
  interface Window {
    printCalls?: number;
  }
}

describe('printing a sales block', () => {
  it('the print frame holds the order without the hidden elements', async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      // Runs in every frame as it is attached, the print frame included: counts print() instead of
      // opening the system dialog.
      await page.addInitScript(() => {
        window.print = () => void (window.printCalls = (window.printCalls ?? 0) + 1);
      });
      await signInAsDemo(page, product.url);
      await page.getByRole('link', { name: 'Продажи' }).click();

      const order = page.getByRole('article').first();
      const heading = (await order.getByRole('heading', { level: 2 }).textContent())!;
      const blockId = (await order.getAttribute('id'))!;
      // What the printed copy must leave out, as the page shows it.
      const hiddenTexts = await order.evaluate(
        (block, classes) =>
          classes.flatMap((name) =>
            [...block.querySelectorAll(`.${name}`)].map((element) => (element as HTMLElement).innerText.trim()),
          ),
        Object.values(PRINT_HIDDEN).filter((name) => name !== PRINT_HIDDEN.actionButtons),
      );
      expect(hiddenTexts.length).toBeGreaterThan(0);
      const shownTexts = await order.evaluate((block) =>
        [...block.querySelectorAll('tbody tr:not(.order-item-free-add) td:nth-child(2)')].map((cell) =>
          cell.firstChild!.textContent!.trim(),
        ),
      );

      await order.getByRole('button', { name: /^Печать:/ }).click();

      const frame = await printFrame(page, blockId);
      await expect.poll(() => frame.evaluate(() => window.printCalls)).toBe(1);
      const printed = await frame.evaluate(() => document.body.innerText);
      expect(printed).toContain(heading);
      expect(printed).toContain('Итого');
      for (const text of shownTexts) expect(printed).toContain(text);
      expect(printed).not.toContain('Печать');
      for (const text of hiddenTexts) expect(printed).not.toContain(text);
      // Every element of the print rules is in the copy but not displayed.
      const displays = await frame.evaluate(
        (classes) =>
          classes.map((name) =>
            [...document.querySelectorAll(`.${name}`)].map((element) => getComputedStyle(element).display),
          ),
        Object.values(PRINT_HIDDEN),
      );
      for (const perClass of displays)
        expect(perClass.length > 0 && perClass.every((display) => display === 'none')).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("the browser's own Print of a view", () => {
  it("leaves the cabinet's header and the print buttons off the paper, the orders on it", async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      await signInAsDemo(page, product.url);
      await page.getByRole('link', { name: 'Продажи' }).click();
      await page.getByRole('article').first().waitFor();
      const shown = () =>
        page.evaluate(() =>
          ['.portal-header', '.print-hide-actions', 'article'].map((selector) =>
            [...document.querySelectorAll(selector)].some((element) => getComputedStyle(element).display !== 'none'),
          ),
        );
      expect(await shown()).toEqual([true, true, true]);
      await page.emulateMedia({ media: 'print' });
      expect(await shown()).toEqual([false, false, true]);
    } finally {
      await context.close();
    }
  });
});

/** The frame that holds a copy of the block, once the print has filled it. */
async function printFrame(page: Page, blockId: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(async () => {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue;
        if (await frame.evaluate((id) => document.body?.firstElementChild?.id === id, blockId).catch(() => false))
          found = frame;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
