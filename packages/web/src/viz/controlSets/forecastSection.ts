import type { FormData } from '@tessera/core';
import type { ControlConfig, ControlPanelSection } from '../types';
import { isEmpty } from '../validators';

/**
 * Superset's Forecast section of the timeseries charts. The values go to the `prophet` post-processing step as they
 * are: periods and interval as numbers, each seasonality as null (decided from the data), 'yes', 'no' or a typed
 * Fourier order.
 */

const forecasting = (fd: FormData) => !!fd.forecastEnabled;

const seasonality = (name: string, label: string, period: string): ControlConfig => ({
  name,
  type: 'SelectControl',
  label,
  choices: [
    [null, 'Default'],
    ['yes', 'Yes'],
    ['no', 'No'],
  ],
  default: null,
  clearable: true,
  freeForm: true,
  visibility: forecasting,
  description: `Should ${period} seasonality be applied. Default decides from the data; a whole number sets its Fourier order.`,
});

export const forecastEnabled: ControlConfig = {
  name: 'forecastEnabled',
  type: 'CheckboxControl',
  label: 'Enable forecast',
  default: false,
  description: 'Enable forecasting. Needs a time grain: the forecast steps one time grain at a time.',
};
export const forecastPeriods: ControlConfig = {
  name: 'forecastPeriods',
  type: 'NumberControl',
  label: 'Forecast periods',
  default: 10,
  min: 1,
  step: 1,
  validators: [{ type: 'nonEmpty' }, { type: 'integer' }],
  visibility: forecasting,
  description: 'How many periods into the future do we want to predict',
};
export const forecastInterval: ControlConfig = {
  name: 'forecastInterval',
  type: 'NumberControl',
  label: 'Confidence interval',
  default: 0.8,
  min: 0.01,
  max: 0.99,
  step: 0.05,
  validators: [{ type: 'nonEmpty' }, { type: 'number' }],
  visibility: forecasting,
  description: 'Width of the confidence interval. Should be between 0 and 1',
};
export const forecastSeasonalityYearly = seasonality('forecastSeasonalityYearly', 'Yearly seasonality', 'yearly');
export const forecastSeasonalityWeekly = seasonality('forecastSeasonalityWeekly', 'Weekly seasonality', 'weekly');
export const forecastSeasonalityDaily = seasonality('forecastSeasonalityDaily', 'Daily seasonality', 'daily');

export const forecastSection = (): ControlPanelSection => ({
  label: 'Predictive Analytics',
  expanded: false,
  description: 'Forecast each series a number of time grains ahead, with a confidence band.',
  controlSetRows: [[forecastEnabled], [forecastPeriods, forecastInterval], [forecastSeasonalityYearly], [forecastSeasonalityWeekly], [forecastSeasonalityDaily]],
});

export const FORECAST_TIME_GRAIN_MESSAGE = 'is required to forecast';

/**
 * The time grain's error while forecasting without one, which the server would refuse ("Time grain missing"):
 * the external validation of the time grain control of charts that forecast.
 */
export function forecastGrainErrors(formData: FormData): string[] {
  return forecasting(formData) && isEmpty(formData.time_grain_sqla) ? [FORECAST_TIME_GRAIN_MESSAGE] : [];
}
