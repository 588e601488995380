// The settings of the writer thread's connection (writer-thread.ts), apart so that the bench of its work
// (bench/collector/sqlite-writer-costs.ts) and the tests open theirs as it does. docs/local-service.md#the-writer-thread
import type Database from 'better-sqlite3';

export function setWriterPragmas(db: Database.Database): void {
  db.pragma('foreign_keys = ON');
  // An acknowledged batch survives a power loss: each group's commit waits for the disk.
  db.pragma('synchronous = FULL');
  // Each write of a group runs in a savepoint, whose journal keeps the pages it changes as they were before, to undo
  // it alone. SQLite writes a journal past 64 KB to a temporary file, which a batch of 500 logs passes: in memory
  // instead, freed as each savepoint is released, a write needs no room in the temporary directory, and the thread
  // spends a few percent less CPU (docs/benchmarks.md#the-savepoints-journals-in-memory).
  db.pragma('temp_store = MEMORY');
}
