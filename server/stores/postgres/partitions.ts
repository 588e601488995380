// The daily partitions of `logs` (server/stores/postgres/schema.ts), by the day of a log's `at` (UTC). A day near now
// gets its own partition the first time a log of it arrives; logs of days far from now (a client's clock years
// off) go to the default partition, so that no client can make thousands of tables. Retention drops whole
// partitions, which costs the same for a day of ten logs and of ten million.
import type pg from 'pg';
import { columnList } from '../log-columns.ts';
import { sql, transaction } from './client.ts';
import { SUBTRACT_FROM_VOLUME } from './log-volume.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days from now that get a partition of their own: a year back, two days ahead. */
const PAST_DAYS = 366;
const FUTURE_DAYS = 2;
/** Serialises the creation of partitions between processes. */
const PARTITION_LOCK = 0x5_1de_10a;
/** Every column a log's row holds but the generated one (tsv), which a move must leave out. */
const LOG_COLUMNS = `id, session_id, ${columnList()}, content_hash`;

const dayOf = (at: number) => Math.floor(at / DAY_MS);
const nameOf = (day: number) => `logs_${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;

export interface Partitions {
  /** Makes sure each day near now among `ats` has its partition before logs of it are inserted. */
  ensure(ats: Iterable<number>, now?: number): Promise<void>;
  /** Drops the partitions of days that ended at or before `cutoff`, taking their logs out of the sessions' counts;
   * how many logs went. At most `limit` partitions a call. */
  dropBefore(cutoff: number, limit: number): Promise<number>;
}

export function createPartitions(pool: pg.Pool): Partitions {
  /** Days known to have a partition (this process made or saw them). */
  const known = new Set<number>();

  async function listDays(client: pg.PoolClient): Promise<{ day: number; name: string }[]> {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass AND c.relname ~ '^logs_[0-9]{8}$'`,
    );
    return rows.map(({ name }) => ({
      name,
      day: dayOf(Date.parse(`${name.slice(5, 9)}-${name.slice(9, 11)}-${name.slice(11, 13)}T00:00:00Z`)),
    }));
  }

  async function create(day: number): Promise<void> {
    await transaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
      for (const existing of await listDays(client)) known.add(existing.day);
      if (known.has(day)) return;
      const from = day * DAY_MS;
      const to = from + DAY_MS;
      const name = nameOf(day);
      // Creating the partition checks the default one under this lock anyway; taken before our own look, it makes
      // that look final: a concurrent insert into the default partition either committed before it, and is seen
      // and moved, or waits until the partition exists. Without it a row committed between the look and the
      // CREATE failed the CREATE (23514), and the batch that needed the day with it.
      // In the CREATE's own order, the parent first, so that no reader holding the parent waits on us in a cycle.
      await client.query('LOCK TABLE ONLY logs IN ACCESS EXCLUSIVE MODE');
      await client.query('LOCK TABLE logs_default IN ACCESS EXCLUSIVE MODE');
      const { rows } = await client.query(`SELECT 1 FROM logs_default WHERE at >= $1 AND at < $2 LIMIT 1`, [from, to]);
      if (rows.length === 0) {
        await client.query(`CREATE TABLE ${name} PARTITION OF logs FOR VALUES FROM (${from}) TO (${to})`);
      } else {
        // Logs of this day arrived while it was far off: they move from the default partition to the new one.
        await client.query(`ALTER TABLE logs DETACH PARTITION logs_default`);
        await client.query(`CREATE TABLE ${name} PARTITION OF logs FOR VALUES FROM (${from}) TO (${to})`);
        await client.query(
          `WITH moved AS (DELETE FROM logs_default WHERE at >= $1 AND at < $2 RETURNING ${LOG_COLUMNS}) INSERT INTO ${name} (${LOG_COLUMNS}) SELECT ${LOG_COLUMNS} FROM moved`,
          [from, to],
        );
        await client.query(`ALTER TABLE logs ATTACH PARTITION logs_default DEFAULT`);
      }
      known.add(day);
    });
  }

  return {
    async ensure(ats, now = Date.now()) {
      const today = dayOf(now);
      const days = new Set<number>();
      for (const at of ats) {
        const day = dayOf(at);
        if (!known.has(day) && day >= today - PAST_DAYS && day <= today + FUTURE_DAYS) days.add(day);
      }
      for (const day of days) await create(day);
    },
    async dropBefore(cutoff, limit) {
      let dropped = 0;
      await transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
        const old = (await listDays(client)).filter(({ day }) => (day + 1) * DAY_MS <= cutoff).slice(0, limit);
        for (const { day, name } of old) {
          dropped += await subtractFromStats(client, `SELECT session_id, ll, at FROM ${name}`);
          await client.query(`DROP TABLE ${name}`);
          known.delete(day);
        }
      });
      return dropped;
    },
  };
}

/** Takes the logs `gone` names (a SELECT or a DELETE … RETURNING of session_id, ll and at) out of their sessions'
 * counts and their apps' volume; how many logs. */
export async function subtractFromStats(client: pg.PoolClient, gone: string, params: unknown[] = []): Promise<number> {
  const { rows } = await sql(client).query<{ n: number }>(
    `WITH gone AS (${gone}),
     counts AS (SELECT session_id, count(*) AS total, count(*) FILTER (WHERE coalesce(ll, 0) = 0) AS debug, count(*) FILTER (WHERE ll = 1) AS warning,
         count(*) FILTER (WHERE ll = 2) AS error, count(*) FILTER (WHERE ll = 3) AS trace, count(*) FILTER (WHERE ll = 4) AS info,
         count(*) FILTER (WHERE ll = 5) AS fatal FROM gone GROUP BY session_id),
     updated AS (UPDATE session_stats st SET total = st.total - c.total, debug = st.debug - c.debug, warning = st.warning - c.warning,
         error = st.error - c.error, trace = st.trace - c.trace, info = st.info - c.info, fatal = st.fatal - c.fatal
       FROM counts c WHERE st.session_id = c.session_id RETURNING 1),
     ${SUBTRACT_FROM_VOLUME}
     SELECT coalesce(sum(total), 0)::bigint AS n FROM counts`,
    params,
  );
  return rows[0]?.n ?? 0;
}
