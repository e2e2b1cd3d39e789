import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.xAxis, name: 'source', type: 'ColumnControl', label: 'Source' }],
      [{ ...c.xAxis, name: 'target', type: 'ColumnControl', label: 'Target' }],
      [c.metric],
      [c.adhocFilters],
      [c.rowLimit],
      [c.seriesLimitMetric],
    ]),
    timeSection(),
    customizeSection([[c.colorScheme], [c.yAxisFormat, c.currencyFormat]]),
  ],
};
