// The two checks, each its tool run at the lowest priority (low-priority.ts): started once for the run by the checks'
// global setup, and their results taken by their tests (docs/testing.md#the-checks).
import type { ChildProcess } from 'node:child_process';
import { formatShares } from './format-shares.ts';
import { packageBin, runAtLowPriority, type CheckResult } from './low-priority.ts';

/** Under node_modules, which git ignores and `npm ci` deletes. */
const CACHE = 'node_modules/.cache/format-check';

export interface StartedChecks {
  results: Record<string, Promise<CheckResult>>;
  /** Ends the checks' processes still running (a run cut short). */
  stop(): void;
}

export function startChecks(): StartedChecks {
  const children: ChildProcess[] = [];
  const run = (script: string, args: string[]) => runAtLowPriority(script, args, (child) => children.push(child));
  // `tsc -b` over every runtime's project (tsconfig.json), with TypeScript's native compiler.
  const typecheck = run(packageBin('typescript-native', 'tsc'), ['-b']);
  // Prettier checks one file after another, on one core: the files are shared among a process per core, so that the
  // check does not run on alone once the files beside it are done. Each share with a cache of its own (two processes
  // writing one would lose each other's entries), where a fresh clone has none: there every file is checked; a working
  // copy's next run checks only the files whose content changed since they were last found formatted (Prettier keys
  // the cache on each file's content, its own version and the options).
  const prettier = packageBin('prettier', 'prettier');
  const shares = formatShares();
  const format = Promise.all(
    shares.map((files, share) =>
      run(prettier, [
        '--check',
        '--ignore-unknown',
        '--log-level',
        'warn',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        `${CACHE}/share-${share + 1}-of-${shares.length}.json`,
        ...files,
      ]),
    ),
  ).then((results) => ({
    code: Math.max(...results.map((result) => result.code ?? 1)),
    output: results.map((result) => result.output).join(''),
  }));
  return {
    results: { typecheck, format },
    stop: () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
