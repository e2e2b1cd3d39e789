import { describe, expect, it } from 'vitest';
import { PEOPLE } from '../testing/datasource.js';
import { DUCKDB_DIALECT, MYSQL_DIALECT, POSTGRES_DIALECT } from '../testing/dialects.js';
import { QueryCompileError } from '../types.js';
import { fillTemplate, fromClause, quoteIdentifier, quoteString } from './quote.js';
import { sqlLiteral, timestampLiteral } from './sqlLiteral.js';

const [name, num, ds, flag] = PEOPLE.columns;

describe('quoting', () => {
  it('doubles the dialect’s identifier quote inside identifiers', () => {
    expect(quoteIdentifier('a"b`c', POSTGRES_DIALECT)).toBe('"a""b`c"');
    expect(quoteIdentifier('a"b`c', MYSQL_DIALECT)).toBe('`a"b``c`');
  });

  it('doubles quotes in strings, and backslashes where the engine reads them as escapes', () => {
    expect(quoteString("O'Brien\\", POSTGRES_DIALECT)).toBe("'O''Brien\\'");
    expect(quoteString("O'Brien\\", MYSQL_DIALECT)).toBe("'O''Brien\\\\'");
  });

  it('never lets NUL reach an engine', () => {
    expect(() => quoteString('a\u0000b', POSTGRES_DIALECT)).toThrow(QueryCompileError);
    expect(() => quoteIdentifier('a\u0000b', MYSQL_DIALECT)).toThrow(QueryCompileError);
  });

  it('writes physical tables as quoted schema.table and virtual ones as a derived table', () => {
    expect(fromClause(PEOPLE, POSTGRES_DIALECT)).toBe('"main"."people"');
    expect(fromClause({ ...PEOPLE, schema: null }, MYSQL_DIALECT)).toBe('`people`');
    expect(fromClause({ ...PEOPLE, sql: 'SELECT 1 AS x -- note;\n;  ' }, DUCKDB_DIALECT)).toBe('(\nSELECT 1 AS x\n) AS virtual_table');
    expect(fromClause({ ...PEOPLE, sql: "SELECT ';' AS x; -- done\n" }, DUCKDB_DIALECT)).toBe("(\nSELECT ';' AS x\n) AS virtual_table");
  });

  it('fills templates in one pass, so substituted text is never re-read', () => {
    expect(fillTemplate("DATE_TRUNC('day', {col})", { col: '"{col}"' })).toBe(`DATE_TRUNC('day', "{col}")`);
  });
});

describe('sqlLiteral', () => {
  it('writes finite numbers as numbers and numeric text as a number only for numeric columns', () => {
    expect(sqlLiteral(42.5, num!, POSTGRES_DIALECT)).toBe('42.5');
    expect(sqlLiteral(-3, null, POSTGRES_DIALECT)).toBe('-3');
    expect(sqlLiteral('10', num!, POSTGRES_DIALECT)).toBe('10');
    expect(sqlLiteral('10', name!, POSTGRES_DIALECT)).toBe("'10'");
    expect(sqlLiteral('10; DROP TABLE x', num!, POSTGRES_DIALECT)).toBe("'10; DROP TABLE x'");
    expect(() => sqlLiteral(Number.NaN, num!, POSTGRES_DIALECT)).toThrow(QueryCompileError);
    expect(() => sqlLiteral(Infinity, num!, POSTGRES_DIALECT)).toThrow(QueryCompileError);
  });

  it('writes booleans as literals, epoch milliseconds on time columns as timestamps, and refuses objects', () => {
    expect(sqlLiteral(true, flag!, POSTGRES_DIALECT)).toBe('TRUE');
    expect(sqlLiteral(false, flag!, { ...POSTGRES_DIALECT, supportsBooleanLiterals: false })).toBe('0');
    expect(sqlLiteral('True', flag!, POSTGRES_DIALECT)).toBe('TRUE');
    expect(sqlLiteral('true', name!, POSTGRES_DIALECT)).toBe("'true'");
    // MySQL/MariaDB BOOLEAN columns are TINYINT(1): 'true' must not be compared as text (which MySQL reads as 0).
    const tinyFlag = { ...num!, column_name: 'flag', type: 'tinyint(1)' };
    expect(sqlLiteral('true', tinyFlag, MYSQL_DIALECT)).toBe('1');
    expect(sqlLiteral('False', tinyFlag, MYSQL_DIALECT)).toBe('0');
    expect(sqlLiteral('true', { ...tinyFlag, type: 'tinyint(4)' }, MYSQL_DIALECT)).toBe("'true'");
    expect(sqlLiteral(Date.UTC(2024, 0, 2), ds!, POSTGRES_DIALECT)).toBe("TIMESTAMP '2024-01-02 00:00:00'");
    expect(() => sqlLiteral({ a: 1 }, name!, POSTGRES_DIALECT)).toThrow(QueryCompileError);
    expect(() => sqlLiteral([1], name!, POSTGRES_DIALECT)).toThrow(QueryCompileError);
    expect(timestampLiteral(new Date('2024-01-02T03:04:05.006Z'), { ...POSTGRES_DIALECT, timestampLiteral: "'{value}'" })).toBe("'2024-01-02 03:04:05.006'");
  });
});
