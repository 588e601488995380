// Module hooks (Node's module.register) that load the service's TypeScript as JavaScript: each `.ts` file through
// esbuild's transform, its types stripped and nothing else changed. Unlike tsx, without esbuild's keepNames, which
// wraps every function and arrow made at run time in a __name(fn, "name") call (an Object.defineProperty per closure
// made: docs/local-service.md#how-the-service-runs). Imports name their `.ts` files, so Node's own resolution serves.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

/** As tsx compiles, keepNames aside: for this Node, stack traces through an inline source map. */
const OPTIONS = { loader: 'ts', format: 'esm', target: `node${process.versions.node}`, sourcemap: 'inline' };

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !new URL(url).pathname.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { code } = await transform(await readFile(path, 'utf8'), { ...OPTIONS, sourcefile: path });
  return { format: 'module', source: code, shortCircuit: true };
}
