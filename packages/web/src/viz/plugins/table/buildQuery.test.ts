import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { sumNum } from '../../shared/testing/fixtures';

const aggregate: FormData = { datasource: '7__table', viz_type: 'table', query_mode: 'aggregate', groupby: ['name', 'ds'], metrics: [sumNum, 'count'], row_limit: 50, order_desc: true };

describe('table buildQuery', () => {
  it('aggregate mode groups by the dimensions and orders by the first metric', () => {
    const ctx = buildQuery(aggregate);
    expect(ctx.queries).toHaveLength(1);
    const q = ctx.queries[0]!;
    expect(q.columns).toEqual(['name', 'ds']);
    expect(q.metrics).toEqual([sumNum, 'count']);
    expect(q.orderby).toEqual([[sumNum, false]]);
    expect(q.row_limit).toBe(50);
  });
  it('orders by the first metric descending whatever order_desc says; a sort-by metric follows order_desc', () => {
    expect(buildQuery({ ...aggregate, order_desc: false }).queries[0]!.orderby).toEqual([[sumNum, false]]);
    expect(buildQuery({ ...aggregate, timeseries_limit_metric: 'count', order_desc: false }).queries[0]!.orderby).toEqual([['count', true]]);
    expect(buildQuery({ ...aggregate, metrics: [], percent_metrics: [sumNum] }).queries[0]!.orderby).toEqual([]);
  });
  it('form data without a query mode queries raw records when columns are chosen', () => {
    const q = buildQuery({ datasource: '7__table', viz_type: 'table', all_columns: ['state'], metrics: [], row_limit: 100 }).queries[0]!;
    expect(q.columns).toEqual(['state']);
    expect(q.metrics).toBeUndefined();
  });
  it('buckets temporal dimensions by the time grain', () => {
    const q = buildQuery({ ...aggregate, time_grain_sqla: 'P1M', temporal_columns_lookup: { ds: true } }).queries[0]!;
    expect(q.columns![1]).toMatchObject({ sqlExpression: 'ds', timeGrain: 'P1M', columnType: 'BASE_AXIS' });
  });
  it('percent metrics are fetched and turned into shares by a contribution step', () => {
    const q = buildQuery({ ...aggregate, metrics: ['count'], percent_metrics: [sumNum] }).queries[0]!;
    expect(q.metrics).toEqual(['count', sumNum]);
    expect(q.post_processing).toEqual([{ operation: 'contribution', options: { columns: ['SUM(num)'], rename_columns: ['%SUM(num)'] } }]);
  });
  it('raw mode selects the columns in the chosen order without metrics', () => {
    const q = buildQuery({ ...aggregate, query_mode: 'raw', all_columns: ['name', 'num'], order_by_cols: ['["num", false]'] }).queries[0]!;
    expect(q.columns).toEqual(['name', 'num']);
    expect(q.metrics).toBeUndefined();
    expect(q.orderby).toEqual([['num', false]]);
    expect(buildQuery({ ...aggregate, query_mode: 'raw', all_columns: ['name'], order_by_cols: [['name', true]] }).queries[0]!.orderby).toEqual([['name', true]]);
    expect(() => buildQuery({ ...aggregate, query_mode: 'raw', all_columns: ['name'], order_by_cols: ['not json'] })).toThrow('Found invalid orderby options');
  });
  it('server pagination pages with row_offset and adds a row count query; totals add a query without groupby', () => {
    const ctx = buildQuery({ ...aggregate, server_pagination: true, server_page_length: 20, show_totals: true }, { ownState: { currentPage: 2 } });
    expect(ctx.queries).toHaveLength(3);
    const [main, count, totals] = ctx.queries;
    expect(main).toMatchObject({ row_limit: 20, row_offset: 40 });
    expect(count).toMatchObject({ is_rowcount: true, row_offset: 0 });
    expect(totals!.columns).toEqual([]);
    expect(totals!.metrics).toEqual([sumNum, 'count']);
  });
  it('server-side search filters the first dimension', () => {
    const q = buildQuery({ ...aggregate, server_pagination: true }, { ownState: { searchText: 'ann' } }).queries[0]!;
    expect(q.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: '%ann%' });
  });

  it('server-side search looks in the chosen column; the row count and totals count the searched records', () => {
    const adhoc = { sqlExpression: 'UPPER(name)', label: 'loud', expressionType: 'SQL' as const };
    const ctx = buildQuery(
      { ...aggregate, groupby: ['gender', 'name', adhoc], server_pagination: true, show_totals: true },
      { ownState: { searchText: ' ann ', searchColumn: 'name', currentPage: 3, pageSize: 10 } },
    );
    const [main, count, totals] = ctx.queries;
    expect(main!.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: '%ann%' });
    expect(main).toMatchObject({ row_limit: 10, row_offset: 30 });
    expect(count!.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: '%ann%' });
    expect(totals!.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: '%ann%' });
    // An adhoc dimension is searched through its expression; an unknown column falls back to the first dimension.
    const byAdhoc = buildQuery({ ...aggregate, groupby: ['gender', adhoc], server_pagination: true }, { ownState: { searchText: 'X', searchColumn: 'loud' } }).queries[0]!;
    expect(byAdhoc.filters).toContainEqual({ col: adhoc, op: 'ILIKE', val: '%X%' });
    const unknown = buildQuery({ ...aggregate, server_pagination: true }, { ownState: { searchText: 'X', searchColumn: 'gone' } }).queries[0]!;
    expect(unknown.filters).toContainEqual({ col: 'name', op: 'ILIKE', val: '%X%' });
    // No search text, or no server pagination: no filter.
    expect(buildQuery({ ...aggregate, server_pagination: true }, { ownState: { searchText: '  ' } }).queries[0]!.filters ?? []).toEqual([]);
    expect(buildQuery(aggregate, { ownState: { searchText: 'ann' } }).queries[0]!.filters ?? []).toEqual([]);
  });

  it('server pagination sorts every record by the header the table was sorted by', () => {
    const orderOf = (sortBy: unknown, fd: Partial<FormData> = {}) => buildQuery({ ...aggregate, percent_metrics: [sumNum], server_pagination: true, ...fd }, { ownState: { sortBy } }).queries[0]!.orderby;
    expect(orderOf([{ key: 'name', desc: false }])).toEqual([['name', true]]);
    expect(orderOf([{ key: 'count', desc: true }])).toEqual([['count', false]]);
    expect(orderOf([{ key: 'SUM(num)', desc: false }])).toEqual([[sumNum, true]]);
    // A share sorts as its metric.
    expect(orderOf([{ key: '%SUM(num)', desc: true }])).toEqual([[sumNum, false]]);
    // A temporal dimension bucketed by the grain is ordered by its label.
    expect(orderOf([{ key: 'ds', desc: true }], { time_grain_sqla: 'P1M', temporal_columns_lookup: { ds: true } })).toEqual([['ds', false]]);
    // A compared metric's main value sorts as the metric; its computed cells keep the default order.
    expect(orderOf([{ key: 'Main SUM(num)', desc: true }], { time_compare: '1 year ago' })).toEqual([[sumNum, false]]);
    expect(orderOf([{ key: '△ SUM(num)', desc: true }], { time_compare: '1 year ago' })).toEqual([[sumNum, false]]);
    // Unsorted, malformed or without server pagination: the form data's order.
    expect(orderOf([])).toEqual([[sumNum, false]]);
    expect(orderOf('name')).toEqual([[sumNum, false]]);
    expect(buildQuery(aggregate, { ownState: { sortBy: [{ key: 'name', desc: false }] } }).queries[0]!.orderby).toEqual([[sumNum, false]]);
    // The row count query needs no order.
    expect(buildQuery({ ...aggregate, server_pagination: true }, { ownState: { sortBy: [{ key: 'name', desc: false }] } }).queries[1]!.orderby).toEqual([]);
  });

  it('percentages of all records come from an extra totals query instead of a contribution step', () => {
    const ctx = buildQuery({ ...aggregate, metrics: ['count'], percent_metrics: [sumNum], percent_metric_calculation: 'all_records', show_totals: true });
    expect(ctx.queries).toHaveLength(3);
    expect(ctx.queries[0]!.post_processing).toEqual([]);
    expect(ctx.queries[2]).toMatchObject({ columns: [], metrics: [sumNum] });
  });

  describe('time comparison', () => {
    const compared: FormData = { ...aggregate, groupby: ['name'], adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last year' }], time_compare: '1 year ago' };

    it('sends the chosen shift as time_offsets, also to the totals query but not to the row count', () => {
      const ctx = buildQuery({ ...compared, server_pagination: true, show_totals: true });
      const [main, count, totals] = ctx.queries;
      expect(main!.time_offsets).toEqual(['1 year ago']);
      expect(main!.filters).toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' });
      expect(count!.time_offsets).toEqual([]);
      expect(totals).toMatchObject({ columns: [], time_offsets: ['1 year ago'] });
    });

    it('inherit and a custom start date are sent as the server reads them; nothing is sent when off or in raw mode', () => {
      expect(buildQuery({ ...compared, time_compare: 'inherit' }).queries[0]!.time_offsets).toEqual(['inherit']);
      expect(buildQuery({ ...compared, time_compare: 'custom', start_date_offset: '2023-05-01' }).queries[0]!.time_offsets).toEqual(['2023-05-01']);
      // A list saved by a timeseries chart: its first shift.
      expect(buildQuery({ ...compared, time_compare: ['52 weeks ago', '1 year ago'] }).queries[0]!.time_offsets).toEqual(['52 weeks ago']);
      expect(buildQuery({ ...compared, time_compare: 'custom' }).queries[0]!.time_offsets).toBeUndefined();
      expect(buildQuery({ ...compared, time_compare: null }).queries[0]!.time_offsets).toBeUndefined();
      expect(buildQuery({ ...compared, query_mode: 'raw', all_columns: ['name'] }).queries[0]!.time_offsets).toBeUndefined();
    });

    it('percent metrics get the shares of the compared period too', () => {
      const q = buildQuery({ ...compared, metrics: ['count'], percent_metrics: [sumNum] }).queries[0]!;
      expect(q.post_processing).toEqual([
        { operation: 'contribution', options: { columns: ['SUM(num)', 'SUM(num)__1 year ago'], rename_columns: ['%SUM(num)', '%SUM(num)__1 year ago'] } },
      ]);
    });
  });
});
