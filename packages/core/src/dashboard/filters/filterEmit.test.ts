import { describe, expect, it } from 'vitest';
import { queryContextSchema } from '../../contracts/chartData.js';
import type { NativeFilterConfig } from '../jsonMetadata.js';
import {
  escapeLikePattern,
  filterOptionsQuery,
  rangeBoundsQuery,
  rangeFilterLabel,
  rangeFilterMask,
  selectFilterMask,
  SINGLE_VALUE_TYPE,
  timeColumnFilterMask,
  timeGrainFilterMask,
  timeRangeFilterMask,
} from './filterEmit.js';

const filter = (filterType: string, controlValues: Record<string, unknown> = {}, extra: Partial<NativeFilterConfig> = {}): NativeFilterConfig => ({
  id: 'NATIVE_FILTER-abc',
  type: 'NATIVE_FILTER',
  name: 'Carrier',
  filterType,
  targets: [{ datasetId: 7, column: { name: 'carrier' } }],
  controlValues,
  ...extra,
});

describe('selectFilterMask', () => {
  it('emits IN over the chosen values, creatable ones included, with a label', () => {
    const m = selectFilterMask(filter('filter_select'), ['AA', 'new value']);
    expect(m).toEqual({
      id: 'NATIVE_FILTER-abc',
      extraFormData: { filters: [{ col: 'carrier', op: 'IN', val: ['AA', 'new value'] }] },
      filterState: { value: ['AA', 'new value'], label: 'AA, new value' },
    });
  });

  it('emits NOT IN when the selection is inverse, and says so in the label', () => {
    const m = selectFilterMask(filter('filter_select', { inverseSelection: true }), ['AA']);
    expect(m.extraFormData).toEqual({ filters: [{ col: 'carrier', op: 'NOT IN', val: ['AA'] }] });
    expect(m.filterState?.label).toBe('AA (excluded)');
  });

  it('matches no row and asks for a value when required and empty', () => {
    const m = selectFilterMask(filter('filter_select', { enableEmptyFilter: true }), []);
    expect(m.extraFormData).toEqual({ adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' }] });
    expect(m.filterState).toMatchObject({ value: null, validateStatus: 'error', validateMessage: 'Value is required' });
  });

  it('emits nothing when optional and empty', () => {
    expect(selectFilterMask(filter('filter_select'), null)).toEqual({ id: 'NATIVE_FILTER-abc', extraFormData: {}, filterState: { value: null } });
  });
});

describe('rangeFilterMask', () => {
  const range = (controlValues: Record<string, unknown> = {}) => filter('filter_range', controlValues, { targets: [{ datasetId: 7, column: { name: 'distance' } }] });

  it('emits >= and <= with a ≤ label', () => {
    const m = rangeFilterMask(range(), [10, 2000]);
    expect(m.extraFormData).toEqual({
      filters: [
        { col: 'distance', op: '>=', val: 10 },
        { col: 'distance', op: '<=', val: 2000 },
      ],
    });
    expect(m.filterState).toEqual({ value: [10, 2000], label: '10 ≤ x ≤ 2k' });
  });

  it('emits == when both ends are equal', () => {
    expect(rangeFilterMask(range(), [5, 5]).extraFormData).toEqual({ filters: [{ col: 'distance', op: '==', val: 5 }] });
  });

  it('reads one end in the single-value modes', () => {
    expect(rangeFilterMask(range({ enableSingleValue: SINGLE_VALUE_TYPE.Minimum }), [3, 9]).extraFormData).toEqual({ filters: [{ col: 'distance', op: '>=', val: 3 }] });
    expect(rangeFilterMask(range({ enableSingleValue: SINGLE_VALUE_TYPE.Maximum }), [3, 9]).extraFormData).toEqual({ filters: [{ col: 'distance', op: '<=', val: 9 }] });
    const exact = rangeFilterMask(range({ enableSingleValue: SINGLE_VALUE_TYPE.Exact }), [3, null]);
    expect(exact.extraFormData).toEqual({ filters: [{ col: 'distance', op: '==', val: 3 }] });
    expect(exact.filterState?.label).toBe('x = 3');
  });

  it('refuses a half range, an inverted range, and an empty required one', () => {
    expect(rangeFilterMask(range(), [3, null]).filterState).toMatchObject({ validateStatus: 'error', validateMessage: 'Please provide a valid range' });
    expect(rangeFilterMask(range(), [9, 3]).filterState).toMatchObject({ validateMessage: 'Minimum value cannot be higher than maximum value' });
    expect(rangeFilterMask(range({ enableEmptyFilter: true }), [null, null]).filterState).toMatchObject({ validateMessage: 'Value is required' });
    expect(rangeFilterMask(range(), [null, null]).extraFormData).toEqual({});
  });

  it('labels as Superset does', () => {
    expect(rangeFilterLabel(1, null)).toBe('x ≥ 1');
    expect(rangeFilterLabel(null, 1500)).toBe('x ≤ 1.5k');
  });
});

describe('time masks', () => {
  it('time range emits time_range, nothing for No filter', () => {
    expect(timeRangeFilterMask(filter('filter_time'), 'Last week').extraFormData).toEqual({ time_range: 'Last week' });
    expect(timeRangeFilterMask(filter('filter_time'), 'No filter').extraFormData).toEqual({});
  });
  it('time column emits granularity_sqla and time grain emits time_grain_sqla', () => {
    expect(timeColumnFilterMask(filter('filter_timecolumn'), 'ds').extraFormData).toEqual({ granularity_sqla: 'ds' });
    expect(timeGrainFilterMask(filter('filter_timegrain'), 'P1M', 'Month')).toMatchObject({ extraFormData: { time_grain_sqla: 'P1M' }, filterState: { label: 'Month' } });
    expect(timeGrainFilterMask(filter('filter_timegrain'), null).extraFormData).toEqual({});
  });
});

describe('filterOptionsQuery', () => {
  it('asks for the distinct values of the column, 1000 at most, no slice_id, sorted', () => {
    const ctx = filterOptionsQuery(filter('filter_select', { sortAscending: false }));
    expect(ctx.datasource).toEqual({ id: 7, type: 'table' });
    const [query] = ctx.queries;
    expect(query).toMatchObject({ columns: ['carrier'], metrics: [], row_limit: 1000, orderby: [['carrier', false]] });
    expect(JSON.stringify(ctx)).not.toContain('slice_id');
    expect(queryContextSchema.safeParse(ctx).success).toBe(true);
  });

  it('searches with an escaped ILIKE and merges the parents and the pre-filter', () => {
    const f = filter('filter_select', {}, {
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'distance > 100' }],
      time_range: 'Last year',
      granularity_sqla: 'flight_date',
    });
    const ctx = filterOptionsQuery(f, { search: '5%_a', parentExtraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['JFK'] }] } });
    const [query] = ctx.queries;
    expect(query!.filters).toEqual(
      expect.arrayContaining([
        { col: 'origin', op: 'IN', val: ['JFK'] },
        { col: 'carrier', op: 'ILIKE', val: '%5\\%\\_a%' },
        { col: 'flight_date', op: 'TEMPORAL_RANGE', val: 'Last year' },
      ]),
    );
    expect(query!.extras?.where).toContain('distance > 100');
  });

  it('sorts by the sort metric when one is set', () => {
    const [query] = filterOptionsQuery(filter('filter_select', {}, { sortMetric: 'count' })).queries;
    expect(query).toMatchObject({ metrics: ['count'], orderby: [['count', true]] });
  });

  it('does not ILIKE a numeric column with a text search', () => {
    const [query] = filterOptionsQuery(filter('filter_select'), { search: 'abc', textColumn: false }).queries;
    expect(query!.filters ?? []).toEqual([]);
  });

  it('escapes backslashes too', () => {
    expect(escapeLikePattern('a\\b')).toBe('a\\\\b');
  });
});

describe('rangeBoundsQuery', () => {
  it('asks MIN and MAX of the column', () => {
    const [query] = rangeBoundsQuery(filter('filter_range')).queries;
    expect(query!.metrics).toEqual([
      { expressionType: 'SIMPLE', column: { column_name: 'carrier' }, aggregate: 'MIN', label: 'min' },
      { expressionType: 'SIMPLE', column: { column_name: 'carrier' }, aggregate: 'MAX', label: 'max' },
    ]);
    expect(query!.columns).toEqual([]);
  });
});
