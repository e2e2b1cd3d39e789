import { describe, expect, it } from 'vitest';
import type { FormData } from '../contracts/chartData.js';
import { queryContextSchema } from '../contracts/chartData.js';
import { buildQueryContext, InvalidDatasourceKeyError } from './buildQueryContext.js';
import { buildQueryObject } from './buildQueryObject.js';
import { InvalidOrderByError } from './extractQueryFields.js';

const base: FormData = { datasource: '3__table', viz_type: 'table' };

describe('buildQueryObject', () => {
  it('applies defaults: No filter, default row limit, descending order, no series limit', () => {
    const q = buildQueryObject(base);
    expect(q.time_range).toBe('No filter');
    expect(q.row_limit).toBe(10000);
    expect(q.order_desc).toBe(true);
    expect(q.series_limit).toBe(0);
    expect(q.filters).toEqual([]);
    expect(q.columns).toEqual([]);
    expect(q.metrics).toEqual([]);
    expect(q.url_params).toEqual({});
    expect(q.annotation_layers).toEqual([]);
  });

  it('collects columns from groupby and columns and metrics from metric/metrics without duplicates', () => {
    const sum = { expressionType: 'SIMPLE' as const, aggregate: 'SUM' as const, column: { column_name: 'num' } };
    const q = buildQueryObject({ ...base, groupby: ['a', 'b'], columns: ['b', 'c'], metric: 'count', metrics: ['count', sum] });
    expect(q.columns).toEqual(['a', 'b', 'c']);
    expect(q.metrics).toEqual(['count', sum]);
  });

  it('respects query_mode: raw keeps all_columns and drops metrics; aggregate ignores columns', () => {
    const raw = buildQueryObject({ ...base, query_mode: 'raw', all_columns: ['x', 'y'], groupby: ['g'], metrics: ['count'], order_by_cols: ['["x", true]'] });
    expect(raw.columns).toEqual(['x', 'y']);
    expect(raw.metrics).toBeUndefined();
    expect(raw.orderby).toEqual([['x', true]]);
    const agg = buildQueryObject({ ...base, query_mode: 'aggregate', all_columns: ['x'], groupby: ['g'], metrics: ['count'] });
    expect(agg.columns).toEqual(['g']);
    expect(agg.metrics).toEqual(['count']);
  });

  it('rejects unparseable orderby text with the spec message', () => {
    expect(() => buildQueryObject({ ...base, query_mode: 'raw', order_by_cols: ['not json'] })).toThrow(InvalidOrderByError);
    expect(() => buildQueryObject({ ...base, query_mode: 'raw', order_by_cols: ['not json'] })).toThrow('Found invalid orderby options');
  });

  it('maps limits and ordering fields', () => {
    const q = buildQueryObject({ ...base, row_limit: '500', limit: '25', timeseries_limit_metric: 'count', order_desc: false, row_offset: 10 });
    expect(q.row_limit).toBe(500);
    expect(q.series_limit).toBe(25);
    expect(q.series_limit_metric).toBe('count');
    expect(q.order_desc).toBe(false);
    expect(q.row_offset).toBe(10);
  });

  it('sets granularity and time grain and adds a TEMPORAL_RANGE filter on the time column', () => {
    const q = buildQueryObject({ ...base, granularity_sqla: 'ds', time_grain_sqla: 'P1M', time_range: 'Last year' });
    expect(q.granularity).toBe('ds');
    expect(q.extras?.time_grain_sqla).toBe('P1M');
    expect(q.filters).toEqual([{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' }]);
    const xAxis = buildQueryObject({ ...base, x_axis: 'order_date', time_range: 'Last week' });
    expect(xAxis.filters).toEqual([{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'Last week' }]);
  });

  it('adds no time filter for No filter, and none twice when the chart already has one on that column', () => {
    expect(buildQueryObject({ ...base, x_axis: 'ds', time_range: 'No filter' }).filters).toEqual([]);
    const q = buildQueryObject({
      ...base,
      x_axis: 'ds',
      time_range: 'Last year',
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last year' }],
    });
    expect(q.filters).toEqual([{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' }]);
  });

  it('merges dashboard extra_form_data: appended filters, overridden time fields, ANDed where/having', () => {
    const q = buildQueryObject({
      ...base,
      x_axis: 'ds',
      time_grain_sqla: 'P1D',
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'a = 1' },
      ],
      extra_form_data: {
        filters: [{ col: 'country', op: 'IN', val: ['FR'] }],
        adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'city', operator: '==', comparator: 'Paris' }],
        time_range: 'Last month',
        time_grain_sqla: 'P1W',
        relative_start: 'now',
        where: 'b = 2',
        having: 'COUNT(*) > 1',
        custom_form_data: { k: 1 },
      },
    });
    expect(q.filters).toEqual([
      { col: 'country', op: 'IN', val: ['FR'] },
      { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last month' },
      { col: 'city', op: '==', val: 'Paris' },
    ]);
    expect(q.time_range).toBe('Last month');
    expect(q.extras).toEqual({ where: '((a = 1)) AND (b = 2)', having: '(COUNT(*) > 1)', time_grain_sqla: 'P1W', relative_start: 'now' });
    expect(q.custom_form_data).toEqual({ k: 1 });
  });

  it('lets a dashboard time column replace the granularity and carry the time range filter', () => {
    const q = buildQueryObject({ ...base, granularity_sqla: 'ds', extra_form_data: { time_column: 'created_at', time_range: 'Last day' } });
    expect(q.granularity).toBe('created_at');
    expect(q.filters).toEqual([{ col: 'created_at', op: 'TEMPORAL_RANGE', val: 'Last day' }]);
  });

  it('reads legacy extra_filters time pseudo columns', () => {
    const q = buildQueryObject({
      ...base,
      extra_filters: [
        { col: '__time_range', op: '==', val: 'Last quarter' },
        { col: '__time_col', op: '==', val: 'ts' },
        { col: 'state', op: 'IN', val: ['CA'] },
      ],
    });
    expect(q.granularity).toBe('ts');
    expect(q.time_range).toBe('Last quarter');
    expect(q.applied_time_extras).toEqual({ __time_range: 'Last quarter', __time_col: 'ts' });
    expect(q.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA'] }]);
  });
});

describe('buildQueryContext', () => {
  it('builds a valid chart data body from form data', () => {
    const ctx = buildQueryContext({ ...base, metrics: ['count'] });
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(ctx.force).toBe(false);
    expect(ctx.result_format).toBe('json');
    expect(ctx.result_type).toBe('full');
    expect(ctx.form_data).toEqual({ ...base, metrics: ['count'] });
    expect(ctx.queries).toHaveLength(1);
    expect(queryContextSchema.safeParse(ctx).success).toBe(true);
  });

  it('runs the chart buildQuery and drops operators that did not apply', () => {
    const ctx = buildQueryContext({ ...base, metrics: ['count'] }, (q) => [
      { ...q, post_processing: [null, { operation: 'flatten' }] },
      { ...q, is_rowcount: true },
    ]);
    expect(ctx.queries).toHaveLength(2);
    expect(ctx.queries[0]!.post_processing).toEqual([{ operation: 'flatten' }]);
    expect(ctx.queries[1]!.is_rowcount).toBe(true);
  });

  it('rejects a malformed datasource key', () => {
    expect(() => buildQueryContext({ ...base, datasource: 'nope' })).toThrow(InvalidDatasourceKeyError);
  });
});
