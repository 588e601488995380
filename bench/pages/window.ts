/** The window after the burst over which main-thread time and long tasks are counted (design.md §7). */
export const AFTER_MS = 3000;
