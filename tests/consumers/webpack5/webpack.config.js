// webpack 5's defaults (entry src/index.js, output dist/main.js, its own handling of workers and assets): nothing for
// Sidelog. The paths are this directory's, wherever webpack is started from. Not minified: Sidelog's files come
// minified, and terser's second pass over them took 10 s of the tests' 2 cores for nothing they look at.
import { join } from 'node:path';

export default {
  mode: 'production',
  context: import.meta.dirname,
  output: { path: join(import.meta.dirname, 'dist') },
  optimization: { minimize: false },
};
