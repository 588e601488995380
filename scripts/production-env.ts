// Vite builds for NODE_ENV: a test run sets it to 'test', with which Vite builds React's development code (twice the
// size, about half again the CPU of every page: docs/testing.md#chromium) and the bench's pages would measure another
// build. `inProduction` runs a build with NODE_ENV 'production' and gives the caller's back after.

export async function inProduction<T>(work: () => Promise<T>): Promise<T> {
  const callerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await work();
  } finally {
    // Assigned undefined, an environment variable would read 'undefined'.
    if (callerEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerEnv;
  }
}
