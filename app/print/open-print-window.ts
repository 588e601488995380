// The print plugin's second form (docs/portal.md#print): the block in a new window (blank target, full
// screen, title bar, scrollbars) styled by the app's own `printsale` stylesheet, which then prints.
import { fillPrintDocument } from './fill-print-document.ts';
import { PRINTSALE_STYLESHEET } from './print-classes.ts';
import { reportMissingTarget } from './report-missing-target.ts';

const PRINT_WINDOW_FEATURES = 'fullscreen=yes,titlebar=yes,scrollbars=yes';

/**
 * Must be called from the click that asks for it: the window is opened at once, while the browser
 * still counts the click, so that a popup blocker lets it through. Resolves once print() was called.
 */
export async function openPrintWindow(id: string, stylesheets: string[] = []): Promise<Window | null> {
  const block = document.getElementById(id);
  if (!block) {
    reportMissingTarget(id);
    return null;
  }
  const printWindow = window.open('', '_blank', PRINT_WINDOW_FEATURES);
  if (!printWindow) return null;
  await fillPrintDocument(printWindow.document, block, { links: [...stylesheets, PRINTSALE_STYLESHEET] });
  // The window has served its purpose once its print dialog closes.
  printWindow.addEventListener('afterprint', () => printWindow.close(), { once: true });
  printWindow.focus();
  printWindow.print();
  return printWindow;
}
