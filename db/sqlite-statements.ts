import type { Database as SqliteFile, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * How many prepared statements to keep: more than the distinct SQL texts the store sends
 * (a few hundred; an IN list of each length is one more).
 */
const MAX_STATEMENTS = 1_000;

/**
 * The SQLite file for Kysely, with each SQL text prepared once and reused (docs/decisions/0038).
 * Kysely prepares a new statement for every query; each holds about 7 KB of SQLite's memory,
 * outside the JavaScript heap, until the garbage collector happens to collect its small
 * wrapper. Under load the wrappers outlive the young generation and wait for a full
 * collection, which V8 schedules by the JavaScript heap alone: 200 browsing connections grew
 * the server past 1 GB in two minutes. Kysely runs one query at a time on the connection and
 * the store never streams rows, so a statement is never in use twice at once. Least recently
 * used beyond MAX_STATEMENTS are dropped (and collected as before).
 */
export function withStatementCache(sqlite: SqliteFile): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: Map keeps insertion order.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
