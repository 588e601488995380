// The floor of `npm run bench:collector`: the least a collector on one Node process and SQLite can do per
// batch. A bare node:http server that parses the same bodies and inserts their logs into better-sqlite3 (WAL, SQLite's
// default `synchronous`, one transaction a batch, one prepared statement, no index, no check, no dedupe). The bench
// reads the service's logs/s against it in the same run. Started as a child process: prints its URL on stdout.
//   tsx bench/collector/floor-server.ts <database file>
import { createServer } from 'node:http';
import Database from 'better-sqlite3';
import type { LogRecord } from '../../protocol/records.types.ts';

const db = new Database(process.argv[2] ?? ':memory:');
db.pragma('journal_mode = WAL');
db.exec(`CREATE TABLE IF NOT EXISTS logs (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL, x TEXT NOT NULL, t TEXT, m TEXT,
  at REAL NOT NULL, tg TEXT, f TEXT, l INTEGER, ll INTEGER, u TEXT)`);
const insert = db.prepare(
  `INSERT INTO logs (session_id, x, t, m, at, tg, f, l, ll, u) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
/** The fields the floor stores, as the wire sends them. */
type Log = Pick<LogRecord, 'x' | 't' | 'm' | 'at' | 'tg' | 'f' | 'l' | 'll' | 'u'>;
const store = db.transaction((sessionId: number, logs: Log[]) => {
  for (const log of logs)
    insert.run(
      sessionId,
      log.x,
      log.t ?? null,
      log.m ?? null,
      log.at,
      log.tg ?? null,
      log.f ?? null,
      log.l ?? null,
      log.ll ?? null,
      log.u ?? null,
    );
});

let sessions = 0;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { session_id?: number; logs?: Log[] };
    let answer: object = {};
    if (request.url?.endsWith('/session')) answer = { id: ++sessions };
    else if (request.url?.endsWith('/log/batch')) store(body.session_id!, body.logs!);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`floor: http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => (db.close(), process.exit(0))));
