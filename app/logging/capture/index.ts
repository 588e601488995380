// The in-page captures, each switched on by its option.
import type { ResolvedOptions } from '../../../protocol/index.ts';
import { installBrowserEvents } from './browser-events.ts';
import type { CaptureTarget, InstallCapture } from './capture.types.ts';
import { installConsoleCapture } from './console-capture.ts';
import { installErrorCapture } from './error-capture.ts';
import { installUIEvents } from './ui-events.ts';

const CAPTURES: [keyof ResolvedOptions, InstallCapture][] = [
  ['overrideConsoleMethods', installConsoleCapture],
  ['registerErrorHandler', installErrorCapture],
  ['logBrowserEvents', installBrowserEvents],
  ['logUIEvents', installUIEvents],
];

/** Installs every capture the options ask for; returns what undoes them all, last first. */
export function installCaptures(target: CaptureTarget, options: ResolvedOptions): () => void {
  const undo = CAPTURES.filter(([option]) => options[option] === true).map(([, install]) => install(target, options));
  return () => undo.splice(0).reverse().forEach((fn) => fn());
}
