// vi.waitFor with the patience of Playwright's own waits. Vitest's default gives a condition 1 s, which a click's
// fetch and render outlast on a busy or slower machine (CI's may be new): a wait that ends early is a flaky test, not
// a faster one. Nothing here bounds how fast the product must be (docs/testing.md#waiting).
import { vi } from 'vitest';

type WaitOptions = { timeout?: number; interval?: number };

/** Retries `callback` until it stops throwing (or its promise resolves), for up to 15 s by default. */
export function waitFor<T>(callback: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  return vi.waitFor(callback, { timeout: 15_000, interval: 50, ...options });
}
