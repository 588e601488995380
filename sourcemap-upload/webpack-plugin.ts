// `sidelog/webpack`: uploads a production build's source maps once webpack has written its files
// (docs/source-maps.md#plugins). webpack's types only. Turn `devtool` on ('hidden-source-map' writes maps without
// pointing browsers at them). A refused map fails the compilation.
import type { Compiler } from 'webpack';
import { uploadSourceMaps, type UploadOptions } from './upload.ts';

export type SidelogWebpackPluginOptions = Omit<UploadOptions, 'log' | 'urlPrefix'> & {
  /** Where the output folder is served: output.publicPath by default when it is a path, else '/'. */
  urlPrefix?: string;
};

export class SidelogSourceMapsPlugin {
  constructor(private readonly options: SidelogWebpackPluginOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('SidelogSourceMapsPlugin', async (compilation) => {
      if (compiler.options.mode !== 'production') return;
      const dir = compilation.outputOptions.path;
      if (!dir) return;
      const publicPath = compilation.outputOptions.publicPath;
      const prefix = typeof publicPath === 'string' && /^(\/|https?:\/\/)/.test(publicPath) ? publicPath : '/';
      const logger = compilation.getLogger('SidelogSourceMapsPlugin');
      const result = await uploadSourceMaps(dir, {
        ...this.options,
        urlPrefix: this.options.urlPrefix ?? prefix,
        log: (line) => logger.info(line),
      });
      for (const failed of result.failed)
        compilation.errors.push(new compiler.webpack.WebpackError(`sidelog: ${failed.file}: ${failed.reason}`));
    });
  }
}
