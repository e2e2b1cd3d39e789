import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';
import { FUNNEL_LABEL_TYPES } from '../funnel/controlPanel';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.columns, label: 'Hierarchy', validators: [{ type: 'nonEmpty' }] }],
      [{ ...c.metric, label: 'Primary metric' }],
      [{ ...c.metric, name: 'secondary_metric', label: 'Secondary metric', validators: [], clearable: true }],
      [c.adhocFilters],
      [c.rowLimit],
    ]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      [c.linearColorScheme],
      [c.checkbox('show_labels', 'Show labels', true), c.checkbox('show_labels_threshold_enabled', 'Hide small labels', true)],
      [c.select('label_type', 'Label type', FUNNEL_LABEL_TYPES.slice(0, 2).concat([FUNNEL_LABEL_TYPES[3]]), 'key', { renderTrigger: true })],
      [{ ...c.yAxisFormat, name: 'number_format' }, c.currencyFormat],
      [c.timeFormat('date_format', 'Date format')],
    ]),
  ],
};
