import { controls as c, customizeSection, legendRows, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

const LABEL_TYPES = [
  ['key', 'Category name'],
  ['value', 'Value'],
  ['percent', 'Percentage'],
  ['key_value', 'Category and value'],
  ['key_percent', 'Category and percentage'],
  ['key_value_percent', 'Category, value and percentage'],
  ['value_percent', 'Value and percentage'],
  ['template', 'Template'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.groupby], [c.metric], [c.adhocFilters], [c.rowLimit], [c.checkbox('sort_by_metric', 'Sort by metric', true, { renderTrigger: false })]]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      [c.slider('show_labels_threshold', 'Percentage threshold', 0, 100, 1, 5)],
      [c.slider('threshold_for_other', 'Threshold for Other', 0, 100, 1, 0)],
      ...legendRows(),
      [c.select('label_type', 'Label type', LABEL_TYPES, 'key', { renderTrigger: true })],
      [c.text('label_template', 'Label template', '', { visibility: (fd) => fd.label_type === 'template', description: 'Use {name}, {value} and {percent}.' })],
      [{ ...c.yAxisFormat, name: 'number_format' }, c.currencyFormat],
      [c.timeFormat('date_format', 'Date format')],
      [c.checkbox('show_labels', 'Show labels', true), c.checkbox('labels_outside', 'Put labels outside', true), c.checkbox('label_line', 'Label line', false)],
      [c.checkbox('show_total', 'Show total'), c.checkbox('donut', 'Donut')],
      [c.slider('innerRadius', 'Inner radius', 0, 100, 1, 30), c.slider('outerRadius', 'Outer radius', 10, 100, 1, 70)],
    ]),
  ],
};
