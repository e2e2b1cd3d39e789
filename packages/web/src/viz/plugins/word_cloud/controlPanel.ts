import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[{ ...c.xAxis, name: 'series', type: 'ColumnControl', label: 'Dimension' }], [c.metric], [c.adhocFilters], [{ ...c.rowLimit, default: 100 }], [c.seriesLimitMetric]]),
    timeSection(),
    customizeSection([
      [c.integerText('size_from', 'Minimum font size', 10, { renderTrigger: true }), c.integerText('size_to', 'Maximum font size', 70, { renderTrigger: true })],
      [c.select('rotation', 'Word rotation', [['random', 'random'], ['flat', 'flat'], ['square', 'square']], 'square', { renderTrigger: true })],
      [c.colorScheme],
    ]),
  ],
};
