// What init loads, as a chunk of its own: what starts the engine, and what the page needs only once it runs (the
// identity, the rescue, the saved session time, sanitising device keys and issues, the fallback for uncloneable
// arguments): app/logging/session-start.ts. A page's first load is then Sidelog's API and its write queue
// (docs/benchmarks.md#main-thread-cost); calls made while this loads wait in the queue, as they would for a worker
// still starting.
export { startSession } from './session-start.ts';
