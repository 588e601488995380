// `vite build` as `npm run build` and `npm start` run it, from inside a test run: for production, whatever the run's
// NODE_ENV (scripts/production-env.ts).
import { build, type PluginOption } from 'vite';
import { inProduction } from '../../scripts/production-env.ts';

/** Builds the Vite app at `root` (its own vite.config.*) into `outDir`, for production; `plugins` after its own. */
export async function productionBuild(root: string, outDir: string, plugins: PluginOption[] = []): Promise<void> {
  await inProduction(() => build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true }, plugins }));
}
