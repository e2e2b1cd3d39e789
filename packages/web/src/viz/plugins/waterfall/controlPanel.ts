import { controls as c, customizeSection, querySection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

const color = (name: string, label: string, value: { r: number; g: number; b: number; a: number }) => ({ name, type: 'ColorPickerControl' as const, label, default: value, renderTrigger: true });

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.xAxis], [c.timeGrain], [{ ...c.groupby, label: 'Breakdowns', multi: false }], [c.metric], [c.adhocFilters], [c.rowLimit]]),
    customizeSection([
      [c.checkbox('show_value', 'Show value'), c.checkbox('show_legend', 'Show legend', true)],
      [c.legendType, c.legendOrientation],
      [color('increase_color', 'Increase', { r: 90, g: 193, b: 137, a: 1 }), color('decrease_color', 'Decrease', { r: 224, g: 67, b: 85, a: 1 }), color('total_color', 'Total', { r: 102, g: 102, b: 102, a: 1 })],
      [c.text('x_axis_label', 'X axis label'), c.text('y_axis_label', 'Y axis label')],
      [c.select('xAxisLabelRotation', 'Rotate x axis label', [[0, '0°'], [45, '45°'], [90, '90°']], 0, { renderTrigger: true })],
      [c.timeFormat('x_axis_time_format', 'X axis time format')],
      [c.yAxisFormat, c.currencyFormat],
    ]),
  ],
};
