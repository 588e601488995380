// The checks start with the run, not with their group: the typecheck and the format check run at the lowest priority
// from the run's first second, on what the unit and end-to-end files leave idle (their processes wait on PostgreSQL,
// ClickHouse and Chromium), and each check's test, in group 2 beside the browser files, takes its result, waiting for
// it if it is not yet done (docs/testing.md#the-checks). Only a run with the checks' files starts them: a filter that
// names other files runs no check.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { CHECK_NAMES, startChecks } from './started-checks.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port>/, where GET /<check> answers that check's result once it is done. */
    checksURL: string;
  }
}

export default async function setup(project: TestProject) {
  const checks = startChecks();
  // The result once the check is done: the test's request waits for it, no poll.
  const server = createServer((request, response) => {
    const check = CHECK_NAMES.find((name) => request.url === `/${name}`);
    if (!check) return response.writeHead(404).end();
    void checks
      .take(check)
      .then((result) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  project.provide('checksURL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return async () => {
    checks.stop();
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  };
}
