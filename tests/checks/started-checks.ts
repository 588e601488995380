// The two checks, each its tool run at the lowest priority (low-priority.ts): started with the run by the checks'
// global setup, and their results taken by their tests (docs/testing.md#the-checks).
import type { ChildProcess } from 'node:child_process';
import { formatShares } from './format-shares.ts';
import { packageBin, runAtLowPriority, type CheckResult } from './low-priority.ts';

/** Under node_modules, which git ignores and `npm ci` deletes. */
const CACHE = 'node_modules/.cache/format-check';

export type CheckName = 'typecheck' | 'format';
export const CHECK_NAMES: readonly CheckName[] = ['typecheck', 'format'];

type Run = (script: string, args: string[]) => Promise<CheckResult>;

const CHECKS: Record<CheckName, (run: Run) => Promise<CheckResult>> = {
  // `tsc -b` over every runtime's project (tsconfig.json), with TypeScript's native compiler.
  typecheck: (run) => run(packageBin('typescript-native', 'tsc'), ['-b']),
  // Prettier checks one file after another, on one core: the files are shared among a process per core, so that the
  // check does not run on alone once the files beside it are done. Each share with a cache of its own (two processes
  // writing one would lose each other's entries), where a fresh clone has none: there every file is checked; a working
  // copy's next run checks only the files whose content changed since they were last found formatted (Prettier keys
  // the cache on each file's content, its own version and the options).
  format: async (run) => {
    const prettier = packageBin('prettier', 'prettier');
    const shares = formatShares();
    const results = await Promise.all(
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
    );
    return {
      code: Math.max(...results.map((result) => result.code ?? 1)),
      output: results.map((result) => result.output).join(''),
    };
  },
};

export interface StartedChecks {
  /** The check's result: the run started with the setup the first time it is asked for, a new run after that (a
   * watch mode's rerun checks the tree as it is then). */
  take(check: CheckName): Promise<CheckResult>;
  /** Ends the checks' processes still running (a run cut short). */
  stop(): void;
}

export function startChecks(): StartedChecks {
  const children: ChildProcess[] = [];
  const run: Run = (script, args) => runAtLowPriority(script, args, (child) => children.push(child));
  const started = new Map(CHECK_NAMES.map((check) => [check, CHECKS[check](run)]));
  return {
    take(check) {
      const first = started.get(check);
      started.delete(check);
      return first ?? CHECKS[check](run);
    },
    stop: () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
