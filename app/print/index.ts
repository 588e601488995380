// The print plugin: a block in a hidden frame after a delay, or in its own window.
export { printElement, PRINT_FRAME_ATTRIBUTE } from './print-element.ts';
export { openPrintWindow } from './open-print-window.ts';
export { PRINT_HIDDEN } from './print-classes.ts';
