import { describe, expect, it } from 'vitest';
import type { QueryObject } from '../../contracts/chartData.js';
import { OPTIONS, PEOPLE } from '../testing/datasource.js';
import { MYSQL_DIALECT, POSTGRES_DIALECT } from '../testing/dialects.js';
import { QueryCompileError, type SqlDialect } from '../types.js';
import { compileDrillDetail, compileSamplesQuery } from './compileSamples.js';
import { compileQueryObject } from './compileQueryObject.js';

const compile = (query: QueryObject, dialect: SqlDialect = POSTGRES_DIALECT, options = OPTIONS) => compileQueryObject(query, PEOPLE, dialect, options);
const sum = { expressionType: 'SIMPLE' as const, column: { column_name: 'num' }, aggregate: 'SUM' as const };

describe('compileQueryObject', () => {
  it('groups an aggregate query and orders by the first metric, descending by default', () => {
    const result = compile({ columns: ['name'], metrics: ['count', sum], row_limit: 10 });
    expect(result.sql).toBe(
      [
        'SELECT "name" AS "name",',
        '       (COUNT(*)) AS "count",',
        '       SUM("num") AS "SUM(num)"',
        'FROM "main"."people"',
        'GROUP BY "name"',
        'ORDER BY (COUNT(*)) DESC',
        'LIMIT 10',
      ].join('\n'),
    );
    expect(result).toMatchObject({ colnames: ['name', 'count', 'SUM(num)'], metricLabels: ['count', 'SUM(num)'], temporalLabels: [], rowLimit: 10 });
    expect(compile({ columns: ['name'], metrics: ['count'], order_desc: false }).sql).toContain('ORDER BY (COUNT(*)) ASC');
  });

  it('groups whenever a metrics list is given, even empty (an aggregate table sorted by a metric it does not show)', () => {
    const sorted = compile({ columns: ['name'], metrics: [], orderby: [[sum, false]], row_limit: 5 });
    expect(sorted.sql).toContain('GROUP BY "name"');
    expect(sorted.sql).toContain('ORDER BY SUM("num") DESC');
    expect(sorted.colnames).toEqual(['name']);
    // No metrics list at all: raw records, never grouped.
    expect(compile({ columns: ['name'], row_limit: 5 }).sql).not.toContain('GROUP BY');
    expect(compile({ columns: ['name'], metrics: null, row_limit: 5 }).sql).not.toContain('GROUP BY');
  });

  it('merges a metric asked twice, but refuses two different metrics under one label', () => {
    expect(compile({ columns: ['name'], metrics: ['count', 'count', sum, sum] }).colnames).toEqual(['name', 'count', 'SUM(num)']);
    const clash = () =>
      compile({
        metrics: [
          { expressionType: 'SQL', sqlExpression: 'MIN(num)', label: 'x' },
          { expressionType: 'SQL', sqlExpression: 'MAX(num)', label: 'x' },
        ],
      });
    expect(clash).toThrow(QueryCompileError);
    expect(clash).toThrow("Duplicate column/metric labels: 'x'");
  });

  it('refuses an unknown time column instead of dropping the time range', () => {
    expect(() => compile({ metrics: ['count'], granularity: 'nope', time_range: 'Last week' })).toThrow('Time column "nope" does not exist in dataset');
  });

  it('selects raw rows without grouping or default order', () => {
    const { sql } = compile({ columns: ['name', 'num'], row_limit: 5, row_offset: 10 });
    expect(sql).toBe('SELECT "name" AS "name",\n       "num" AS "num"\nFROM "main"."people"\nLIMIT 5\nOFFSET 10');
  });

  it('orders by metric labels, saved metrics, adhoc metrics and columns', () => {
    const orderby = (entries: QueryObject['orderby']) =>
      compile({ columns: ['name'], metrics: [sum], orderby: entries })
        .sql.split('ORDER BY ')[1]!
        .split('\n')[0];
    expect(orderby([['SUM(num)', true]])).toBe('SUM("num") ASC');
    expect(orderby([['count', false]])).toBe('(COUNT(*)) DESC');
    expect(orderby([[{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'MAX' }, false]])).toBe('MAX("num") DESC');
    expect(orderby([[{ expressionType: 'SQL', sqlExpression: 'MIN(num)' }, true]])).toBe('(MIN(num)) ASC');
    expect(orderby([['name', true]])).toBe('"name" ASC');
    expect(() => orderby([['nope', true]])).toThrow(QueryCompileError);
  });

  it('caps the row limit and falls back to the default', () => {
    expect(compile({ columns: ['name'], row_limit: 5000 }).rowLimit).toBe(1000);
    expect(compile({ columns: ['name'], row_limit: null }).rowLimit).toBe(100);
    expect(compile({ columns: ['name'] }).sql).toMatch(/LIMIT 100$/u);
  });

  it('wraps the query in COUNT(*) for is_rowcount, without order or limit', () => {
    const result = compile({ columns: ['name'], metrics: ['count'], is_rowcount: true, row_limit: 5 });
    expect(result.sql).toMatch(/^SELECT COUNT\(\*\) AS "rowcount"\nFROM \(\nSELECT "name"/u);
    expect(result.sql).not.toContain('LIMIT');
    expect(result.sql).not.toContain('ORDER BY');
    expect(result).toMatchObject({ colnames: ['rowcount'], rowLimit: null });
  });

  it('keeps only the top series with a null-safe join on a ranked inner query', () => {
    const { sql } = compile({
      columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1D' }, 'name'],
      metrics: ['count'],
      series_columns: ['name'],
      series_limit: 3,
      series_limit_metric: sum,
      filters: [{ col: 'num', op: '>', val: 0 }],
    });
    expect(sql).toContain(
      'JOIN (\nSELECT "name" AS "__series_0",\n       SUM("num") AS "__series_metric"\nFROM "main"."people"\nWHERE "num" > 0\nGROUP BY "name"\nORDER BY CASE WHEN SUM("num") IS NULL THEN 1 ELSE 0 END,\n         "__series_metric" DESC\nLIMIT 3\n) AS "series_limit"',
    );
    expect(sql).toContain('ON ("name" = "series_limit"."__series_0" OR ("name" IS NULL AND "series_limit"."__series_0" IS NULL))');
  });

  it('folds series outside the top N into Others when asked, for text series columns only', () => {
    const query: QueryObject = { columns: ['name'], metrics: ['count'], series_limit: 2, group_others_when_limit_reached: true };
    const { sql } = compile(query);
    expect(sql).toContain(`SELECT CASE WHEN "series_limit"."__series_hit" IS NULL THEN 'Others' ELSE "name" END AS "name"`);
    expect(sql).toContain('LEFT JOIN (');
    expect(sql).toContain(`GROUP BY CASE WHEN "series_limit"."__series_hit" IS NULL THEN 'Others' ELSE "name" END`);
    // A numeric series cannot hold the text 'Others': plain top N.
    const numeric = compile({ ...query, columns: ['num'] }).sql;
    expect(numeric).not.toContain('Others');
    expect(numeric).toMatch(/\nJOIN \(/u);
  });

  it('counts source rows when a row count names no columns', () => {
    expect(compile({ is_rowcount: true, filters: [{ col: 'num', op: '>', val: 1 }] }).sql).toBe(
      'SELECT COUNT(*) AS "rowcount"\nFROM (\nSELECT *\nFROM "main"."people"\nWHERE "num" > 1\n) AS "rowcount_qry"',
    );
  });

  it('also bounds the main datetime column when the dataset says so', () => {
    const other = { ...PEOPLE.columns[2]!, column_name: 'created' };
    const datasource = { ...PEOPLE, always_filter_main_dttm: true, columns: [...PEOPLE.columns, other] };
    const { sql } = compileQueryObject(
      { columns: ['name'], filters: [{ col: 'created', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }] },
      datasource,
      POSTGRES_DIALECT,
      OPTIONS,
    );
    expect(sql).toContain(`"created" >= TIMESTAMP '2024-01-01 00:00:00'`);
    expect(sql).toContain(`"ds" >= TIMESTAMP '2024-01-01 00:00:00' AND "ds" < TIMESTAMP '2024-02-01 00:00:00'`);
  });

  it('reports time bounds, filters and temporal labels; legacy timeseries label __timestamp', () => {
    const result = compile({
      metrics: ['count'],
      is_timeseries: true,
      granularity: 'ds',
      time_range: 'Last week',
      extras: { time_grain_sqla: 'P1D' },
      filters: [{ col: 'ghost', op: 'IN', val: ['a'] }],
    });
    expect(result.colnames).toEqual(['__timestamp', 'count']);
    expect(result.temporalLabels).toEqual(['__timestamp']);
    expect(result.fromDttm).toBe(Date.UTC(2024, 2, 8));
    expect(result.toDttm).toBe(Date.UTC(2024, 2, 15));
    expect(result.rejectedFilters).toEqual([{ column: 'ghost', reason: 'not_in_datasource' }]);
    expect(result.appliedFilters).toEqual([{ column: 'ds' }]);
  });

  it('refuses empty queries, duplicate labels and bad time ranges', () => {
    expect(() => compile({ columns: [], metrics: [] })).toThrow('Empty query?');
    expect(() => compile({ columns: [{ sqlExpression: 'num', label: 'count' }], metrics: ['count'] })).toThrow(/Duplicate column\/metric labels: 'count'/u);
    expect(() => compile({ columns: ['name'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'yesterday-ish' }] })).toThrow(QueryCompileError);
  });

  it('quotes with the dialect’s identifier quote', () => {
    expect(compile({ columns: ['name'], metrics: ['count'] }, MYSQL_DIALECT).sql).toContain('FROM `main`.`people`');
  });
});

describe('samples and drill to detail', () => {
  it('selects every column of the source with limit, offset and filters', () => {
    const result = compileSamplesQuery(PEOPLE, POSTGRES_DIALECT, { limit: 50, offset: 100, filters: [{ col: 'name', op: '==', val: 'a' }] });
    expect(result.sql).toBe(`SELECT *\nFROM "main"."people"\nWHERE "name" = 'a'\nLIMIT 50\nOFFSET 100`);
    expect(result.colnames).toEqual(['name', 'num', 'ds', 'flag']);
  });

  it('drills into raw rows of every dataset column under the chart filters', () => {
    const result = compileDrillDetail({ filters: [{ col: 'num', op: '>', val: 1 }] }, PEOPLE, POSTGRES_DIALECT, { ...OPTIONS, limit: 20, offset: 40 });
    expect(result.colnames).toEqual(['name', 'num', 'ds', 'flag', 'num_x2']);
    expect(result.sql).toMatch(/WHERE "num" > 1\nLIMIT 20\nOFFSET 40$/u);
    expect(result.sql).not.toContain('GROUP BY');
  });
});
