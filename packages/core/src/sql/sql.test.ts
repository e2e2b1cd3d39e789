import { describe, expect, it } from 'vitest';
import { applyLimit, extractLimit, planLimit } from './limit.js';
import { firstKeyword, isReadOnlyStatement, isSelectStatement, splitStatements, stripTrailing } from './statements.js';

describe('splitStatements', () => {
  it.each([
    ['SELECT 1', ['SELECT 1']],
    ['SELECT 1; SELECT 2;', ['SELECT 1', 'SELECT 2']],
    ["SELECT 'a;b'; SELECT 2", ["SELECT 'a;b'", 'SELECT 2']],
    ['SELECT "x;y" FROM t; SELECT 2', ['SELECT "x;y" FROM t', 'SELECT 2']],
    ['SELECT `x;y` FROM t;SELECT 2', ['SELECT `x;y` FROM t', 'SELECT 2']],
    ["SELECT $$a;b$$; SELECT $tag$ ; $x$ ; $tag$", ['SELECT $$a;b$$', 'SELECT $tag$ ; $x$ ; $tag$']],
    ['SELECT 1 -- a; comment\n; SELECT 2', ['SELECT 1 -- a; comment', 'SELECT 2']],
    ['SELECT /* ; */ 1; /* only a comment */ ;', ['SELECT /* ; */ 1']],
    ["SELECT 'it''s;' ; SELECT 'a\\';b'", ["SELECT 'it''s;'", "SELECT 'a\\';b'"]],
    [';;  ;', []],
    ["SELECT E'x\\';y'; SELECT 3", ["SELECT E'x\\';y'", 'SELECT 3']],
    ['SELECT 1 /* unterminated ;', ['SELECT 1 /* unterminated ;']],
  ])('%j', (sql, expected) => {
    expect(splitStatements(sql)).toEqual(expected);
  });
});

describe('firstKeyword / read-only', () => {
  it('finds the first keyword past comments and parentheses', () => {
    expect(firstKeyword('-- hi\n/* x */ (select 1)')).toBe('SELECT');
    expect(firstKeyword('   ')).toBe('');
  });
  it.each([
    ['select 1', true],
    ['WITH a AS (SELECT 1) SELECT * FROM a', true],
    ['SHOW TABLES', true],
    ['describe t', true],
    ['EXPLAIN SELECT 1', true],
    ['VALUES (1), (2)', true],
    ['PRAGMA table_info(t)', true],
    ['PRAGMA foreign_keys = ON', false],
    ["SELECT 'delete from t' AS s", true],
    ['SELECT "update" FROM t', true],
    ['SELECT created_at, update_count FROM t', true],
    ['INSERT INTO t VALUES (1)', false],
    ['update t set a = 1', false],
    ['DELETE FROM t', false],
    ['MERGE INTO t USING s ON 1=1', false],
    ['CREATE TABLE x AS SELECT 1', false],
    ['drop table t', false],
    ['ALTER TABLE t ADD c int', false],
    ['TRUNCATE t', false],
    ['GRANT SELECT ON t TO u', false],
    ["COPY t TO '/tmp/x'", false],
    ["ATTACH 'x.db' AS x", false],
    ['WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', false],
    ['WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a', false],
    ['SELECT * INTO new_t FROM t', false],
    ['EXPLAIN ANALYZE DELETE FROM t', false],
    ['SET search_path = x', false],
    ['-- just a comment', false],
    ['SET GLOBAL max_connections = 10', false],
    ['RESET search_path', false],
    ['USE other_db', false],
    ['BEGIN', false],
    ["REPLACE INTO t VALUES (1)", false],
    ['UPSERT INTO t VALUES (1)', false],
    ["COPY t FROM '/tmp/x.csv'", false],
    ['DETACH x', false],
    ['INSTALL httpfs', false],
    ["LOAD 'httpfs'", false],
    ['VACUUM', false],
    ['CALL do_things()', false],
    ["EXPORT DATABASE '/tmp/x'", false],
    ["IMPORT DATABASE '/tmp/x'", false],
    ['DO $$ BEGIN END $$', false],
    ["SELECT replace(name, 'a', 'b') FROM t", true],
    ['FROM t', true],
    ['SUMMARIZE t', true],
    ['PIVOT t ON c USING sum(v)', true],
    ['UNPIVOT t ON a, b INTO NAME k VALUE v', true],
    ['SELECT * INTO name FROM t', false],
    ['(SELECT 1) UNION (SELECT 2)', true],
    ['SELEC 1', true],
    ['frobnicate the table', true],
  ])('%s -> %s', (sql, readOnly) => {
    expect(isReadOnlyStatement(sql)).toBe(readOnly);
  });
  it('isSelectStatement excludes SHOW and EXPLAIN', () => {
    expect(isSelectStatement('SHOW TABLES')).toBe(false);
    expect(isSelectStatement('with x as (select 1) select * from x')).toBe(true);
  });
  it('stripTrailing drops semicolons and trailing comments', () => {
    expect(stripTrailing('SELECT 1; -- bye\n')).toBe('SELECT 1');
  });
});

describe('extractLimit / applyLimit', () => {
  it.each([
    ['SELECT * FROM t LIMIT 10', 10],
    ['select * from t limit 10;', 10],
    ['SELECT * FROM t LIMIT 10 OFFSET 5', 10],
    ['SELECT * FROM t LIMIT 5, 20', 20],
    ['SELECT * FROM (SELECT * FROM t LIMIT 3) s', null],
    ['SELECT * FROM t LIMIT 10 -- trailing comment', 10],
    ["SELECT 'LIMIT 5' FROM t", null],
    ['SELECT * FROM t', null],
    ['WITH a AS (SELECT 1 LIMIT 2) SELECT * FROM a LIMIT 7', 7],
    ['DELETE FROM t LIMIT 5', null],
  ])('extractLimit(%s) = %s', (sql, limit) => {
    expect(extractLimit(sql)).toBe(limit);
  });

  it('appends, keeps or rewrites', () => {
    expect(applyLimit('SELECT * FROM t', 100, 'LIMIT')).toBe('SELECT * FROM t\nLIMIT 100');
    expect(applyLimit('SELECT * FROM t -- c', 100, 'LIMIT')).toBe('SELECT * FROM t\nLIMIT 100');
    expect(applyLimit('SELECT * FROM t LIMIT 5;', 100, 'LIMIT')).toBe('SELECT * FROM t LIMIT 5');
    expect(applyLimit('SELECT * FROM t LIMIT 5;', 6, 'LIMIT', true)).toBe('SELECT * FROM t LIMIT 6');
    expect(applyLimit('SELECT * FROM t limit 500 offset 3', 100, 'LIMIT')).toBe('SELECT * FROM t limit 100 offset 3');
    expect(applyLimit('SELECT * FROM t LIMIT 2, 500', 100, 'LIMIT')).toBe('SELECT * FROM t LIMIT 2, 100');
    expect(applyLimit('SELECT * FROM t', 10, 'FETCH_FIRST')).toBe('SELECT * FROM t\nFETCH FIRST 10 ROWS ONLY');
    expect(applyLimit('SELECT a FROM t', 10, 'TOP')).toBe('SELECT TOP 10 * FROM (\nSELECT a FROM t\n) AS inner_qry');
    expect(applyLimit('INSERT INTO t VALUES (1)', 10, 'LIMIT')).toBe('INSERT INTO t VALUES (1)');
    expect(applyLimit('SHOW TABLES', 10, 'LIMIT')).toBe('SHOW TABLES');
  });

  it.each([
    ['SELECT 1', 1000, 100000, 1000, 'DROPDOWN'],
    ['SELECT 1 LIMIT 10', 1000, 100000, 10, 'QUERY'],
    ['SELECT 1 LIMIT 5000', 1000, 100000, 1000, 'DROPDOWN'],
    ['SELECT 1 LIMIT 1000', 1000, 100000, 1000, 'QUERY_AND_DROPDOWN'],
    ['SELECT 1', 500000, 100000, 100000, 'DROPDOWN'],
    ['SELECT 1', undefined, 100000, 100000, 'DROPDOWN'],
  ] as const)('planLimit(%s, %s, %s)', (sql, queryLimit, maxRow, limit, factor) => {
    expect(planLimit(sql, queryLimit, maxRow)).toEqual({ limit, limitingFactor: factor });
  });
});
