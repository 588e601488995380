// The bench's PostgreSQL as a server that has been running, not one just made. A new cluster has no write-ahead log
// files to reuse: each 16 MB segment it needs is made and written full of zeros first (`wal_init_zero`), which a
// profile put at 18 % of the server's CPU in the collector's load (docs/benchmarks.md#a-batch-on-postgresql-today). A
// server that has run a while renames the segments each checkpoint frees for the WAL to come, and zero-fills almost
// none (docs/benchmarks.md#the-bench-on-a-warm-postgresql). So before its first row the bench writes some 300 MB of
// WAL, and before every row it checkpoints, as a running server does every few minutes, so that the segments the row
// before wrote are renamed for this one.
import pg from 'pg';

export async function warmWriteAheadLog(url: string, first: boolean): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    if (first) {
      await client.query(`CREATE TABLE bench_warm AS SELECT repeat('x', 900) AS x FROM generate_series(1, 300000)`);
      await client.query('DROP TABLE bench_warm');
    }
    // The first checkpoint frees the segments written before it; the second, after the first's own record, lets them
    // all be renamed for reuse.
    await client.query('CHECKPOINT');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}
