// A group commit (docs/clickhouse.md#batches-that-suit-it): ClickHouse wants few large inserts, and each collector
// request brings a batch of a few hundred logs. The batches that arrive within a short window, or while the previous
// group is being written, go in as one write; each caller's promise settles when its own rows are in (or the write
// failed: then nothing of the group was acknowledged, and each caller may send again).

interface GroupCommitOptions<B> {
  /** How many rows a batch holds, for maxRows and maxPendingRows. */
  rows: (batch: B) => number;
  /** How long the first batch to arrive at an idle writer waits for others. */
  windowMs: number;
  /** A group this large is written at once, without waiting out the window. */
  maxRows: number;
  /** Past this many rows waiting, a batch is refused at once (`refuse`'s error) rather than queued behind seconds of
   * others: the collector answers 503 with Retry-After. */
  maxPendingRows: number;
  refuse: () => Error;
}

interface Waiting<B, R> {
  batch: B;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommit<B, R = number> {
  /** Resolves with what the write answered for this batch (for logs: how many of its rows were new, and theirs counts). */
  submit(batch: B): Promise<R>;
  /** Resolves once everything submitted before it is written (or failed). */
  drain(): Promise<void>;
}

/** `write` gets the batches of one group, in arrival order, and answers one result per batch. */
export function groupCommit<B, R = number>(
  write: (batches: B[]) => Promise<R[]>,
  options: GroupCommitOptions<B>,
): GroupCommit<B, R> {
  let waiting: Waiting<B, R>[] = [];
  let waitingRows = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const start = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const group = waiting;
    waiting = [];
    waitingRows = 0;
    running = write(group.map((waiter) => waiter.batch)).then(
      (results) => group.forEach((waiter, index) => waiter.resolve(results[index]!)),
      (error: unknown) => group.forEach((waiter) => waiter.reject(error)),
    );
    void running.then(() => {
      running = undefined;
      // What arrived during the write has waited long enough: it goes next, at once.
      if (waiting.length > 0) start();
    });
  };

  return {
    submit(batch) {
      const rows = options.rows(batch);
      if (waitingRows + rows > options.maxPendingRows) return Promise.reject(options.refuse());
      const done = new Promise<R>((resolve, reject) => waiting.push({ batch, resolve, reject }));
      waitingRows += rows;
      if (!running) {
        if (waitingRows >= options.maxRows) start();
        else timer ??= setTimeout(start, options.windowMs);
      }
      return done;
    },
    async drain() {
      while (running || waiting.length > 0) {
        if (!running) start();
        await running;
      }
    },
  };
}
