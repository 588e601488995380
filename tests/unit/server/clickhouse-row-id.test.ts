// A ClickHouse row as the collector prepares it (server/stores/clickhouse/log-rows.ts): its id, made from the content hash
// without a second SHA-256, and its JSON line, written from one object literal, the same row toLogRow describes.
import { describe, expect, test } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { prepareBatch, rowId, toLogRow } from '../../../server/stores/clickhouse/log-rows.ts';
import { hashOfText } from '../../../server/stores/log-hash.ts';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const HASH = hashOfText('["a log"]');

describe('a row id', () => {
  test('is the same on a resend, and a safe integer of at most 52 bits', () => {
    expect(rowId(7, T0, HASH)).toBe(rowId(7, T0, HASH));
    for (const at of [T0, -1.5, 0, 8.64e15, T0 + 0.25])
      for (const session of [0, 1, 2 ** 32 - 1]) {
        const id = rowId(session, at, HASH);
        expect(Number.isSafeInteger(id) && id >= 0 && id < 2 ** 52).toBe(true);
      }
  });

  test('differs among 10,000 sessions logging the same text at the same time', () => {
    const ids = new Set(Array.from({ length: 10_000 }, (_, session) => rowId(session + 1, T0, HASH)));
    expect(ids.size).toBe(10_000);
  });

  test('differs among one session`s 10,000 times, whole or fractional, and among 10,000 texts', () => {
    expect(new Set(Array.from({ length: 10_000 }, (_, n) => rowId(1, T0 + n, HASH))).size).toBe(10_000);
    expect(new Set(Array.from({ length: 10_000 }, (_, n) => rowId(1, T0 + n / 16, HASH))).size).toBe(10_000);
    expect(new Set(Array.from({ length: 10_000 }, (_, n) => rowId(1, T0, hashOfText(`log ${n}`)))).size).toBe(10_000);
  });
});

describe('a prepared batch', () => {
  const logs: LogRecord[] = [
    { x: new Date(T0).toISOString(), at: T0, t: 'quote " backslash \\ newline \n NUL \u0000 😀', ll: 3, lc: 7 },
    { x: 'not a time', at: -1.5, tg: 'ui', m: 'handle', f: 'app.ts', l: 10, u: 'https://example.com/?q=1' },
    { x: new Date(T0).toISOString(), at: T0 },
  ];

  test('holds each log as one line, the row toLogRow makes (absent fields null), with its hash, time and level', () => {
    const batch = prepareBatch('app-"1"', 42, logs);
    const lines = batch.lines.split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) => {
      const { received, arrival, ...row } = toLogRow('app-"1"', 42, logs[i]!);
      void received;
      void arrival;
      expect(JSON.parse(line)).toEqual(row);
      expect(batch.hash[i]).toBe(row.content_hash);
    });
    expect(batch.at).toEqual([T0, -1.5, T0]);
    expect(batch.level).toEqual([3, null, null]);
  });
});
