// What reading a collector body costs on @hono/node-server behind Hono's bodyLimit and behind the service's limitBody
// (server/http/body-limits.ts), which judges a body of a declared length by its header: a forked server (Hono, the
// limit, the body read as text as the collector reads it) answers BATCHES posts of the bench's batches of 500
// (bench/collector/ingest.ts) from this process, one at a time over one connection; its own CPU per 1,000 logs, from
// process.cpuUsage(). Alternating runs, the median of each; no parsing, no database (docs/clickhouse.md#two-processes-ingest).
//   npx tsx bench/collector/body-read.ts
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { limitBody } from '../../server/http/body-limits.ts';
import { BATCH, batchLogs } from './ingest.ts';

const BATCHES = 400;
const RUNS = 5;
const LIMIT = 128 * 1024 * 1024;

if (process.argv[2] === 'server') {
  const variant = process.argv[3];
  const app = new Hono();
  const limit =
    variant === 'hono'
      ? bodyLimit({ maxSize: LIMIT, onError: (c) => c.json({ error: 'too large' }, 413) })
      : limitBody(LIMIT);
  let start = process.cpuUsage();
  app.post('/start', (c) => ((start = process.cpuUsage()), c.json({})));
  app.post('/stop', (c) => {
    const used = process.cpuUsage(start);
    return c.json({ ms: (used.user + used.system) / 1000 });
  });
  app.post('/batch', limit, async (c) => c.json({ bytes: (await c.req.text()).length }));
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send!(info.port));
} else {
  const bodies = Array.from({ length: 20 }, (_, n) => JSON.stringify({ session_id: 1, logs: batchLogs(1, n) }));
  const results: Record<string, number[]> = { hono: [], limitBody: [] };
  for (let run = 0; run < RUNS; run++)
    for (const variant of ['hono', 'limitBody'] as const) {
      const server = fork(import.meta.filename, ['server', variant], { execArgv: ['--import', 'tsx'] });
      const port = await new Promise<number>((resolve) => server.once('message', (port) => resolve(port as number)));
      const post = async (path: string, body = '{}') =>
        (
          await fetch(`http://127.0.0.1:${port}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          })
        ).json() as Promise<{ ms?: number }>;
      for (let n = 0; n < 50; n++) await post('/batch', bodies[n % bodies.length]);
      await post('/start');
      for (let n = 0; n < BATCHES; n++) await post('/batch', bodies[n % bodies.length]);
      const { ms } = await post('/stop');
      results[variant]!.push(ms! / ((BATCHES * BATCH) / 1000));
      server.kill();
    }
  console.log(`${BATCHES} posts of ${BATCH} logs a run, ${RUNS} runs, load average ${loadavg()[0]!.toFixed(1)}\n`);
  console.log('| limit | server CPU ms per 1,000 logs, median | runs |');
  console.log('|---|--:|---|');
  for (const [variant, runs] of Object.entries(results)) {
    const sorted = [...runs].sort((a, b) => a - b);
    console.log(
      `| ${variant} | ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} | ${runs.map((ms) => ms.toFixed(2)).join(', ')} |`,
    );
  }
}
