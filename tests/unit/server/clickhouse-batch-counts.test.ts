// A batch's counts owed to SIDELOG_DB when it failed (server/stores/clickhouse/batch-counts.ts): kept in the ledger
// before the error is answered, written ahead of the next batch's, in order, each once, once more as the store closes,
// and by a sweep of the ledger. Pure logic: SIDELOG_DB and the ledger are lists here, SIDELOG_DB failing when told to
// and recording tokens as countLogs does (the real stores: clickhouse-owed-counts.test.ts).
import { expect, test, vi } from 'vitest';
import { createBatchCounting, PAID_KEPT_S } from '../../../server/stores/clickhouse/batch-counts.ts';
import type { OwedCounts, OwedLedger } from '../../../server/stores/clickhouse/owed-counts.ts';
import type { StoredCounts } from '../../../server/stores/store.types.ts';

const batch = (stored: number): StoredCounts => ({ sent: stored, stored, first_at: 1, last_at: 2, levels: [stored] });

/** SIDELOG_DB as a list of the counts written; a token recorded counts nothing the second time. `forgotten`: the
 * tokens counted_batches was told to forget. */
function sidelogDb() {
  const written: number[] = [];
  const tokens = new Set<string>();
  const db = {
    failing: true,
    written,
    forgotten: [] as string[],
    async forgetCountedTokens(gone: readonly string[]) {
      db.forgotten.push(...gone);
    },
    async countLogs(_app: string, _session: number, counts: StoredCounts, token?: string) {
      if (db.failing) throw new Error('SIDELOG_DB is away');
      if (token !== undefined) {
        if (tokens.has(token)) return true;
        tokens.add(token);
      }
      written.push(counts.stored);
      return true;
    },
  };
  return db;
}

/** The ledger as ClickHouse's table holds it: rows owed, and the tokens marked paid, with the second of their
 * payment. */
function ledgerList(): OwedLedger & { rows: OwedCounts[]; paidTokens: Map<string, number>; refusing: boolean } {
  const ledger = {
    rows: [] as OwedCounts[],
    paidTokens: new Map<string, number>(),
    refusing: false,
    async owe(entry: OwedCounts) {
      if (ledger.refusing) throw new Error('ClickHouse is away');
      ledger.rows.push(entry);
    },
    async unpaid(limit: number) {
      return ledger.rows.filter((row) => !ledger.paidTokens.has(row.token)).slice(0, limit);
    },
    async paid(entries: readonly OwedCounts[]) {
      for (const entry of entries) ledger.paidTokens.set(entry.token, Math.floor(Date.now() / 1000));
    },
    async prune(paidBefore: number, limit: number) {
      const gone = [...ledger.paidTokens].filter(([, at]) => at < paidBefore).slice(0, limit);
      for (const [token] of gone) ledger.paidTokens.delete(token);
      ledger.rows = ledger.rows.filter((row) => !gone.some(([token]) => token === row.token));
      return gone.map(([token]) => token);
    },
  };
  return ledger;
}

test('counts SIDELOG_DB refused are written before the next batch’s, each once', async () => {
  const db = sidelogDb();
  const ledger = ledgerList();
  const { count } = createBatchCounting(db, ledger);
  await expect(count('app', 1, batch(5), 't5')).rejects.toThrow('away');
  await expect(count('app', 1, batch(6), 't6')).rejects.toThrow('away');
  expect(db.written).toEqual([]);
  // Kept in the ledger before the error was answered, each under its batch's token.
  expect(ledger.rows.map((row) => [row.counts.stored, row.token])).toEqual([
    [5, 't5'],
    [6, 't6'],
  ]);
  db.failing = false;
  // Two batches at once: the owed counts go with one of them, not both.
  await Promise.all([count('app', 1, batch(7), 't7'), count('app', 2, batch(8), 't8')]);
  expect(db.written.sort((a, b) => a - b)).toEqual([5, 6, 7, 8]);
  // And the ledger has them paid: no sweep pays them again.
  expect(await ledger.unpaid(10)).toEqual([]);
  await count('app', 1, batch(9), 't9');
  expect(db.written).toHaveLength(5);
});

test('counts still owed are written as the store closes, and those SIDELOG_DB still refuses are told', async () => {
  const db = sidelogDb();
  const ledger = ledgerList();
  const counting = createBatchCounting(db, ledger);
  await expect(counting.count('app', 1, batch(5), 't5')).rejects.toThrow('away');
  ledger.refusing = true;
  await expect(counting.count('app', 1, batch(6), 't6')).rejects.toThrow('away');
  // Still away at the close: both owed, in their order, for a later settle; the second only here.
  expect(await counting.settle()).toEqual({ owed: 2, onlyHere: 1 });
  db.failing = false;
  expect(await counting.settle()).toEqual({ owed: 0, onlyHere: 0 });
  expect(db.written).toEqual([5, 6]);
  expect(await counting.settle()).toEqual({ owed: 0, onlyHere: 0 });
  expect(db.written).toEqual([5, 6]);
});

test('a sweep pays what another process owed, once, however many sweep it or pay it from memory', async () => {
  const db = sidelogDb();
  const ledger = ledgerList();
  // The process that owed them, never closed (killed), and two others sweeping at once.
  const killed = createBatchCounting(db, ledger);
  await expect(killed.count('app', 1, batch(5), 't5')).rejects.toThrow('away');
  await expect(killed.count('app', 2, batch(6), 't6')).rejects.toThrow('away');
  db.failing = false;
  const [a, b] = [createBatchCounting(db, ledger), createBatchCounting(db, ledger)];
  await Promise.all([a.payOwed(), b.payOwed()]);
  expect(db.written.sort((x, y) => x - y)).toEqual([5, 6]);
  // A payer killed after paying but before marking paid: the next one pays again, and counts nothing.
  ledger.paidTokens.clear();
  await a.payOwed();
  expect(db.written).toHaveLength(2);
  expect(await ledger.unpaid(10)).toEqual([]);
});

test('a sweep that SIDELOG_DB refuses leaves the counts owed for the next', async () => {
  const db = sidelogDb();
  const ledger = ledgerList();
  const counting = createBatchCounting(db, ledger);
  await expect(counting.count('app', 1, batch(5), 't5')).rejects.toThrow('away');
  await expect(counting.payOwed()).rejects.toThrow('away');
  expect((await ledger.unpaid(10)).map((row) => row.counts.stored)).toEqual([5]);
  db.failing = false;
  expect(await counting.payOwed()).toBeGreaterThan(0);
  expect(db.written).toEqual([5]);
  expect(await ledger.unpaid(10)).toEqual([]);
});

test('the normal path, SIDELOG_DB taking the counts, is one countLogs with the batch’s token and asks nothing of the ledger', async () => {
  const calls: string[] = [];
  const counting = createBatchCounting(
    {
      async countLogs(_app, _session, counts, token) {
        calls.push(`countLogs ${counts.stored} ${token ?? 'no token'}`);
        return true;
      },
      forgetCountedTokens: async () => void calls.push('forgetCountedTokens'),
    },
    {
      owe: async () => void calls.push('owe'),
      unpaid: async () => (calls.push('unpaid'), []),
      paid: async () => void calls.push('paid'),
      prune: async () => (calls.push('prune'), []),
    },
  );
  await counting.count('app', 1, batch(5), 't5');
  await counting.count('app', 1, batch(6), 't6');
  expect(calls).toEqual(['countLogs 5 t5', 'countLogs 6 t6']);
});

test('counts whose write went in but whose answer was lost are owed under the same token, and count once', async () => {
  const db = sidelogDb();
  db.failing = false;
  const ledger = ledgerList();
  let lost = 1;
  const counting = createBatchCounting(
    {
      async countLogs(app, session, counts, token) {
        await db.countLogs(app, session, counts, token);
        if (lost-- > 0) throw new Error('the answer was lost');
        return true;
      },
      forgetCountedTokens: db.forgetCountedTokens,
    },
    ledger,
  );
  await expect(counting.count('app', 1, batch(5), 't5')).rejects.toThrow('lost');
  expect(db.written).toEqual([5]);
  expect(ledger.rows.map((row) => row.token)).toEqual(['t5']);
  // Paid ahead of the next batch's counts, and again by a sweep: written once.
  await counting.count('app', 1, batch(6), 't6');
  ledger.paidTokens.clear();
  await counting.payOwed();
  expect(db.written).toEqual([5, 6]);
});

test('counts paid more than PAID_KEPT_S ago leave the ledger at a sweep, and their tokens counted_batches', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const db = sidelogDb();
    const ledger = ledgerList();
    const counting = createBatchCounting(db, ledger);
    await expect(counting.count('app', 1, batch(5), 't5')).rejects.toThrow('away');
    db.failing = false;
    await counting.payOwed();
    expect([...ledger.paidTokens.keys()]).toEqual(['t5']);
    // Within the hour the paid row stays, so that a payer that read the counts as owed finds them counted.
    vi.advanceTimersByTime(PAID_KEPT_S * 1000);
    await counting.payOwed();
    expect(ledger.rows.map((row) => row.token)).toEqual(['t5']);
    expect(db.forgotten).toEqual([]);
    vi.advanceTimersByTime(1000);
    await counting.payOwed();
    expect(ledger.rows).toEqual([]);
    expect(db.forgotten).toEqual(['t5']);
    expect(db.written).toEqual([5]);
  } finally {
    vi.useRealTimers();
  }
});
