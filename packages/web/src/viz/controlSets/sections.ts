import type { ControlConfig, ControlPanelSection } from '../types';
import * as c from './controls';

/** Section builders: each plugin's control panel is mostly a list of these. */

export const querySection = (rows: ControlConfig[][]): ControlPanelSection => ({ label: 'Query', expanded: true, controlSetRows: rows });

export const timeSection = (): ControlPanelSection => ({
  label: 'Time',
  expanded: false,
  description: 'Time column and range applied as a temporal filter.',
  controlSetRows: [[c.granularitySqla], [c.timeRange]],
});

export const advancedAnalyticsSection = (): ControlPanelSection => ({
  label: 'Advanced analytics',
  expanded: false,
  description: 'Post-processing applied to the query result: rolling windows, time comparison and resampling.',
  controlSetRows: [[c.rollingType], [c.rollingPeriods, c.minPeriods], [c.timeCompare, c.comparisonType], [c.resampleRule, c.resampleMethod]],
});

export const annotationsSection = (): ControlPanelSection => ({ label: 'Annotations and layers', expanded: false, controlSetRows: [[c.annotationLayers]] });

export const chartTitleSection = (): ControlPanelSection => ({
  label: 'Chart title',
  expanded: false,
  controlSetRows: [
    [c.text('x_axis_title', 'X axis title')],
    [c.select('x_axis_title_margin', 'X axis title margin', [[15, '15'], [30, '30'], [50, '50']], 15, { renderTrigger: true })],
    [c.text('y_axis_title', 'Y axis title')],
    [c.select('y_axis_title_margin', 'Y axis title margin', [[15, '15'], [30, '30'], [50, '50']], 15, { renderTrigger: true })],
  ],
});

export const legendRows = (): ControlConfig[][] => [[c.showLegend], [c.legendType, c.legendOrientation]];

export const xAxisRows = (): ControlConfig[][] => [
  [c.timeFormat('x_axis_time_format')],
  [c.select('xAxisLabelRotation', 'Rotate x axis label', [[0, '0°'], [45, '45°'], [90, '90°']], 0, { renderTrigger: true })],
];

export const yAxisRows = (): ControlConfig[][] => [
  [c.yAxisFormat, c.currencyFormat],
  [c.checkbox('logAxis', 'Logarithmic y-axis'), c.checkbox('minorSplitLine', 'Minor split line')],
  [c.checkbox('truncateYAxis', 'Truncate Y axis')],
  [{ name: 'y_axis_bounds', type: 'TextControl', label: 'Y axis bounds', default: [null, null], renderTrigger: true, description: 'Min and max of the y axis as [min, max].' }],
];

export const customizeSection = (rows: ControlConfig[][]): ControlPanelSection => ({ label: 'Chart options', expanded: true, controlSetRows: rows });
