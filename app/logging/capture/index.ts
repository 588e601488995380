// The in-page captures, each switched on by its option. Each is its own chunk, loaded only when its option is on,
// so that a page with a capture off never downloads it (docs/benchmarks.md#main-thread-cost: the bytes a page loads).
import type { ResolvedOptions } from '../../../protocol/index.ts';
import type { CaptureTarget, InstallCapture } from './capture.types.ts';

const CAPTURES: [keyof ResolvedOptions, () => Promise<InstallCapture>][] = [
  ['overrideConsoleMethods', () => import('./console-capture.ts').then((module) => module.installConsoleCapture)],
  ['registerErrorHandler', () => import('./error-capture.ts').then((module) => module.installErrorCapture)],
  ['logBrowserEvents', () => import('./browser-events.ts').then((module) => module.installBrowserEvents)],
  ['logUIEvents', () => import('./ui-events.ts').then((module) => module.installUIEvents)],
  ['logNetworkRequests', () => import('./network-requests.ts').then((module) => module.installNetworkRequests)],
  ['logWebVitals', () => import('./web-vitals.ts').then((module) => module.installWebVitals)],
];

export interface InstalledCaptures {
  /** Settles once every capture asked for is loaded and listening (or failed to load: a capture is not worth an error in the page). */
  ready: Promise<void>;
  /** Takes every capture away, last first; a capture still loading is then never installed. */
  undo(): void;
}

/** Installs every capture the options ask for, in their order, as soon as their code is loaded. */
export function installCaptures(target: CaptureTarget, options: ResolvedOptions): InstalledCaptures {
  const undos: (() => void)[] = [];
  let undone = false;
  // An option names its capture with true, or with what it records ('failures', 'all'): on unless false.
  const loads = CAPTURES.filter(([option]) => !!options[option]).map(([, load]) => load());
  const ready = (async () => {
    for (const load of loads) {
      const install = await load.catch(() => undefined);
      if (undone) return;
      if (install) undos.push(install(target, options));
    }
  })();
  return {
    ready,
    undo() {
      undone = true;
      undos
        .splice(0)
        .reverse()
        .forEach((fn) => fn());
    },
  };
}
