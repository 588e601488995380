import type { EngineApi, EngineConfig, DebugSink, SidelogMode, StoredSink } from '../../../protocol/index.ts';
import type { WriteSink } from '../write-queue.ts';

/** The calls the page makes on a started engine, whether it runs in a worker or in the page. */
type EngineCalls = Pick<EngineApi, 'settle' | 'forceSendOnce' | 'setForceEnabled' | 'pageHidden' | 'status' | 'close'>;

/** A started engine: where writes go, what can be called, and how to let it go. */
export interface EngineHandle {
  mode: SidelogMode;
  sink: WriteSink;
  calls: EngineCalls;
  /** Lets go of the worker or the in-page engine. */
  dispose(): void;
}

/** What the page hands every kind of engine; storage and leadership are the kind's own. */
export type PageEngineConfig = Omit<EngineConfig, 'storage' | 'leadership'>;

/** One way of running the engine (the method chooser of the broadcast-channel library: each kind says whether it can be used). */
export interface EngineKind {
  mode: SidelogMode;
  canBeUsed(): boolean;
  /** Starts the engine; rejects if it cannot start or does not answer within the deadline. `stored` hears
   * how far the page's writes are stored. */
  create(
    config: PageEngineConfig,
    debug: DebugSink | undefined,
    deadlineMs: number,
    stored: StoredSink,
  ): Promise<EngineHandle>;
}
