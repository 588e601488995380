/** The window after the burst over which main-thread time and long tasks are counted (README.md#benchmark). */
export const AFTER_MS = 3000;
