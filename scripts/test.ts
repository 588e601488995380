// `npm test`: the typecheck and the format check run beside the tests, not before them, at the lowest CPU priority, so
// that they take only what the tests leave idle (docs/testing.md#the-command). Vitest's output streams as it comes;
// each check's is printed once the tests are over. The command fails if any of the three does. Arguments go to Vitest.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The path of a package's command-line script, as its package.json names it. */
function bin(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bins === 'string' ? bins : bins[name]);
}

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

const running = new Set<ChildProcess>();

/** Runs a check at the lowest priority, its output kept for the end. */
function check(name: string, script: string, args: string[]): Promise<Outcome> {
  const started = performance.now();
  // `nice` before exec, so that every thread of the process (V8's GC helpers too) has the low priority. That ranks it
  // only within its autogroup (one per session, on Linux): Chromium, which Playwright starts in a session of its own,
  // would still split the CPU evenly with this session's whole group. So the check gets a session of its own
  // (`detached`), and that session's group the lowest priority too.
  const child = spawn('nice', ['-n', '19', process.execPath, script, ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, '19');
  } catch {
    // Not Linux, or no autogroups: `nice` alone is what there is.
  }
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, seconds: 0 }));
    child.on('close', (code) => {
      running.delete(child);
      resolve({ name, code: code ?? 1, output, seconds: Math.round((performance.now() - started) / 1000) });
    });
  });
}

const checks = [
  check('typecheck (tsc -b)', bin('typescript', 'tsc'), ['-b']),
  check('format check (prettier --check .)', bin('prettier', 'prettier'), ['--check', '.', '--log-level', 'warn']),
];
const vitest = spawn(process.execPath, [bin('vitest', 'vitest'), 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Detached checks are out of the terminal's process group, which Ctrl-C reaches: they are stopped from here.
process.on('exit', () => running.forEach((child) => child.kill()));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    running.forEach((child) => child.kill());
    vitest.kill(signal);
  });
}
const testsCode = await new Promise<number>((resolve) => vitest.on('close', (code) => resolve(code ?? 1)));

let failed = testsCode !== 0;
for (const outcome of await Promise.all(checks)) {
  const passed = outcome.code === 0;
  failed ||= !passed;
  console.log(`\n${outcome.name}: ${passed ? 'passed' : 'FAILED'} (${outcome.seconds} s)`);
  if (outcome.output.trim()) console.log(outcome.output.trimEnd());
}
process.exit(failed ? 1 : 0);
