import { describe, expect, it } from 'vitest';
import { MYSQL_DIALECT, POSTGRES_DIALECT, SQLITE_DIALECT, TEST_DIALECTS } from '../testing/dialects.js';
import { QueryCompileError } from '../types.js';
import { checkCustomSql, SUBQUERY_MESSAGE } from './checkCustomSql.js';

const errorOf = (fn: () => unknown): QueryCompileError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryCompileError) return error;
    throw error;
  }
  throw new Error('expected a QueryCompileError');
};

describe('checkCustomSql', () => {
  it.each(TEST_DIALECTS)('keeps single expressions as written on $name', (dialect) => {
    expect(checkCustomSql('num * 2', dialect, 'x')).toBe('num * 2');
    expect(checkCustomSql('EXTRACT(YEAR FROM ds)', dialect, 'x')).toBe('EXTRACT(YEAR FROM ds)');
    expect(checkCustomSql("CASE WHEN name = 'a;b' THEN 1 ELSE 0 END", dialect, 'x')).toBe("CASE WHEN name = 'a;b' THEN 1 ELSE 0 END");
    expect(checkCustomSql("COALESCE(name, 'it''s')", dialect, 'x')).toBe("COALESCE(name, 'it''s')");
    expect(checkCustomSql('name IS NOT DISTINCT FROM grp', dialect, 'x')).toBe('name IS NOT DISTINCT FROM grp');
    expect(checkCustomSql('PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY num)', dialect, 'x')).toBe('PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY num)');
    expect(checkCustomSql('SUM(num) OVER (PARTITION BY name ORDER BY ds)', dialect, 'x')).toBe('SUM(num) OVER (PARTITION BY name ORDER BY ds)');
  });

  it('drops comments so they cannot swallow the SQL that follows', () => {
    expect(checkCustomSql('num /* note */ + 1 -- trailing', POSTGRES_DIALECT, 'x')).toBe('num   + 1');
    expect(checkCustomSql('num # note', MYSQL_DIALECT, 'x')).toBe('num');
    // MySQL runs the body of /*! ... */ comments: removing them keeps it from running anything.
    expect(checkCustomSql('num /*!50000 ; DROP TABLE x */', MYSQL_DIALECT, 'x')).toBe('num');
    // Elsewhere `#` is an operator (PostgreSQL's bitwise xor), not a comment.
    expect(checkCustomSql('num # 1', POSTGRES_DIALECT, 'x')).toBe('num # 1');
    // In MySQL `--` is a comment only when followed by a space: `1 --1` is 1 minus minus 1.
    expect(checkCustomSql('1 --1', MYSQL_DIALECT, 'x')).toBe('1 --1');
  });

  it('refuses SQL whose comments, once removed, would leave a new comment behind', () => {
    // MySQL reads `--#` as two minus signs and a `#` comment; dropping the comment would leave `-- `, a comment
    // running to the end of the line over the parenthesis and alias the compiler writes after it.
    for (const sql of ['--#\n1', '1 --# x', '--/* x */ 1', '--/**/1']) {
      expect(errorOf(() => checkCustomSql(sql, MYSQL_DIALECT, 'x')).message).toMatch(/without its comments it would read differently/);
    }
    expect(checkCustomSql('1 - -/* x */1', MYSQL_DIALECT, 'x')).toBe('1 - - 1');
  });

  it.each([
    ['1; DROP TABLE people', /single expression/],
    ['num) OR (1 = 1', /unbalanced/],
    ['(num', /unbalanced/],
    ['name, num', /single expression/],
    ['num FROM secrets', /single expression/],
    ['num UNION ALL SELECT 1', /sub-queries|single expression/],
    ["'abc", /unterminated/],
    ['num /* open', /unterminated/],
    ['$$ ; $$', /dollar|single expression/],
    ["$$ ' $$ || $$ ' $$", /dollar/],
    ["arr[';']", /brackets/],
    ['', /empty/],
    ['-- only a comment', /empty/],
    ['num\u0000', /NUL/],
  ])('rejects %j', (sql, message) => {
    for (const dialect of TEST_DIALECTS) {
      const error = errorOf(() => checkCustomSql(sql, dialect, 'x'));
      expect(error.message).toMatch(message);
    }
  });

  it('rejects string literals that another escape setting would end elsewhere', () => {
    // Standard strings end at the second quote; a backslash-escaping server would keep reading past the `;`.
    expect(() => checkCustomSql("name = 'a\\' OR 1 = 1 --'", POSTGRES_DIALECT, 'x')).toThrow(/backslash/);
    expect(() => checkCustomSql('name = "a\\"" OR "', MYSQL_DIALECT, 'x')).toThrow(QueryCompileError);
    expect(() => checkCustomSql("E'a\\' ; DROP TABLE t; --'", SQLITE_DIALECT, 'x')).toThrow(QueryCompileError);
  });

  it('refuses a disallowed function however it is written, with Superset’s message', () => {
    const sleeps = { ...POSTGRES_DIALECT, disallowedFunctions: ['pg_sleep', 'VERSION'] };
    for (const sql of [
      'pg_sleep(5)',
      'PG_SLEEP(5) IS NULL',
      'pg_catalog.pg_sleep(5)',
      '"pg_sleep"(5)',
      'pg_sleep /* wait */ (5)',
      'U&"pg\\005fsleep"(5)',
      'COALESCE(num, (pg_sleep(5) IS NULL)::int)',
      'SUM(num) + version()',
    ]) {
      const error = errorOf(() => checkCustomSql(sql, sleeps, 'metric m'));
      expect(error.errorType, sql).toBe('SYNTAX_ERROR');
      expect(error.message, sql).toMatch(/^SQL statement contains disallowed function\(s\): (pg_sleep|version)$/);
      expect(error.extra).toMatchObject({ field: 'metric m' });
    }
    const sleepMysql = { ...MYSQL_DIALECT, disallowedFunctions: ['sleep', 'benchmark'] };
    expect(errorOf(() => checkCustomSql('SLEEP(5)', sleepMysql, 'x')).errorType).toBe('SYNTAX_ERROR');
    expect(errorOf(() => checkCustomSql("num + `benchmark`(9, md5('a'))", sleepMysql, 'x')).errorType).toBe('SYNTAX_ERROR');
    // Only calls count: a column or a string of that name is fine.
    expect(checkCustomSql("pg_sleep + LENGTH('pg_sleep(5)')", sleeps, 'x')).toBe("pg_sleep + LENGTH('pg_sleep(5)')");
    expect(checkCustomSql('SUM(num)', sleeps, 'x')).toBe('SUM(num)');
  });

  it('rejects sub-queries with Superset’s error unless the database allows them', () => {
    const error = errorOf(() => checkCustomSql('num IN (SELECT num FROM other)', POSTGRES_DIALECT, 'x'));
    expect(error.errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(error.message).toBe(SUBQUERY_MESSAGE);
    expect(errorOf(() => checkCustomSql('num IN (VALUES (1))', POSTGRES_DIALECT, 'x')).errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(errorOf(() => checkCustomSql('num IN (TABLE other)', POSTGRES_DIALECT, 'x')).errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    // DuckDB reads a query without SELECT: FROM-first, SUMMARIZE and friends are sub-queries too.
    for (const sql of [
      "EXISTS(FROM flights WHERE carrier = 'AA')",
      "gender IN (FROM read_csv('/etc/passwd'))",
      'COUNT(*) FILTER (WHERE EXISTS ( /* c */ FROM information_schema.tables))',
      '(SUMMARIZE flights)',
      '(DESCRIBE flights) IS NULL',
      'x IN (PIVOT flights ON carrier USING count(*))',
      'SUMMARIZE flights',
    ]) {
      for (const dialect of TEST_DIALECTS) expect(errorOf(() => checkCustomSql(sql, dialect, 'x')).errorType, `${sql} on ${dialect.name}`).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    }
    // FROM inside an argument list is part of the function's own syntax.
    expect(checkCustomSql("TRIM(FROM '  x ')", POSTGRES_DIALECT, 'x')).toBe("TRIM(FROM '  x ')");
    expect(checkCustomSql("TRIM(BOTH 'x' FROM name)", POSTGRES_DIALECT, 'x')).toBe("TRIM(BOTH 'x' FROM name)");
    expect(checkCustomSql('SUBSTRING(name FROM 2 FOR 3)', POSTGRES_DIALECT, 'x')).toBe('SUBSTRING(name FROM 2 FOR 3)');
    const allowing = { ...POSTGRES_DIALECT, allowAdhocSubquery: true };
    expect(checkCustomSql('num IN (SELECT num FROM other)', allowing, 'x')).toBe('num IN (SELECT num FROM other)');
    // Even then the expression stays one expression.
    expect(() => checkCustomSql('num FROM other', allowing, 'x')).toThrow(/single expression/);
  });
});
