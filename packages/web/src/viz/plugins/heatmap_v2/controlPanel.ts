import { controls as c, customizeSection, legendRows, querySection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

const SORT = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [c.xAxis],
      [c.timeGrain],
      [{ ...c.groupby, name: 'groupby', label: 'Y-axis', multi: false, validators: [{ type: 'nonEmpty' }] }],
      [c.metric],
      [c.adhocFilters],
      [c.rowLimit],
      [c.select('sort_x_axis', 'Sort x-axis', SORT, 'alpha_asc', { renderTrigger: true }), c.select('sort_y_axis', 'Sort y-axis', SORT, 'alpha_asc', { renderTrigger: true })],
      [c.select('normalize_across', 'Normalize across', [['heatmap', 'heatmap'], ['x', 'x'], ['y', 'y']], 'heatmap', { renderTrigger: true })],
    ]),
    customizeSection([
      [c.linearColorScheme],
      [c.checkbox('show_values', 'Show values'), c.checkbox('show_percentage', 'Show percentage', true), c.checkbox('normalized', 'Normalized')],
      ...legendRows(),
      [c.yAxisFormat, c.currencyFormat],
      [c.timeFormat('x_axis_time_format', 'X-axis time format')],
      [c.select('xAxisLabelRotation', 'Rotate x axis label', [[0, '0°'], [45, '45°'], [90, '90°']], 0, { renderTrigger: true })],
    ]),
  ],
};
