/** The window after the burst over which main-thread time and long tasks are counted
 * (docs/benchmarks.md#main-thread-cost). */
export const AFTER_MS = 3000;
