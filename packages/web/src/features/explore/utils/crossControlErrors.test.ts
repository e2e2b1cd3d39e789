import type { FormData } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { controlPanel as lineControls } from '../../../viz/plugins/echarts_timeseries_line/controlPanel';
import { controlPanel as pieControls } from '../../../viz/plugins/pie/controlPanel';
import { describeErrors, flattenControls, validateFormData, withDefaults } from './controls';
import { crossControlErrors } from './crossControlErrors';

const errorsOf = (formData: Omit<FormData, 'datasource'> & { viz_type: string }, panel: typeof lineControls) => {
  const controls = flattenControls(panel);
  const all = withDefaults({ datasource: '1__table', ...formData }, controls);
  return { errors: validateFormData(all, controls, crossControlErrors(all, controls)), controls };
};

describe('errors that depend on two controls', () => {
  it('asks for a time grain before a line chart forecasts', () => {
    const base = { viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['count'], forecastEnabled: true };
    const { errors, controls } = errorsOf({ ...base, time_grain_sqla: null }, lineControls);
    expect(errors.time_grain_sqla).toEqual(['is required to forecast']);
    expect(describeErrors(errors, controls)).toContain('Time grain is required to forecast');
    expect(errorsOf({ ...base, time_grain_sqla: 'P1D' }, lineControls).errors.time_grain_sqla).toBeUndefined();
    expect(errorsOf({ ...base, forecastEnabled: false, time_grain_sqla: null }, lineControls).errors.time_grain_sqla).toBeUndefined();
  });

  it('stays quiet on charts without forecasting, whatever the form data carried over', () => {
    const { errors } = errorsOf({ viz_type: 'pie', groupby: ['g'], metric: 'count', forecastEnabled: true, time_grain_sqla: null }, pieControls);
    expect(errors.time_grain_sqla).toBeUndefined();
  });
});
