// "Contains, in any case" for the explorer's searches beyond the log search (devices, issues, issue groups,
// sessions). SQLite's lower() folds ASCII only, so "тверской" missed "Тверской"; the log search folds through its
// FTS5 tokenizers, which these lists have none of. JavaScript's toLowerCase folds every script, as PostgreSQL's
// lower() does under a UTF-8 LC_CTYPE, so both stores find the same rows.
import type Database from 'better-sqlite3';

const FOLD = 'sidelog_fold';

/** Registers the fold on a connection that reads these lists. */
export function addCaseFold(db: Database.Database): void {
  db.function(FOLD, { deterministic: true }, (text: unknown) =>
    text === null || text === undefined ? null : String(text).toLowerCase(),
  );
}

/** `column` contains the next parameter, in any case; true or false (null for a null column, which no WHERE keeps). */
export const containsFolded = (column: string): string => `instr(${FOLD}(${column}), ${FOLD}(?)) > 0`;
