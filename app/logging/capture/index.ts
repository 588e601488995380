// The in-page captures, each switched by its option. (Filled in by the captures' own modules.)
import type { ResolvedOptions } from '../../../protocol/index.ts';
import type { CaptureTarget } from './capture.types.ts';

/** Installs every capture the options ask for; returns what undoes them all. */
export function installCaptures(target: CaptureTarget, options: ResolvedOptions): () => void {
  const undo: (() => void)[] = [];
  void target;
  void options;
  return () => undo.splice(0).reverse().forEach((fn) => fn());
}
