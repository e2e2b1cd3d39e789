import { StatementType, type DuckDBConnection, type DuckDBMaterializedResult, type DuckDBPreparedStatement } from '@duckdb/node-api';

/** Prepared statements kept per connection (least recently used dropped first). */
const PER_CONNECTION = 32;
/** Longer statements (large IN lists, pasted scripts) are run once, not kept. */
const MAX_KEPT_SQL = 16_000;

/**
 * Prepared SELECTs kept on each pooled connection, keyed by their text. A chart's statement comes back
 * on every refresh, forced or not, and DuckDB's parse, bind and plan of a grouped aggregate cost about
 * as much as a tenth of running it over a million rows; a kept statement skips them. DuckDB re-binds
 * a kept statement by itself when the catalog changed (a column added, a table re-created), and
 * `now()` and friends are evaluated per execution, so a kept statement answers what a fresh one would.
 */
export class DuckdbStatements {
  private readonly kept = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

  /**
   * Runs `sql` on `conn` as a prepared statement and answers its materialised result. Text DuckDB cannot
   * prepare (several statements, or an error) runs as a plain query, which also gives the canonical error.
   */
  async run(conn: DuckDBConnection, sql: string): Promise<DuckDBMaterializedResult> {
    let statements = this.kept.get(conn);
    if (!statements) {
      statements = new Map();
      this.kept.set(conn, statements);
    }
    const known = statements.get(sql);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      statements.delete(sql);
      statements.set(sql, known);
      return known.run();
    }
    let prepared: DuckDBPreparedStatement;
    try {
      prepared = await conn.prepare(sql);
    } catch {
      return conn.run(sql);
    }
    if (prepared.statementType !== StatementType.SELECT || sql.length > MAX_KEPT_SQL) {
      try {
        return await prepared.run();
      } finally {
        prepared.destroySync();
      }
    }
    statements.set(sql, prepared);
    if (statements.size > PER_CONNECTION) {
      const [oldestSql, oldest] = statements.entries().next().value!;
      statements.delete(oldestSql);
      oldest.destroySync();
    }
    return prepared.run();
  }

  /** Frees a connection's statements (before the connection closes). */
  drop(conn: DuckDBConnection): void {
    const statements = this.kept.get(conn);
    if (!statements) return;
    this.kept.delete(conn);
    for (const prepared of statements.values()) prepared.destroySync();
  }

  /** Statements kept on a connection (tests). */
  size(conn: DuckDBConnection): number {
    return this.kept.get(conn)?.size ?? 0;
  }
}
