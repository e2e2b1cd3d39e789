import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';
import { FUNNEL_LABEL_TYPES } from '../funnel/controlPanel';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[{ ...c.groupby, label: 'Dimensions (hierarchy)' }], [c.metric], [c.adhocFilters], [c.rowLimit], [c.seriesLimitMetric]]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      [c.checkbox('show_labels', 'Show labels', true), c.checkbox('show_upper_labels', 'Show upper labels', true)],
      [c.select('label_type', 'Label type', FUNNEL_LABEL_TYPES.slice(0, 2).concat([FUNNEL_LABEL_TYPES[3]]), 'key_value', { renderTrigger: true })],
      [{ ...c.yAxisFormat, name: 'number_format' }, c.currencyFormat],
      [c.timeFormat('date_format', 'Date format')],
    ]),
  ],
};
