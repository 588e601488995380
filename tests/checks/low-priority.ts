// Runs a check's command at the lowest CPU priority, so that it takes only what the test files beside it leave idle
// and never slows one down (docs/testing.md#the-checks).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The path of a package's command-line script, as its package.json names it. */
export function packageBin(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
}

export interface CheckResult {
  code: number | null;
  /** Standard output and standard error, as they came. */
  output: string;
}

/** Runs a Node script with its arguments, from the repository's root, and collects what it prints; `started` is given
 * the process, to end it if the run is cut short. */
export function runAtLowPriority(
  script: string,
  args: string[],
  started: (child: ChildProcess) => void = () => {},
): Promise<CheckResult> {
  // `nice` before exec, so that every thread of the process (V8's GC helpers, the Go runtime's) has the low priority.
  // That ranks it only within its autogroup (one per session, on Linux): Chromium, which Playwright starts in a session
  // of its own, would still split the CPU evenly with this session's whole group. So the check gets a session of its
  // own (`detached`), and that session's group the lowest priority too.
  const child = spawn('nice', ['-n', '19', process.execPath, script, ...args], {
    cwd: join(import.meta.dirname, '../..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started(child);
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, '19');
  } catch {
    // Not Linux, or no autogroups: `nice` alone is what there is.
  }
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code, output }));
  });
}
