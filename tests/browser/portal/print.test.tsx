// Printing a sales block (docs/portal.md#print): a hidden frame after 500 ms with the printed copy's
// rules applied in that frame, the missing-target alert, and the printsale window.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { openPrintWindow, printElement, PRINT_FRAME_ATTRIBUTE, PRINT_HIDDEN } from '../../../app/print/index.ts';
import { OrderCard } from '../../../app/views/sales/OrderCard.tsx';
import { PRINT_DELAY_MS } from '../../../portal/constants.ts';
import { DEMO_ORDERS } from './fake-partner-api.ts';
import { cleanUpPortal, render } from './render.tsx';

const order = DEMO_ORDERS.orders[0]!;
const frame = () => document.querySelector<HTMLIFrameElement>(`iframe[${PRINT_FRAME_ATTRIBUTE}]`);

/** The frame's own print() is replaced, so no dialog opens; everything else in the frame is real. */
function stubFramePrint() {
  const print = vi.fn();
  const contentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!.get!;
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (this: HTMLIFrameElement) {
    const frameWindow = contentWindow.call(this) as Window | null;
    if (frameWindow) frameWindow.print = print;
    return frameWindow;
  });
  return print;
}

function expectPrintedCopy(doc: Document) {
  expect(doc.body.textContent).toContain('Заказ № 1001');
  expect(doc.body.textContent).toContain('Крем для рук');
  const shown = doc.querySelector('h2')!;
  expect(doc.defaultView!.getComputedStyle(shown).display).not.toBe('none');
  for (const name of Object.values(PRINT_HIDDEN)) {
    const hidden = doc.querySelectorAll(`.${name}`);
    expect(hidden.length, `.${name} is in the copy`).toBeGreaterThan(0);
    for (const element of hidden) expect(doc.defaultView!.getComputedStyle(element).display, `.${name}`).toBe('none');
  }
}

beforeEach(async () => {
  render(<OrderCard order={order} />);
  await expect.element(page.getByRole('heading', { name: 'Заказ № 1001' })).toBeVisible();
});

afterEach(() => {
  frame()?.remove();
  cleanUpPortal();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('printElement', () => {
  test('after 500 ms the block is copied into a hidden frame, which prints it without the hidden parts', async () => {
    const print = stubFramePrint();
    vi.useFakeTimers();
    const printed = printElement('order-a1');
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS - 1);
    expect(frame()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await printed;

    const printFrame = frame()!;
    expect(printFrame).not.toBeNull();
    expect(printFrame.getBoundingClientRect().width).toBe(0);
    expect(getComputedStyle(printFrame).visibility).toBe('hidden');
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.contexts[0]).toBe(printFrame.contentWindow);
    expectPrintedCopy(printFrame.contentDocument!);
    // The page itself is untouched: its badge is still shown.
    expect(getComputedStyle(document.querySelector(`.${PRINT_HIDDEN.badge}`)!).display).not.toBe('none');
  });

  test("the Sales block's 'Печать' button prints that order", async () => {
    const print = stubFramePrint();
    await userEvent.click(page.getByRole('button', { name: 'Печать: заказ № 1001' }));
    await expect.poll(() => print.mock.calls.length).toBe(1);
    expectPrintedCopy(frame()!.contentDocument!);
  });

  test('a second print replaces the previous frame', async () => {
    stubFramePrint();
    await printElement('order-a1');
    const first = frame();
    await printElement('order-a1');
    expect(document.querySelectorAll(`iframe[${PRINT_FRAME_ATTRIBUTE}]`)).toHaveLength(1);
    expect(frame()).not.toBe(first);
  });

  test('a missing target is reported by an alert naming its id, and nothing prints', async () => {
    const print = stubFramePrint();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.useFakeTimers();
    const printed = printElement('order-missing');
    await vi.advanceTimersByTimeAsync(PRINT_DELAY_MS);
    await printed;
    expect(alert).toHaveBeenCalledWith('Element to print #order-missing not found!');
    expect(frame()).toBeNull();
    expect(print).not.toHaveBeenCalled();
  });
});

describe('the print window', () => {
  test('opens a blank, full-screen window with title bar and scrollbars, styled by /printsale.css', async () => {
    const realOpen = window.open.bind(window);
    const print = vi.fn();
    const opened: Window[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation((...args) => {
      const printWindow = realOpen(...args)!;
      printWindow.print = print;
      opened.push(printWindow);
      return printWindow;
    });
    await userEvent.click(page.getByRole('button', { name: 'Открыть для печати в новом окне: заказ № 1001' }));
    await expect.poll(() => print.mock.calls.length).toBe(1);
    expect(open).toHaveBeenCalledWith('', '_blank', 'fullscreen=yes,titlebar=yes,scrollbars=yes');
    const doc = opened[0]!.document;
    const link = doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(new URL(link.href).pathname).toBe('/printsale.css');
    expect(link.sheet, 'printsale.css is served by the app').not.toBeNull();
    expectPrintedCopy(doc);
    opened[0]!.close();
  });

  test('a missing target alerts and opens nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open');
    expect(await openPrintWindow('order-missing')).toBeNull();
    expect(alert).toHaveBeenCalledWith('Element to print #order-missing not found!');
    expect(open).not.toHaveBeenCalled();
  });
});
