// `vite build` as `npm run build` and `npm start` run it, from inside a test run. Vitest sets NODE_ENV to 'test', with
// which Vite builds React's development code: twice the size, and in Chromium about half again the CPU of every page
// the e2e tests open (docs/testing.md#chromium). NODE_ENV is 'production' for the build's time.
import { build, type PluginOption } from 'vite';

/** Builds the Vite app at `root` (its own vite.config.*) into `outDir`, for production; `plugins` after its own. */
export async function productionBuild(root: string, outDir: string, plugins: PluginOption[] = []): Promise<void> {
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true }, plugins });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
}
