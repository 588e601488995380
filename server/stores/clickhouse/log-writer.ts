// The insert path of ClickHouse's logs (docs/clickhouse.md#the-insert-path): batches gathered by the group commit
// (group-commit.ts), each log stored once however often it is sent (docs/clickhouse.md#a-resend-counted-once), and a
// batch acknowledged only once ClickHouse has acknowledged the insert that holds it.
import type { ClickHouseClient } from '@clickhouse/client';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { LogRecord } from '../../../protocol/records.types.ts';
import type { StoredCounts } from '../store.types.ts';
import { ARRIVALS_PER_MS, createArrivalClock, type ArrivalClock } from './arrival.ts';
import { groupCommit, type GroupCommit } from './group-commit.ts';
import { dedupeKeys, type DedupeKeys } from './dedupe-keys.ts';
import { numberedLine, prepareBatch, type PreparedBatch } from './log-rows.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlFloat, sqlIdentifier, sqlInteger, sqlList } from './sql-literal.ts';
import { ClickHouseUnavailable, asUnavailable } from './unavailable.ts';
import { rowsOf } from './client.ts';

/** The first batch at an idle writer waits this long for others: a fraction of the collector's answer time. */
export const GROUP_WINDOW_MS = 20;
/** A group this large goes at once: ClickHouse's own advice is inserts of 10,000 to 100,000 rows. */
export const GROUP_MAX_ROWS = 50_000;
/** Past this many logs waiting, a batch is refused (503) rather than queued: ClickHouse is down or slower than the
 * traffic, and the client keeps its logs and sends them later. */
export const MAX_WAITING_ROWS = 200_000;
/** Sessions per look-up of the rows already stored: each adds about 100 bytes to a query that must stay under
 * max_query_size (256 KiB). */
const SESSIONS_PER_LOOKUP = 500;

/** A batch's counts as the writer gives them (docs/clickhouse.md#counts-of-a-batch-once): its new logs' counts, its
 * token, and the counts of its logs ClickHouse held already under another sending's token, which SIDELOG_DB may not
 * have counted (that sending's process killed between ClickHouse's acknowledgement and SIDELOG_DB's). */
export interface BatchCounts extends StoredCounts {
  token: string;
  earlier: { token: string; counts: StoredCounts }[];
}

export interface LogWriter {
  /** Stores the batch, skipping logs already stored for the session (same `at` and content); resolves with how many
   * were new once ClickHouse has acknowledged them. Fails with ClickHouseUnavailable when ClickHouse is down, slow or
   * the writer is past MAX_WAITING_ROWS. */
  addLogs(appKey: string, sessionId: number, logs: LogRecord[]): Promise<number>;
  /** addLogs, answering the new logs' counts too, for SIDELOG_DB's session counts (CollectorStore.countLogs). */
  store(appKey: string, sessionId: number, logs: LogRecord[]): Promise<BatchCounts>;
  /** store, for a batch prepared elsewhere (a worker's, through the host's inserter: host-inserter.ts). */
  submit(batch: PreparedBatch): Promise<BatchCounts>;
  /** Resolves once every batch submitted before it is written or failed. */
  drain(): Promise<void>;
  /** The numbers of the rows' arrival order, and how far they are settled (arrival.ts). */
  arrivals: ArrivalClock;
}

export const noneStored = (sent: number): StoredCounts => ({
  sent,
  stored: 0,
  first_at: 0,
  last_at: 0,
  levels: [0, 0, 0, 0, 0, 0],
});
/** The writer's calls over a way to submit a prepared batch (the group commit here, or the host's inserter through a
 * worker's channel: remote-log-writer.ts): a batch prepared where it arrives, an empty one answered at once. */
export function batchCalls(
  submitBatch: (batch: PreparedBatch) => Promise<BatchCounts>,
): Pick<LogWriter, 'addLogs' | 'store' | 'submit'> {
  const submit = (batch: PreparedBatch) =>
    batch.at.length === 0 ? Promise.resolve({ ...noneStored(0), token: batch.token, earlier: [] }) : submitBatch(batch);
  const store: LogWriter['store'] = (appKey, sessionId, logs) => submit(prepareBatch(appKey, sessionId, logs));
  return { submit, store, addLogs: async (appKey, sessionId, logs) => (await store(appKey, sessionId, logs)).stored };
}

/** A stored row's key, for the look-up of its sending. */
const sendingKey = (sessionId: number, at: number, contentHash: string) => `${sessionId} ${at} ${contentHash}`;

/** A new row into its batch's counts; a level outside 0…5 counts in the total only, as on the other stores. */
function count(counts: StoredCounts, at: number, level: number | null): void {
  const first = counts.stored++ === 0;
  counts.first_at = first ? at : Math.min(counts.first_at, at);
  counts.last_at = first ? at : Math.max(counts.last_at, at);
  const ll = level ?? 0;
  if (ll in counts.levels) counts.levels[ll]!++;
}

export interface LogWriterOptions {
  /** Epoch ms; the clock of `received`. */
  now?: () => number;
  windowMs?: number;
  maxRows?: number;
  maxWaitingRows?: number;
  /** `logs` is a Distributed table (cluster.ts): its inserts wait until every shard has its rows, so that an
   * acknowledgement means the shards hold them, not the connected server's queue. */
  distributed?: boolean;
}

export function createLogWriter(client: ClickHouseClient, database: string, options: LogWriterOptions = {}): LogWriter {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const now = options.now ?? Date.now;
  const arrivals = createArrivalClock(now);

  /** The dedupe keys among the batches' rows that are stored already, looked up by each session's range of `at`: the
   * primary key (app, at, …) narrows the read to those times; and each such row's sending, by its key, where it has
   * one (rows stored before the `batch` column have none). */
  async function storedKeys(batches: PreparedBatch[]): Promise<{ keys: DedupeKeys; sendings: Map<string, string> }> {
    const ranges = new Map<number, { app: string; min: number; max: number }>();
    for (const batch of batches) {
      const range = ranges.get(batch.session) ?? { app: batch.app, min: Infinity, max: -Infinity };
      ranges.set(batch.session, range);
      for (const at of batch.at) {
        range.min = Math.min(range.min, at);
        range.max = Math.max(range.max, at);
      }
    }
    const stored = dedupeKeys();
    const sendings = new Map<string, string>();
    const sessions = [...ranges.entries()];
    for (let start = 0; start < sessions.length; start += SESSIONS_PER_LOOKUP) {
      const chunk = sessions.slice(start, start + SESSIONS_PER_LOOKUP);
      const apps = [...new Set(chunk.map(([, range]) => range.app))];
      const min = Math.min(...chunk.map(([, range]) => range.min));
      const max = Math.max(...chunk.map(([, range]) => range.max));
      const each = chunk
        .map(
          ([session, range]) =>
            `(session_id = ${sqlInteger(session)} AND at >= ${sqlFloat(range.min)} AND at <= ${sqlFloat(range.max)})`,
        )
        .join(' OR ');
      // The sessions' terms in PREWHERE: the granules the times pick hold mostly other sessions' rows, and the hash,
      // the sending and the app are read only for the rows left. 18.16 did not move them there of itself: 2 MB read a
      // check, 240 kB so (docs/clickhouse.md "On a new machine").
      const rows = await rowsOf<{ session_id: number; at: number; content_hash: string; batch: string }>(
        client,
        `SELECT session_id, at, content_hash, batch FROM ${table} PREWHERE ${each}
          WHERE app IN ${sqlList(apps)} AND at >= ${sqlFloat(min)} AND at <= ${sqlFloat(max)}`,
      );
      for (const row of rows) {
        stored.add(Number(row.session_id), Number(row.at), row.content_hash);
        if (row.batch !== '')
          sendings.set(sendingKey(Number(row.session_id), Number(row.at), row.content_hash), row.batch);
      }
    }
    return { keys: stored, sendings };
  }

  /** One group: the rows not yet stored (nor twice in the group), inserted at once as the text the batches brought,
   * each line numbered; each batch's counts of new ones. */
  async function write(batches: PreparedBatch[]): Promise<BatchCounts[]> {
    let first: number | undefined;
    try {
      const { keys: stored, sendings } = await storedKeys(batches);
      /** Per batch, the indexes of its new rows. */
      const fresh: number[][] = [];
      let freshRows = 0;
      const counts = batches.map((batch): BatchCounts => {
        const counts = noneStored(batch.at.length);
        const earlier = new Map<string, StoredCounts>();
        const news: number[] = [];
        batch.at.forEach((at, index) => {
          if (!stored.add(batch.session, at, batch.hash[index]!)) {
            // Stored by an earlier sending: counted with its token, once a group however often it comes (rare: a
            // resend; nothing is looked up otherwise).
            if (sendings.size === 0) return;
            const key = sendingKey(batch.session, at, batch.hash[index]!);
            const sending = sendings.get(key);
            if (sending === undefined) return;
            sendings.delete(key);
            const its = earlier.get(sending) ?? earlier.set(sending, noneStored(0)).get(sending)!;
            its.sent++;
            count(its, at, batch.level[index]!);
            return;
          }
          news.push(index);
          count(counts, at, batch.level[index]!);
        });
        fresh.push(news);
        freshRows += news.length;
        return {
          ...counts,
          token: batch.token,
          earlier: [...earlier].map(([token, counts]) => ({ token, counts })),
        };
      });
      if (freshRows > 0) {
        // Numbered as the insert begins, in the group's order: a session's logs arrive in the order they were sent.
        first = arrivals.begin(freshRows);
        // `received`, the partition's second, is the first number's: a reader from a position on reads the days
        // from that second (less one, for a group begun just before it) on.
        const received = Math.floor(first / ARRIVALS_PER_MS / 1000);
        const body: string[] = [];
        let arrival = first;
        batches.forEach((batch, index) => {
          const news = fresh[index]!;
          if (news.length === 0) return;
          const lines = batch.lines.split('\n');
          for (const row of news) body.push(numberedLine(lines[row]!, received, arrival++, batch.token));
        });
        // The text as the batches brought it, as a byte stream (`exec`, since `insert` would serialise objects):
        // no object per row is made or serialised here.
        const { stream } = await client.exec({
          query: `INSERT INTO ${table} FORMAT JSONEachRow`,
          values: Readable.from([Buffer.from(body.join('\n'))], { objectMode: false }),
          ...(options.distributed && { clickhouse_settings: { insert_distributed_sync: 1 } }),
        });
        // Its (empty) answer read to the end: the insert is acknowledged once the answer is whole, and an answer cut
        // short (the server killed) fails the group rather than leaving it waiting.
        await finished(stream.resume());
        arrivals.end(first, false);
      }
      return counts;
    } catch (error) {
      if (first !== undefined) arrivals.end(first, true);
      throw asUnavailable(error);
    }
  }

  const group: GroupCommit<PreparedBatch, BatchCounts> = groupCommit(write, {
    rows: (batch) => batch.at.length,
    windowMs: options.windowMs ?? GROUP_WINDOW_MS,
    maxRows: options.maxRows ?? GROUP_MAX_ROWS,
    maxPendingRows: options.maxWaitingRows ?? MAX_WAITING_ROWS,
    refuse: () => new ClickHouseUnavailable('ClickHouse is behind: too many logs are waiting to be stored'),
  });

  return {
    ...batchCalls((batch) => group.submit(batch)),
    drain: () => group.drain(),
    arrivals,
  };
}
