// `sidelog/vite`: uploads a production build's source maps when Vite has written the build (docs/source-maps.md#plugins).
// Vite's types only; the build itself is Vite's (turn `build.sourcemap` on: 'hidden' writes the maps without
// pointing browsers at them). A refused map fails the build, as a map missing would leave crashes unreadable.
import type { Plugin, ResolvedConfig } from 'vite';
import { uploadSourceMaps, type UploadOptions } from './upload.ts';

export type SidelogVitePluginOptions = Omit<UploadOptions, 'log' | 'urlPrefix'> & {
  /** Where the build's folder is served: Vite's `base` by default. */
  urlPrefix?: string;
};

export function sidelogSourceMaps(options: SidelogVitePluginOptions): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'sidelog-source-maps',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config || config.mode !== 'production' || config.build.ssr) return;
      const dir = config.build.outDir.startsWith('/') ? config.build.outDir : `${config.root}/${config.build.outDir}`;
      const base = /^(\/|https?:\/\/)/.test(config.base) ? config.base : '/';
      const result = await uploadSourceMaps(dir, {
        ...options,
        urlPrefix: options.urlPrefix ?? base,
        log: (line) => config!.logger.info(`sidelog: ${line}`),
      });
      if (result.failed.length > 0)
        throw new Error(`sidelog: ${result.failed.map((failed) => `${failed.file}: ${failed.reason}`).join('; ')}`);
    },
  };
}
