// Browser tests talk to the real local service (the logging collector), started here on a free
// loopback port with a temporary database and the tests' fault injection mounted (tests/support/collector-faults.ts)
// with answers of any status for the network capture (tests/support/answer-routes.ts), and, for Sidelog's OTLP
// target, to an OTLP receiver (tests/support/otlp-browser-receiver.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startService } from '../../server/service.ts';
import { mountAnswerRoutes } from '../support/answer-routes.ts';
import { mountCollectorFaults } from '../support/collector-faults.ts';
import { startOtlpReceiver } from '../support/otlp-browser-receiver.ts';

import type {} from './provided.d.ts';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-browser-'));
  const service = await startService({
    dbPath: join(dir, 'sidelog.db'),
    beforeRoutes: (app, store) => {
      mountCollectorFaults(app, store);
      mountAnswerRoutes(app);
    },
  });
  project.provide('collectorURL', service.url);
  project.provide('adminToken', service.adminToken);
  const receiver = await startOtlpReceiver();
  project.provide('otlpReceiverURL', receiver.url);
  return async () => {
    await receiver.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
