// Requests held open by the 'hang' fault. Each is released when its client gives up, or all at once when the
// service closes, so that closing never waits on a request that would otherwise never end.
export interface Hangs {
  /** Resolves when `signal` aborts or `releaseAll` is called. */
  wait(signal: AbortSignal): Promise<void>;
  releaseAll(): void;
}

export function createHangs(): Hangs {
  const pending = new Set<() => void>();
  return {
    wait(signal) {
      return new Promise((resolve) => {
        const release = () => {
          pending.delete(release);
          signal.removeEventListener('abort', release);
          resolve();
        };
        if (signal.aborted) return resolve();
        pending.add(release);
        signal.addEventListener('abort', release);
      });
    },
    releaseAll() {
      for (const release of [...pending]) release();
    },
  };
}
