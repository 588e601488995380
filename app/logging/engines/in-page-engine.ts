// Modes B and C: the engine runs in the page. B keeps the browser database and elects one uploader
// among tabs; C keeps data in memory and uploads its own. The engine's code is loaded only when needed.
import type { WriteMessage } from '../../../protocol/index.ts';
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
      // The engine gets a structured clone of each write as it is sent, as a worker does through postMessage: it
      // stores writes some ms later (worker/engine.ts), and must read the values as they were when logged, not as
      // the page has changed them since (docs/modes.md#the-page-and-the-worker). One clone per message, not per call;
      // an uncloneable value throws here as in postMessage, and goes again as text (app/logging/cloneable.ts).
      const sink = { write: (message: WriteMessage) => engine.write(structuredClone(message)) };
      return { mode, sink, calls: engine, dispose: () => void engine.close() };
    },
  };
}
