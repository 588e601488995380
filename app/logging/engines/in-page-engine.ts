// Modes B and C: the engine runs in the page. B keeps the browser database and elects one uploader
// among tabs; C keeps data in memory and uploads its own. The engine's code is loaded only when needed.
import type { EngineKind } from './engine-handle.types.ts';
import { withDeadline } from './deadline.ts';

export function inPageKind(mode: 'B' | 'C', canBeUsed: () => boolean): EngineKind {
  return {
    mode,
    canBeUsed,
    async create(config, debug, deadlineMs, stored) {
      const { createEngine } = await import('../../../worker/engine.ts');
      const engine = createEngine();
      await withDeadline(
        engine.start(
          { ...config, storage: mode === 'B' ? 'indexeddb' : 'memory', leadership: mode === 'B' ? 'lock' : 'always' },
          debug,
          stored,
        ),
        deadlineMs,
        `The mode ${mode} engine`,
      );
      return { mode, sink: engine, calls: engine, dispose: () => void engine.close() };
    },
  };
}
