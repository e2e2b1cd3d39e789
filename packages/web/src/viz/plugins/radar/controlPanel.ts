import { controls as c, customizeSection, legendRows, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';
import { FUNNEL_LABEL_TYPES } from '../funnel/controlPanel';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.groupby], [c.metrics], [c.adhocFilters], [{ ...c.rowLimit, default: 10 }], [c.seriesLimitMetric]]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      ...legendRows(),
      [c.checkbox('show_labels', 'Show labels'), c.select('label_type', 'Label type', FUNNEL_LABEL_TYPES.slice(0, 2).concat([FUNNEL_LABEL_TYPES[3]]), 'value', { renderTrigger: true })],
      [{ ...c.yAxisFormat, name: 'number_format' }],
      [c.checkbox('is_circle', 'Circle radar shape')],
      [{ name: 'column_config', type: 'TextAreaControl', label: 'Customize metrics', default: {}, renderTrigger: true, description: 'Per metric {"radarMetricMaxValue": n}.' }],
    ]),
  ],
};
