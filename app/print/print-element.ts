// Prints one block of the page (docs/portal.md#print): after PRINT_DELAY_MS the block is copied into a
// hidden frame whose stylesheet leaves out what a printed copy must not show, then the frame prints.
import { PRINT_DELAY_MS } from '../../portal/constants.ts';
import { fillPrintDocument } from './fill-print-document.ts';
import { PRINT_HIDE_CSS } from './print-classes.ts';
import { reportMissingTarget } from './report-missing-target.ts';

export const PRINT_FRAME_ATTRIBUTE = 'data-print-frame';

interface PrintOptions {
  /** Extra stylesheet URLs (e.g. a CDN print stylesheet). */
  stylesheets?: string[];
}

function createHiddenFrame(): HTMLIFrameElement {
  // The previous copy is removed only now: removing a frame while its print dialog is open breaks it.
  document.querySelector(`iframe[${PRINT_FRAME_ATTRIBUTE}]`)?.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute(PRINT_FRAME_ATTRIBUTE, '');
  frame.title = 'Печать';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  // Not display:none: a frame that is not rendered prints blank in some browsers.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  document.body.append(frame);
  return frame;
}

/** Resolves once the frame's print() has been called (or the missing target reported). */
export function printElement(id: string, options: PrintOptions = {}): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, PRINT_DELAY_MS)).then(async () => {
    const block = document.getElementById(id);
    if (!block) return reportMissingTarget(id);
    const frame = createHiddenFrame();
    const frameDocument = frame.contentDocument!;
    await fillPrintDocument(frameDocument, block, {
      copyPageStyles: true,
      links: options.stylesheets ?? [],
      css: PRINT_HIDE_CSS,
    });
    frame.contentWindow!.focus();
    frame.contentWindow!.print();
  });
}
