// How the service's processes run their TypeScript (server/runtime/, docs/local-service.md#how-the-service-runs):
// through the service's own hooks, which leave the closures as written where tsx wraps each one made in a __name call,
// in worker threads too, with stack traces naming the `.ts` file and line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { SERVICE_NODE_ARGS, TSX_NODE_ARGS } from '../../../server/runtime/node-args.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const PROBE = 'tests/support/runtime-probe.ts';

async function probe(loader: readonly string[]): Promise<{ main: string; thread: string; stderr: string }> {
  const child = spawn(process.execPath, [...loader, PROBE], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await once(child, 'exit');
  const line = (name: string) => new RegExp(`^${name}: ([\\s\\S]*?)(?=^\\w+: |$(?![\\s\\S]))`, 'm').exec(stdout)?.[1];
  return { main: line('main') ?? '', thread: line('thread') ?? '', stderr };
}

test('a service process leaves its closures unnamed, in its worker threads too, where tsx names each one', async () => {
  const service = await probe(SERVICE_NODE_ARGS);
  expect(service.main).toContain('const inner = (n) => n + 1;');
  expect(service.main).not.toContain('__name');
  expect(service.thread).toContain('const inner = (n) => n + 1;');
  expect(service.thread).not.toContain('__name');

  const tsx = await probe(TSX_NODE_ARGS);
  expect(tsx.main).toContain('__name');
  expect(tsx.thread).toContain('__name');
});

test("a service process's stack trace names the .ts file and its line", async () => {
  const line =
    readFileSync(resolve(ROOT, PROBE), 'utf8')
      .split('\n')
      .findIndex((text) => text.includes("Error('probe')")) + 1;
  const { stderr } = await probe(SERVICE_NODE_ARGS);
  expect(stderr).toContain('Error: probe');
  expect(stderr).toContain(`${PROBE}:${line}:`);
});
