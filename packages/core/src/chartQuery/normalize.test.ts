import { describe, expect, it } from 'vitest';
import { normalizeOrderBy } from './normalizeOrderBy.js';
import { normalizeTimeColumn } from './normalizeTimeColumn.js';

describe('normalizeOrderBy', () => {
  it('keeps a valid orderby', () => {
    const q = { metrics: ['count'], orderby: [['name', true]] as [string, boolean][] };
    expect(normalizeOrderBy(q)).toBe(q);
  });
  it('orders by the series limit metric, else the first metric, following order_desc', () => {
    expect(normalizeOrderBy({ metrics: ['a', 'b'], series_limit_metric: 'b', order_desc: true }).orderby).toEqual([['b', false]]);
    expect(normalizeOrderBy({ metrics: ['a', 'b'], order_desc: false }).orderby).toEqual([['a', true]]);
    expect(normalizeOrderBy({ metrics: ['a'], orderby: [['x']] as never }).orderby).toEqual([['a', false]]);
  });
  it('drops an invalid orderby when there is nothing to sort by', () => {
    const q = normalizeOrderBy({ metrics: [], orderby: [] });
    expect(q.orderby).toBeUndefined();
  });
});

describe('normalizeTimeColumn', () => {
  it('turns a physical x-axis into a BASE_AXIS column with the time grain', () => {
    const q = normalizeTimeColumn(
      { datasource: '1__table', viz_type: 'line', x_axis: 'ds' },
      { columns: ['ds', 'gender'], extras: { time_grain_sqla: 'P1M', where: 'x' } },
    );
    expect(q.columns).toEqual([
      { timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', isColumnReference: true },
      'gender',
    ]);
    expect(q.extras).toEqual({ where: 'x' });
  });
  it('keeps an adhoc x-axis own fields', () => {
    const axis = { sqlExpression: 'DATE(ts)', label: 'day', expressionType: 'SQL' as const };
    const q = normalizeTimeColumn({ datasource: '1__table', viz_type: 'line', x_axis: axis }, { columns: [{ ...axis }], extras: { time_grain_sqla: 'P1D' } });
    expect(q.columns).toEqual([{ timeGrain: 'P1D', columnType: 'BASE_AXIS', ...axis }]);
  });
  it('leaves queries without the x-axis alone', () => {
    const query = { columns: ['a'], extras: { time_grain_sqla: 'P1D' } };
    expect(normalizeTimeColumn({ datasource: '1__table', viz_type: 'line', x_axis: 'ds' }, query)).toBe(query);
    expect(normalizeTimeColumn({ datasource: '1__table', viz_type: 'line' }, query)).toBe(query);
  });
});
