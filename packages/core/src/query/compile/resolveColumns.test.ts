import { describe, expect, it } from 'vitest';
import type { QueryObject } from '../../contracts/chartData.js';
import { OPTIONS, PEOPLE } from '../testing/datasource.js';
import { MYSQL_DIALECT, POSTGRES_DIALECT, SQLITE_DIALECT } from '../testing/dialects.js';
import { QueryCompileError, type SqlDialect } from '../types.js';
import { resolveColumns } from './resolveColumns.js';
import { resolveMetrics } from './resolveMetrics.js';

const ctx = (query: QueryObject, dialect: SqlDialect = POSTGRES_DIALECT) => ({ query, datasource: PEOPLE, dialect, options: OPTIONS });

describe('resolveColumns', () => {
  it('resolves physical, calculated and adhoc columns with Superset’s labels', () => {
    expect(resolveColumns(ctx({ columns: ['name', 'num_x2', { sqlExpression: 'num + 1', label: 'n1' }, { sqlExpression: 'LOWER(name)' }] }))).toEqual([
      { sql: '"name"', label: 'name', temporal: false, textual: true },
      { sql: '(num * 2)', label: 'num_x2', temporal: false },
      { sql: '(num + 1)', label: 'n1', temporal: false },
      { sql: '(LOWER(name))', label: 'LOWER(name)', temporal: false },
    ]);
  });

  it('refuses a time series without its time column', () => {
    expect(() => resolveColumns(ctx({ columns: ['name'], is_timeseries: true }))).toThrow('Datetime column not provided as part table configuration and is required by this type of chart');
  });

  it('merges the same column asked twice, refuses two expressions under one label', () => {
    expect(resolveColumns(ctx({ columns: ['name'], groupby: ['name'] }))).toHaveLength(1);
    const clash = () => resolveColumns(ctx({ columns: ['name', { sqlExpression: 'UPPER(name)', label: 'name' }] }));
    expect(clash).toThrow(QueryCompileError);
    expect(clash).toThrow("Duplicate column/metric labels: 'name'. Please make sure all columns and metrics have a unique label.");
  });

  it('buckets the x-axis with its own grain, else time_grain_sqla, using the dialect template', () => {
    const axis = { sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS' as const, timeGrain: 'P1M' };
    expect(resolveColumns(ctx({ columns: [axis] }))).toEqual([{ sql: `DATE_TRUNC('month', "ds")`, label: 'ds', temporal: true }]);
    expect(resolveColumns(ctx({ columns: [{ ...axis, timeGrain: undefined }], extras: { time_grain_sqla: 'P1Y' } }, SQLITE_DIALECT))).toEqual([
      { sql: `DATETIME("ds", 'start of year')`, label: 'ds', temporal: true },
    ]);
    expect(resolveColumns(ctx({ columns: ['ds'], granularity: 'ds', extras: { time_grain_sqla: 'P1D' } }, MYSQL_DIALECT))).toEqual([
      { sql: 'DATE(`ds`)', label: 'ds', temporal: true },
    ]);
  });

  it('leaves a text x-axis as it is whatever grain the client attached (bars by category)', () => {
    const axis = { sqlExpression: 'name', label: 'name', columnType: 'BASE_AXIS' as const, timeGrain: 'P1D' };
    expect(resolveColumns(ctx({ columns: [axis] }))).toEqual([{ sql: '"name"', label: 'name', temporal: false, textual: true }]);
    expect(resolveColumns(ctx({ columns: [{ ...axis, timeGrain: undefined }], extras: { time_grain_sqla: 'P1Y' } }, SQLITE_DIALECT))).toEqual([
      { sql: '"name"', label: 'name', temporal: false, textual: true },
    ]);
    // An adhoc expression has no declared type: the grain asked for applies.
    expect(resolveColumns(ctx({ columns: [{ sqlExpression: 'CAST(ds AS DATE)', label: 'day', columnType: 'BASE_AXIS', timeGrain: 'P1M' }] }))).toEqual([
      { sql: `DATE_TRUNC('month', (CAST(ds AS DATE)))`, label: 'day', temporal: true },
    ]);
  });

  it('folds legacy groupby in and puts the legacy __timestamp first', () => {
    const columns = resolveColumns(ctx({ groupby: ['name'], columns: ['name'], is_timeseries: true, granularity: 'ds', extras: { time_grain_sqla: 'P1D' } }));
    expect(columns.map((c) => [c.label, c.temporal])).toEqual([
      ['__timestamp', true],
      ['name', false],
    ]);
  });

  it('names every missing column and refuses unknown grains', () => {
    expect(() => resolveColumns(ctx({ columns: ['nope', 'name', 'gone'] }))).toThrow("Columns missing in dataset: ['nope', 'gone']");
    expect(() => resolveColumns(ctx({ columns: [{ sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P2D' }] }))).toThrow('Unsupported time grain: P2D');
    expect(() => resolveColumns(ctx({ columns: [{ sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'toString' }] }))).toThrow(QueryCompileError);
  });
});

describe('resolveMetrics', () => {
  it('resolves saved, SIMPLE and SQL metrics with default labels', () => {
    const metrics = resolveMetrics(
      ctx({
        metrics: [
          'count',
          { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM' },
          { expressionType: 'SIMPLE', column: { column_name: 'name' }, aggregate: 'COUNT_DISTINCT' },
          { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'AVG', label: 'Average' },
          { expressionType: 'SQL', sqlExpression: 'MAX(num) - MIN(num)' },
        ],
      }),
    );
    expect(metrics).toEqual([
      { sql: '(COUNT(*))', label: 'count' },
      { sql: 'SUM("num")', label: 'SUM(num)' },
      { sql: 'COUNT(DISTINCT "name")', label: 'COUNT_DISTINCT(name)' },
      { sql: 'AVG("num")', label: 'Average' },
      { sql: '(MAX(num) - MIN(num))', label: 'MAX(num) - MIN(num)' },
    ]);
  });

  it('refuses unknown saved metrics and columns', () => {
    expect(() => resolveMetrics(ctx({ metrics: ['nope'] }))).toThrow("Metric 'nope' does not exist");
    expect(() => resolveMetrics(ctx({ metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'x' }, aggregate: 'MAX' }] }))).toThrow(
      "Columns missing in dataset: ['x']",
    );
  });
});
