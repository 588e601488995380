// The same app built with its source maps uploaded to Sidelog by the package's webpack plugin (docs/source-maps.md#plugins):
// hidden maps (no comment in the bundle points browsers at them), written to dist-maps/, the service, token, app and
// release from the environment as a CI job would give them.
import { join } from 'node:path';
import { SidelogSourceMapsPlugin } from 'sidelog/webpack';
import base from './webpack.config.js';

export default {
  ...base,
  devtool: 'hidden-source-map',
  output: { ...base.output, path: join(import.meta.dirname, 'dist-maps') },
  plugins: [
    new SidelogSourceMapsPlugin({
      url: process.env.SIDELOG_URL,
      token: process.env.SIDELOG_ADMIN_TOKEN,
      app: process.env.SIDELOG_APP,
      release: process.env.SIDELOG_RELEASE,
    }),
  ],
};
