// How another process is told to run the service's TypeScript as the service does (register.js): the one place the
// scripts, the bench and the tests that start a service process take it from.

/** Node's flags for a process that runs the service's `.ts` modules: its own hooks (ts-hooks.js), no tsx. */
export const SERVICE_NODE_ARGS: readonly string[] = ['--import', new URL('./register.js', import.meta.url).href];

/** tsx's, as the service ran before (kept for the bench's comparison: docs/benchmarks.md#the-service-without-tsxs-names). */
export const TSX_NODE_ARGS: readonly string[] = ['--import', 'tsx'];

/** `--loader` of the collector bench and its kin: `service` (SERVICE_NODE_ARGS, the default) or `tsx`. */
export function nodeArgsFor(loader: string | undefined): readonly string[] {
  if (loader === undefined || loader === 'service') return SERVICE_NODE_ARGS;
  if (loader === 'tsx') return TSX_NODE_ARGS;
  throw new Error(`--loader is 'service' or 'tsx', not '${loader}'`);
}
