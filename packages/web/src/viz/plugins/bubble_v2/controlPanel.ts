import { controls as c, customizeSection, legendRows, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.xAxis, name: 'entity', type: 'ColumnControl', label: 'Entity' }],
      [{ ...c.xAxis, name: 'series', type: 'ColumnControl', label: 'Dimension', validators: [], clearable: true }],
      [{ ...c.metric, name: 'x', label: 'X axis' }],
      [{ ...c.metric, name: 'y', label: 'Y axis' }],
      [{ ...c.metric, name: 'size', label: 'Bubble size' }],
      [c.adhocFilters],
      [c.rowLimit],
      [c.seriesLimitMetric, c.orderDesc],
    ]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      ...legendRows(),
      [c.select('max_bubble_size', 'Max bubble size', [5, 10, 15, 25, 50, 75, 100].map((n) => [n, String(n)] as const), 25, { renderTrigger: true })],
      [c.slider('opacity', 'Bubble opacity', 0, 1, 0.1, 0.6)],
      [c.text('x_axis_label', 'X axis title'), c.text('y_axis_label', 'Y axis title')],
      [{ ...c.yAxisFormat, name: 'xAxisFormat', label: 'X axis format' }, c.yAxisFormat],
      [{ ...c.yAxisFormat, name: 'tooltipSizeFormat', label: 'Bubble size number format' }],
      [c.checkbox('logXAxis', 'Logarithmic x-axis'), c.checkbox('logYAxis', 'Logarithmic y-axis')],
    ]),
  ],
};
