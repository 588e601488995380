// The service's command line as `npm start` runs it (built: scripts/service-build.ts) in a child process, for tests and
// the collector bench that need whole processes (several on one database, or one killed with SIGKILL): started with an
// environment, resolved with its URL once it prints it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { ensureServiceBuild, serviceArgs } from './service-build.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>;
}

/** `nodeOptions`: Node's own flags for the child, such as those NODE_OPTIONS may not carry (`--cpu-prof`). */
export async function startServiceProcess(
  env: Record<string, string>,
  nodeOptions: string[] = [],
): Promise<ServiceProcess> {
  await ensureServiceBuild();
  const child = spawn(process.execPath, [...nodeOptions, ...serviceArgs()], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (output += chunk));
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      // The last line of the start-up banner is the database's.
      const match = /Кабинет партнера: (http:\/\/[^/\s]+)\/[\s\S]*database: /.exec(output);
      if (match) resolveUrl(match[1]);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`the service exited (${signal ?? code}) before starting:\n${output}`)),
    );
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
