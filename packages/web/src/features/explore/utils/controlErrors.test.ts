import type { FormData } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { controlPanel as lineControls } from '../../../viz/plugins/echarts_timeseries_line/controlPanel';
import { controlPanel as pieControls } from '../../../viz/plugins/pie/controlPanel';
import { AGGREGATE_EMPTY_MESSAGE, controlPanel as tableControls } from '../../../viz/plugins/table/controlPanel';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { describeErrors, errorSentence, flattenControls, isControlVisible, validateFormData, withDefaults } from './controls';

const errorsOf = (formData: Omit<FormData, 'datasource'> & { viz_type: string }, panel: typeof lineControls) => {
  const controls = flattenControls(panel);
  const all = withDefaults({ datasource: '1__table', ...formData }, controls);
  return { errors: validateFormData(all, controls), controls };
};

describe('errors that depend on two controls', () => {
  it('asks for a time grain before a line chart forecasts', () => {
    const base = { viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['count'], forecastEnabled: true };
    const { errors, controls } = errorsOf({ ...base, time_grain_sqla: null }, lineControls);
    expect(errors.time_grain_sqla).toEqual(['is required to forecast']);
    expect(describeErrors(errors, controls)).toEqual(['Control labeled Time grain: is required to forecast']);
    expect(errorSentence('Time grain', errors.time_grain_sqla![0]!)).toBe('Time grain is required to forecast');
    expect(errorsOf({ ...base, time_grain_sqla: 'P1D' }, lineControls).errors.time_grain_sqla).toBeUndefined();
    expect(errorsOf({ ...base, forecastEnabled: false, time_grain_sqla: null }, lineControls).errors.time_grain_sqla).toBeUndefined();
  });

  it('stays quiet on charts without forecasting, whatever the form data carried over', () => {
    const { errors } = errorsOf({ viz_type: 'pie', groupby: ['g'], metric: 'count', forecastEnabled: true, time_grain_sqla: null }, pieControls);
    expect(errors.time_grain_sqla).toBeUndefined();
  });

  it('holds an aggregate table with no dimension, metric or percentage metric (no empty query runs)', () => {
    const { errors, controls } = errorsOf({ viz_type: 'table' }, tableControls);
    expect(errors).toMatchObject({ groupby: [AGGREGATE_EMPTY_MESSAGE], metrics: [AGGREGATE_EMPTY_MESSAGE], percent_metrics: [AGGREGATE_EMPTY_MESSAGE] });
    // One tooltip line names the three controls; each control's own line is the sentence, not label + sentence.
    expect(describeErrors(errors, controls)).toEqual([`Controls labeled Dimensions, Metrics, Percentage metrics: ${AGGREGATE_EMPTY_MESSAGE}`]);
    expect(errorSentence('Dimensions', AGGREGATE_EMPTY_MESSAGE)).toBe(AGGREGATE_EMPTY_MESSAGE);
    for (const filled of [{ groupby: ['name'] }, { metrics: ['count'] }, { percent_metrics: ['count'] }]) {
      expect(errorsOf({ viz_type: 'table', ...filled }, tableControls).errors).toEqual({});
    }
    // Raw records mode asks for its columns instead.
    expect(errorsOf({ viz_type: 'table', query_mode: 'raw' }, tableControls).errors).toEqual({ all_columns: ['cannot be empty'] });
  });

  it('hides the time grain for a text x-axis, and a hidden control never blocks the run', () => {
    const datasource = FLIGHTS_DATASOURCE;
    const grain = flattenControls(lineControls).find((c) => c.name === 'time_grain_sqla')!;
    const base = { datasource: '1__table', viz_type: 'echarts_timeseries_line', metrics: ['count'] };
    expect(isControlVisible(grain, { ...base, x_axis: 'ds' }, datasource)).toBe(true);
    expect(isControlVisible(grain, { ...base, x_axis: 'airline' }, datasource)).toBe(false);
    // Adhoc SQL and columns the datasource does not list count as temporal; without a datasource it shows.
    expect(isControlVisible(grain, { ...base, x_axis: { sqlExpression: 'CAST(x AS DATE)', label: 'd' } as never }, datasource)).toBe(true);
    expect(isControlVisible(grain, { ...base, x_axis: 'airline' })).toBe(true);
    // Forecasting asks for a grain, but not through a control the user cannot see.
    const controls = flattenControls(lineControls);
    const all = withDefaults({ ...base, x_axis: 'airline', forecastEnabled: true, time_grain_sqla: null }, controls);
    expect(validateFormData(all, controls, datasource).time_grain_sqla).toBeUndefined();
  });
});

describe("the table's query mode when the form data has none", () => {
  it('opens chosen columns as raw records, without asking for metrics, as Superset does', () => {
    const controls = flattenControls(tableControls);
    const raw = withDefaults({ datasource: '1__table', viz_type: 'table', all_columns: ['state'], metrics: [], row_limit: 100 }, controls);
    expect(raw.query_mode).toBe('raw');
    expect(validateFormData(raw, controls)).toEqual({});
    expect(withDefaults({ datasource: '1__table', viz_type: 'table', groupby: ['state'] }, controls).query_mode).toBe('aggregate');
    expect(withDefaults({ datasource: '1__table', viz_type: 'table', all_columns: ['state'], query_mode: 'aggregate' }, controls).query_mode).toBe('aggregate');
  });
});
