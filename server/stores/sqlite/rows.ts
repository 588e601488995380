// The small helpers every SQLite store uses; rows back to records are server/stores/store-rows.ts, shared with PostgreSQL.
import type Database from 'better-sqlite3';

/** A store's methods as a synchronous database implements them; `promised` turns them into the contract's. */
export type Sync<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : T[K];
};

export function promised<T extends object>(sync: Sync<T>): T {
  const methods: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(sync)) {
    methods[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => (value as (...a: unknown[]) => unknown)(...args)
        : value;
  }
  return methods as T;
}

export function queries(db: Database.Database) {
  return {
    one: <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
  };
}

export { APP_COLUMNS, now, toApp, toLog, toSession, type AppRow, type SessionRow } from '../store-rows.ts';
