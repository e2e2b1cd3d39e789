import { controls as c, customizeSection, legendRows, querySection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.xAxis, name: 'column', type: 'ColumnControl', label: 'Column', description: 'Numeric column used to calculate the histogram.' }],
      [c.groupby],
      [c.adhocFilters],
      [c.rowLimit],
      [c.select('bins', 'Bins', [5, 10, 25, 50].map((n) => [n, String(n)] as const), 5, { freeForm: true, validators: [{ type: 'integer' }] })],
      [c.checkbox('normalize', 'Normalize', false, { renderTrigger: false }), c.checkbox('cumulative', 'Cumulative', false, { renderTrigger: false })],
    ]),
    customizeSection([
      [c.colorScheme],
      [c.text('x_axis_title', 'X axis title'), c.text('y_axis_title', 'Y axis title')],
      [c.checkbox('show_value', 'Show value')],
      ...legendRows(),
      [{ ...c.yAxisFormat, name: 'x_axis_format', label: 'X axis format' }, { ...c.yAxisFormat, label: 'Y axis format' }],
    ]),
  ],
};
