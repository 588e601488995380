// `npm run start:clickhouse`: Sidelog with its logs in ClickHouse, in one command (docs/clickhouse.md#trying-it). It
// starts a local ClickHouse server as the tests do (scripts/clickhouse.ts: the system's `clickhouse-server`, Debian's
// package installed when missing and root), keeping its data in data/clickhouse/, then `npm start` with SIDELOG_LOGS
// naming it; the rest stays in SIDELOG_DB (data/sidelog.db unless set). The server stops with the service.
import { resolve } from 'node:path';
import { startThrowawayClickHouse } from './clickhouse.ts';

const clickhouse = await startThrowawayClickHouse({
  dir: resolve(process.env.SIDELOG_CLICKHOUSE_DIR ?? 'data/clickhouse'),
});
process.env.SIDELOG_LOGS = `${clickhouse.url}/sidelog`;
console.log(`ClickHouse for the logs: SIDELOG_LOGS=${process.env.SIDELOG_LOGS}`);
// However the service ends (Ctrl-C, after it has drained its writes; an error at start), the server goes with it, on
// the way out.
process.once('exit', () => {
  const pid = clickhouse.pid();
  if (pid) process.kill(pid, 'SIGTERM');
});
await import('./start.ts');
