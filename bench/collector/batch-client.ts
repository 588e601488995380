// One bench client's connection to the collector: node:http on a keep-alive connection of its own, as each browser
// holds its own, where `fetch` shared one pool among every client of the load and cost the load generator, on the same
// 2 cores as the service, about 2.5 times as much CPU per batch (docs/benchmarks.md#the-tail-at-32-clients).
import { Agent, request } from 'node:http';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { WIRE_PATHS } from '../../protocol/wire.ts';

export interface BatchClient {
  /** Sends one batch's body: the answer's status, and its Retry-After in seconds (a 503's). */
  send(body: string): Promise<{ status: number; retryAfter: number }>;
  close(): void;
}

export function openBatchClient(url: string): BatchClient {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send: (body) =>
      new Promise((resolve, reject) => {
        const sending = request(
          {
            host: hostname,
            port,
            path: `/sidelog/api${WIRE_PATHS.sendLogs}`,
            method: 'POST',
            agent,
            headers: {
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(body),
              'X-App-Token': DEMO_APP_KEY,
            },
          },
          (answer) => {
            answer.resume();
            answer.on('error', reject);
            answer.on('end', () =>
              resolve({ status: answer.statusCode ?? 0, retryAfter: Number(answer.headers['retry-after'] ?? 1) }),
            );
          },
        );
        sending.on('error', reject);
        sending.end(body);
      }),
    close: () => agent.destroy(),
  };
}
