import { describe, expect, it } from 'vitest';
import type { QueryFilter, QueryObject } from '../../contracts/chartData.js';
import { OPTIONS, PEOPLE } from '../testing/datasource.js';
import { MYSQL_DIALECT, POSTGRES_DIALECT, SQLITE_DIALECT } from '../testing/dialects.js';
import { QueryCompileError, type SqlDialect } from '../types.js';
import { buildFilters } from './buildFilters.js';

const plan = (filters: QueryFilter[], dialect: SqlDialect = POSTGRES_DIALECT, extra: Partial<QueryObject> = {}) =>
  buildFilters({ query: { filters, ...extra }, datasource: PEOPLE, dialect, options: OPTIONS });
const where = (filter: QueryFilter, dialect?: SqlDialect) => plan([filter], dialect).where;

describe('buildFilters', () => {
  it.each([
    [{ col: 'name', op: '==', val: 'a' }, [`"name" = 'a'`]],
    [{ col: 'name', op: '!=', val: 'a' }, [`"name" <> 'a'`]],
    [{ col: 'name', op: '==', val: null }, ['"name" IS NULL']],
    [{ col: 'name', op: '!=', val: null }, ['"name" IS NOT NULL']],
    [{ col: 'num', op: '<', val: 3 }, ['"num" < 3']],
    [{ col: 'num', op: '<=', val: '3' }, ['"num" <= 3']],
    [{ col: 'num', op: '>', val: [3] }, ['"num" > 3']],
    [{ col: 'num', op: '>=', val: -1.5 }, ['"num" >= -1.5']],
    [{ col: 'name', op: 'IN', val: ['a', "b'c"] }, [`"name" IN ('a', 'b''c')`]],
    [{ col: 'name', op: 'IN', val: ['a', null] }, [`("name" IN ('a') OR "name" IS NULL)`]],
    [{ col: 'name', op: 'IN', val: [] }, ['1 = 0']],
    [{ col: 'name', op: 'NOT IN', val: ['a'] }, [`"name" NOT IN ('a')`]],
    [{ col: 'name', op: 'NOT IN', val: [null] }, ['"name" IS NOT NULL']],
    [{ col: 'name', op: 'NOT IN', val: [] }, []],
    [{ col: 'name', op: 'LIKE', val: 'a%' }, [`"name" LIKE 'a%' ESCAPE '\\'`]],
    [{ col: 'name', op: 'NOT LIKE', val: 'a%' }, [`"name" NOT LIKE 'a%' ESCAPE '\\'`]],
    [{ col: 'name', op: 'ILIKE', val: 'A%' }, [`"name" ILIKE 'A%' ESCAPE '\\'`]],
    [{ col: 'name', op: 'IS NULL' }, ['"name" IS NULL']],
    [{ col: 'name', op: 'IS NOT NULL' }, ['"name" IS NOT NULL']],
    [{ col: 'flag', op: 'IS TRUE' }, ['"flag" IS TRUE']],
    [{ col: 'flag', op: 'IS FALSE' }, ['"flag" IS FALSE']],
    [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' }, [`"ds" >= TIMESTAMP '2024-03-08 00:00:00' AND "ds" < TIMESTAMP '2024-03-15 00:00:00'`]],
    [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }, []],
    [{ col: 'num_x2', op: '>', val: 4 }, ['(num * 2) > 4']],
    [{ col: { sqlExpression: 'num + 1', label: 'n1' }, op: '==', val: 2 }, ['(num + 1) = 2']],
    [{ col: 'ds', op: '==', val: Date.UTC(2024, 0, 1), grain: 'P1M' }, [`DATE_TRUNC('month', "ds") = TIMESTAMP '2024-01-01 00:00:00'`]],
  ] as [QueryFilter, string[]][])('%j', (filter, expected) => {
    expect(where(filter)).toEqual(expected);
  });

  it('follows the dialect: ILIKE fallback, 1/0 booleans, backslash escaping, timestamp literal', () => {
    expect(where({ col: 'name', op: 'ILIKE', val: 'A%' }, SQLITE_DIALECT)).toEqual([`LOWER("name") LIKE LOWER('A%') ESCAPE '\\'`]);
    // MySQL reads backslashes in string literals: the escape character is written doubled there.
    expect(where({ col: 'name', op: 'LIKE', val: '100\\%' }, MYSQL_DIALECT)).toEqual(["`name` LIKE '100\\\\%' ESCAPE '\\\\'"]);
    expect(where({ col: 'flag', op: 'IS TRUE' }, { ...SQLITE_DIALECT, supportsBooleanLiterals: false })).toEqual(['"flag" = 1']);
    expect(where({ col: 'name', op: '==', val: 'a\\' }, MYSQL_DIALECT)).toEqual(["`name` = 'a\\\\'"]);
    expect(where({ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : ' }, SQLITE_DIALECT)).toEqual([`"ds" >= '2024-01-01 00:00:00'`]);
  });

  it('compares a DATE column in an engine keeping dates as text with the bare day at midnight (dialect.dateLiteral)', () => {
    const day = { column_name: 'day', type: 'DATE', generic_type: 'Temporal' as const, is_dttm: true, groupby: true, filterable: true, expression: null };
    const datasource = { ...PEOPLE, columns: [...PEOPLE.columns, day] };
    const on = (filter: QueryFilter, dialect: SqlDialect) => buildFilters({ query: { filters: [filter] }, datasource, dialect, options: OPTIONS }).where;
    const range = { col: 'day', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01T12:00:00' } as QueryFilter;
    expect(on(range, SQLITE_DIALECT)).toEqual([`"day" >= '2024-01-01' AND "day" < '2024-02-01 12:00:00'`]);
    expect(on({ col: 'day', op: 'IN', val: [Date.UTC(2024, 0, 1)] }, SQLITE_DIALECT)).toEqual([`"day" IN ('2024-01-01')`]);
    expect(on({ col: 'day', op: '>=', val: '2024-01-31' }, SQLITE_DIALECT)).toEqual([`"day" >= '2024-01-31'`]);
    // A bucket of the column is a timestamp; other engines keep their typed literal.
    expect(on({ col: 'day', op: '==', val: Date.UTC(2024, 0, 1), grain: 'P1M' }, SQLITE_DIALECT)).toEqual([`DATETIME("day", 'start of month') = '2024-01-01 00:00:00'`]);
    expect(on(range, POSTGRES_DIALECT)).toEqual([`"day" >= TIMESTAMP '2024-01-01 00:00:00' AND "day" < TIMESTAMP '2024-02-01 12:00:00'`]);
  });

  it('reads naive ISO text against a temporal column as that instant, in every dialect', () => {
    expect(where({ col: 'ds', op: '>=', val: '2024-01-07T00:00:01' }, SQLITE_DIALECT)).toEqual([`"ds" >= '2024-01-07 00:00:01'`]);
    expect(where({ col: 'ds', op: '<', val: '2024-01-07' }, MYSQL_DIALECT)).toEqual([`\`ds\` < TIMESTAMP '2024-01-07 00:00:00'`]);
    // Text with a zone or another shape is left to the engine.
    expect(where({ col: 'ds', op: '>=', val: '2024-01-07T00:00:01+02:00' }, SQLITE_DIALECT)).toEqual([`"ds" >= '2024-01-07T00:00:01+02:00'`]);
    expect(where({ col: 'name', op: '==', val: '2024-01-07' }, SQLITE_DIALECT)).toEqual([`"name" = '2024-01-07'`]);
  });

  it('rejects filters on unknown columns without applying them, and reports applied ones', () => {
    const result = plan([
      { col: 'missing', op: '==', val: 1 },
      { col: 'name', op: '==', val: 'a' },
      { col: { sqlExpression: 'num', label: 'Number' }, op: '>', val: 1 },
    ]);
    expect(result.where).toEqual([`"name" = 'a'`, '"num" > 1']);
    expect(result.rejectedFilters).toEqual([{ column: 'missing', reason: 'not_in_datasource' }]);
    expect(result.appliedFilters).toEqual([{ column: 'name' }, { column: 'Number' }]);
  });

  it('applies the legacy time_range on the granularity column and reports the bounds', () => {
    const result = plan([], POSTGRES_DIALECT, { granularity: 'ds', time_range: 'Last day' });
    expect(result.where).toEqual([`"ds" >= TIMESTAMP '2024-03-14 00:00:00' AND "ds" < TIMESTAMP '2024-03-15 00:00:00'`]);
    expect(result.timeBounds?.since?.toISOString()).toBe('2024-03-14T00:00:00.000Z');
  });

  it('checks custom WHERE and HAVING', () => {
    const result = plan([], POSTGRES_DIALECT, { extras: { where: "name <> 'x'", having: 'COUNT(*) > 1' } });
    expect(result.where).toEqual(["(name <> 'x')"]);
    expect(result.having).toEqual(['(COUNT(*) > 1)']);
    expect(() => plan([], POSTGRES_DIALECT, { extras: { where: '1 = 1; DROP TABLE people' } })).toThrow(QueryCompileError);
  });

  it.each([
    [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'last fortnight' }, /Unable to parse/],
    [{ col: 'ds', op: 'LATEST PARTITION' }, /not supported/],
    [{ col: 'name', op: '==', val: ['a', 'b'] }, /single value/],
    [{ col: 'name', op: '==', val: { a: 1 } }, /Invalid filter value/],
    [{ col: 'num', op: '>', val: null }, /needs a value/],
    [{ col: 'name', op: 'LIKE', val: 3 }, /text pattern/],
  ] as [QueryFilter, RegExp][])('reports %j as a compile error', (filter, message) => {
    expect(() => where(filter)).toThrow(QueryCompileError);
    expect(() => where(filter)).toThrow(message);
  });
});
