// The two checks, each its tool run at the lowest priority (low-priority.ts): started with the run by the checks'
// global setup, and their results taken by their tests (docs/testing.md#the-checks).
import type { ChildProcess } from 'node:child_process';
import { packageBin, runAtLowPriority, type CheckResult } from './low-priority.ts';

export type CheckName = 'typecheck' | 'format';
export const CHECK_NAMES: readonly CheckName[] = ['typecheck', 'format'];

type Run = (script: string, args: string[]) => Promise<CheckResult>;

const CHECKS: Record<CheckName, (run: Run) => Promise<CheckResult>> = {
  // `tsc -b` over every runtime's project (tsconfig.json), with TypeScript's native compiler.
  typecheck: (run) => run(packageBin('typescript-native', 'tsc'), ['-b']),
  // oxfmt over the tree (.oxfmtrc.json), on a thread per core: it names each file not formatted, and nothing else.
  format: (run) => run(packageBin('oxfmt', 'oxfmt'), ['--list-different', '.']),
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
