import { DuckDBInstance, type DuckDBConnection, type DuckDBMaterializedResult } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckdbStatements } from './duckdbStatements.js';

const rowsOf = (result: DuckDBMaterializedResult) => {
  const rows: unknown[][] = [];
  for (let i = 0; i < result.chunkCount; i++) rows.push(...result.getChunk(i).getRows());
  return { names: result.columnNames(), rows };
};

describe('kept DuckDB statements', () => {
  let instance: DuckDBInstance;
  let conn: DuckDBConnection;
  let other: DuckDBConnection;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    conn = await instance.connect();
    other = await instance.connect();
    await conn.run('CREATE TABLE t AS SELECT range AS x FROM range(5)');
  });
  afterAll(() => {
    conn.closeSync();
    other.closeSync();
    instance.closeSync();
  });

  it('keeps a SELECT and answers what a fresh run would, after the table changed too', async () => {
    const statements = new DuckdbStatements();
    const sql = 'SELECT count(*) AS n, max(x) AS top FROM t';
    expect(rowsOf(await statements.run(conn, sql)).rows).toEqual([[5n, 4n]]);
    expect(statements.size(conn)).toBe(1);
    await other.run('INSERT INTO t VALUES (41)');
    expect(rowsOf(await statements.run(conn, sql)).rows).toEqual([[6n, 41n]]);
    // A column added and the table re-created: DuckDB binds the kept statement again.
    await other.run('ALTER TABLE t ADD COLUMN y INTEGER DEFAULT 7');
    expect(rowsOf(await statements.run(conn, 'SELECT * FROM t WHERE x = 41')).names).toEqual(['x', 'y']);
    await other.run('CREATE OR REPLACE TABLE t AS SELECT range AS x FROM range(3)');
    expect(rowsOf(await statements.run(conn, sql)).rows).toEqual([[3n, 2n]]);
    expect(statements.size(conn)).toBe(2);
    statements.drop(conn);
    expect(statements.size(conn)).toBe(0);
  });

  it('evaluates now() per execution', async () => {
    const statements = new DuckdbStatements();
    const sql = 'SELECT epoch_us(now()) AS t';
    const first = rowsOf(await statements.run(conn, sql)).rows[0]![0] as bigint;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = rowsOf(await statements.run(conn, sql)).rows[0]![0] as bigint;
    expect(second > first).toBe(true);
  });

  it('keeps at most 32 per connection, the least recently used going first', async () => {
    const statements = new DuckdbStatements();
    for (let i = 0; i < 40; i++) await statements.run(conn, `SELECT ${i} AS v`);
    expect(statements.size(conn)).toBe(32);
    expect(statements.size(other)).toBe(0);
    statements.drop(conn);
  });

  it('runs what it cannot keep: scripts, statements that change data, errors', async () => {
    const statements = new DuckdbStatements();
    const script = 'SELECT 1 AS a; SELECT 2 AS b';
    expect(rowsOf(await statements.run(conn, script))).toEqual(rowsOf(await conn.run(script)));
    await statements.run(conn, 'CREATE TABLE kept_not AS SELECT 1 AS z');
    expect(rowsOf(await statements.run(conn, 'SELECT z FROM kept_not')).rows).toEqual([[1]]);
    expect(statements.size(conn)).toBe(1);
    await expect(statements.run(conn, 'SELECT nope FROM kept_not')).rejects.toThrow(/nope/);
    await expect(statements.run(conn, 'SELEC 1')).rejects.toThrow(/syntax error/i);
    expect(statements.size(conn)).toBe(1);
    statements.drop(conn);
  });
});
