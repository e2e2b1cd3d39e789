import { describe, expect, it } from 'vitest';
import type { AdhocFilter, FormData } from '@tessera/core';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { getChartPlugin } from '../../../viz/registry';
import type { ExploreDatasource } from '../../../viz/types';
import { flattenControls, initialFormData } from './controls';
import { applyDatasourceChange } from './datasourceChange';
import { hydratePayload } from './hydrateFromBootstrap';
import { FILTER_OPERATOR_LABELS, filterLabel } from './labels';
import { isTemporalRangeFilter, temporalRangeFilter, timeRangeNotice, withDefaultTimeColumn, withTemporalRangeFilter, withTimeRangeFromFilter } from './temporalFilter';
import { transferVizType } from './transferVizType';

const controlsOf = (vizType: string) => flattenControls(getChartPlugin(vizType)?.controlPanel);
const noDates: ExploreDatasource = { ...FLIGHTS_DATASOURCE, id: 9, uid: '9__table', columns: FLIGHTS_DATASOURCE.columns.filter((c) => !c.is_dttm), main_dttm_col: null };
const dsNoFilter: Extract<AdhocFilter, { expressionType: 'SIMPLE' }> = { expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' };
const airlineIn: AdhocFilter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'airline', operator: 'IN', operatorId: 'IN', comparator: ['AA'] };
const fresh = (vizType: string, extra: Partial<FormData> = {}): FormData => ({ datasource: '1__table', viz_type: vizType, ...extra });
const permissions = { can_add: true, can_download: true, can_overwrite: true };

describe('a chart without a Time range control holds its range in a TEMPORAL_RANGE filter', () => {
  it('a new line or table chart starts with the filter on the dataset time column, as Superset adds it', () => {
    for (const vizType of ['echarts_timeseries_line', 'table']) {
      expect(initialFormData(fresh(vizType), controlsOf(vizType), FLIGHTS_DATASOURCE).adhoc_filters).toEqual([dsNoFilter]);
    }
    const mixed = initialFormData(fresh('mixed_timeseries'), controlsOf('mixed_timeseries'), FLIGHTS_DATASOURCE);
    expect([mixed.adhoc_filters, mixed.adhoc_filters_b]).toEqual([[dsNoFilter], [dsNoFilter]]);
  });

  it('picks the main datetime column, else the first temporal one, and adds nothing without one', () => {
    const twoDates: ExploreDatasource = { ...FLIGHTS_DATASOURCE, columns: [...FLIGHTS_DATASOURCE.columns, { column_name: 'arrival', type: 'DATE', type_generic: 2, is_dttm: true }], main_dttm_col: 'arrival' };
    expect(initialFormData(fresh('table'), controlsOf('table'), twoDates).adhoc_filters).toEqual([{ ...dsNoFilter, subject: 'arrival' }]);
    expect(initialFormData(fresh('table'), controlsOf('table'), { ...twoDates, main_dttm_col: null }).adhoc_filters).toEqual([dsNoFilter]);
    expect(initialFormData(fresh('table'), controlsOf('table'), noDates).adhoc_filters).toEqual([]);
  });

  it('leaves a chart that already has filters (even none) as it is, and charts with a Time range control alone', () => {
    expect(initialFormData(fresh('table', { adhoc_filters: [] }), controlsOf('table'), FLIGHTS_DATASOURCE).adhoc_filters).toEqual([]);
    expect(initialFormData(fresh('table', { adhoc_filters: [airlineIn] }), controlsOf('table'), FLIGHTS_DATASOURCE).adhoc_filters).toEqual([airlineIn]);
    expect(initialFormData(fresh('pie'), controlsOf('pie'), FLIGHTS_DATASOURCE).adhoc_filters).toEqual([]);
  });

  it('turns a legacy time_range into the filter on the column it applied to, so it can be seen and changed', () => {
    const opened = initialFormData(fresh('echarts_timeseries_line', { time_range: 'Last year', granularity_sqla: 'ds', adhoc_filters: [airlineIn] }), controlsOf('echarts_timeseries_line'), FLIGHTS_DATASOURCE);
    expect(opened.adhoc_filters).toEqual([airlineIn, { ...dsNoFilter, comparator: 'Last year' }]);
    expect(opened.time_range).toBeUndefined();
    // The query is the one the legacy form data made.
    const query = getChartPlugin('echarts_timeseries_line')!.buildQuery({ ...opened, metrics: ['count'] }).queries[0]!;
    expect(query.filters).toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' });
  });

  it('keeps a filter already on that column, which is the one the query applies', () => {
    const withFilter = [{ ...dsNoFilter, comparator: 'Last week' }];
    const formData = withTemporalRangeFilter(fresh('table', { time_range: 'Last year', adhoc_filters: withFilter }), controlsOf('table'), FLIGHTS_DATASOURCE);
    expect(formData.adhoc_filters).toEqual(withFilter);
  });
});

describe('the Time column of charts with a Time range control', () => {
  it('defaults to the main datetime column, so the pie chart range filters (it was silently ignored)', () => {
    const hydrated = hydratePayload(
      { form_data: fresh('pie', { metric: 'count', groupby: ['airline'], time_range: 'Last week' }), dataset: { ...FLIGHTS_DATASOURCE }, slice: null, message: null },
      { force: false, permissions, getPlugin: getChartPlugin },
    );
    const formData = initialFormData(hydrated.formData, hydrated.controls, hydrated.datasource);
    expect(formData.granularity_sqla).toBe('ds');
    const query = getChartPlugin('pie')!.buildQuery(formData).queries[0]!;
    expect(query.filters).toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' });
  });

  it('keeps a chosen column and stays empty when the dataset has no temporal column', () => {
    const controls = controlsOf('pie');
    expect(withDefaultTimeColumn(fresh('pie', { granularity_sqla: 'other' }), controls, FLIGHTS_DATASOURCE).granularity_sqla).toBe('other');
    expect(withDefaultTimeColumn(fresh('pie', { granularity_sqla: null }), controls, noDates).granularity_sqla).toBeNull();
    expect(withDefaultTimeColumn(fresh('table'), controlsOf('table'), FLIGHTS_DATASOURCE).granularity_sqla).toBeUndefined();
  });

  it('is set again after a datasource change to one with a time column', () => {
    const controls = controlsOf('pie');
    expect(applyDatasourceChange(fresh('pie', { granularity_sqla: null }), controls, FLIGHTS_DATASOURCE).granularity_sqla).toBe('ds');
  });

  it('the Time range control says it needs a time column, or that a filter applies instead', () => {
    expect(timeRangeNotice(fresh('pie', { time_range: 'Last week', granularity_sqla: null }), noDates)).toBe(
      'This time range needs a time column, and the dataset has no temporal column: the range is not applied.',
    );
    expect(timeRangeNotice(fresh('pie', { time_range: 'Last week', granularity_sqla: null }), FLIGHTS_DATASOURCE)).toBe('This time range needs a time column: choose one in Time column, or the range is not applied.');
    expect(timeRangeNotice(fresh('pie', { time_range: 'No filter', granularity_sqla: null }), noDates)).toBeNull();
    expect(timeRangeNotice(fresh('pie', { time_range: 'Last week', granularity_sqla: 'ds' }), FLIGHTS_DATASOURCE)).toBeNull();
    expect(timeRangeNotice(fresh('pie', { time_range: 'Last week', granularity_sqla: 'ds', adhoc_filters: [{ ...dsNoFilter, comparator: 'Last year' }] }), FLIGHTS_DATASOURCE)).toBe(
      'The filter ds (Last year) in Filters applies instead of this range.',
    );
  });
});

describe('the range moves with a viz type change', () => {
  const change = (current: FormData, vizType: string) => transferVizType(current, { vizType, controls: controlsOf(vizType), datasource: FLIGHTS_DATASOURCE }).formData;

  it('table → pie: the TEMPORAL_RANGE filter becomes the Time range and Time column, so the range control works', () => {
    const table = initialFormData(fresh('table', { adhoc_filters: [airlineIn, { ...dsNoFilter, comparator: 'Last month' }] }), controlsOf('table'), FLIGHTS_DATASOURCE);
    const pie = change(table, 'pie');
    expect(pie).toMatchObject({ time_range: 'Last month', granularity_sqla: 'ds', adhoc_filters: [airlineIn] });
    // A changed range then reaches the query (a leftover 'No filter' filter on ds would have overridden it).
    const query = getChartPlugin('pie')!.buildQuery({ ...pie, metric: 'count', time_range: 'Last week' }).queries[0]!;
    expect(query.filters).toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' });
    expect(query.filters).not.toContainEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last month' });
  });

  it('pie → line: the Time range becomes the filter, replacing the one the line chart had', () => {
    const pie = initialFormData(fresh('pie', { time_range: 'Last week' }), controlsOf('pie'), FLIGHTS_DATASOURCE);
    expect(change(pie, 'echarts_timeseries_line').adhoc_filters).toEqual([{ ...dsNoFilter, comparator: 'Last week' }]);
    const remembered = transferVizType(pie, {
      vizType: 'echarts_timeseries_line',
      controls: controlsOf('echarts_timeseries_line'),
      datasource: FLIGHTS_DATASOURCE,
      remembered: fresh('echarts_timeseries_line', { adhoc_filters: [{ ...dsNoFilter, comparator: 'Last year' }] }),
    });
    expect(remembered.formData.adhoc_filters).toEqual([{ ...dsNoFilter, comparator: 'Last week' }]);
  });

  it('a chart moving from one without the filter gets the default one', () => {
    const bigNumber = initialFormData(fresh('big_number_total', { metric: 'count' }), controlsOf('big_number_total'), FLIGHTS_DATASOURCE);
    expect(change(bigNumber, 'table').adhoc_filters).toEqual([dsNoFilter]);
  });
});

describe('filter labels', () => {
  it('reads a time range filter as `col (range)`', () => {
    expect(filterLabel(temporalRangeFilter('ds'))).toBe('ds (No filter)');
    expect(filterLabel({ ...airlineIn, subject: 'ds', operator: 'TEMPORAL_RANGE', operatorId: 'TEMPORAL_RANGE', comparator: 'Last week' })).toBe('ds (Last week)');
    expect(filterLabel(airlineIn)).toBe('airline IN (AA)');
  });

  it('names every operator readably', () => {
    expect(FILTER_OPERATOR_LABELS.NOT_LIKE).toBe('Not like');
    expect(Object.values(FILTER_OPERATOR_LABELS).filter((label) => /^[A-Z_]+$/.test(label))).toEqual([]);
  });

  it('recognises TEMPORAL_RANGE filters however the operator is spelled', () => {
    expect(isTemporalRangeFilter(dsNoFilter)).toBe(true);
    expect(isTemporalRangeFilter({ ...dsNoFilter, operator: 'TEMPORAL RANGE' })).toBe(true);
    expect(isTemporalRangeFilter(airlineIn)).toBe(false);
    expect(withTimeRangeFromFilter(fresh('pie', { adhoc_filters: [airlineIn] }), controlsOf('pie'), FLIGHTS_DATASOURCE).adhoc_filters).toEqual([airlineIn]);
  });
});
