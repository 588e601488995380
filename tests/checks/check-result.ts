// A check's result, from the run's checks (global-setup.ts): the answer comes when the check is done.
import { get } from 'node:http';
import { inject } from 'vitest';
import type { CheckResult } from './low-priority.ts';
import type { CheckName } from './started-checks.ts';

export function checkResult(check: CheckName): Promise<CheckResult> {
  // node:http rather than fetch, whose wait for the answer's headers ends at 5 minutes.
  return new Promise((resolve, reject) => {
    get(new URL(check, inject('checksURL')), (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(JSON.parse(body) as CheckResult));
    }).on('error', reject);
  });
}
