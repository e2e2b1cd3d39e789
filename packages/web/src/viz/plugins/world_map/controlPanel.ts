import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.xAxis, name: 'entity', type: 'ColumnControl', label: 'Country column', description: 'Column holding country names or codes.' }],
      [
        c.select(
          'country_fieldtype',
          'Country field type',
          [
            ['name', 'Full name'],
            ['cioc', 'code International Olympic Committee (cioc)'],
            ['cca2', 'code ISO 3166-1 alpha-2 (cca2)'],
            ['cca3', 'code ISO 3166-1 alpha-3 (cca3)'],
          ],
          'cca2',
        ),
      ],
      [c.metric],
      [{ ...c.metric, name: 'secondary_metric', label: 'Bubble size', validators: [], clearable: true }],
      [c.adhocFilters],
      [c.rowLimit],
      [c.seriesLimitMetric],
    ]),
    timeSection(),
    customizeSection([
      [c.checkbox('show_bubbles', 'Show bubbles'), c.select('max_bubble_size', 'Max bubble size', [5, 10, 15, 25, 50].map((n) => [n, String(n)] as const), 25, { renderTrigger: true })],
      [c.select('color_by', 'Color by', [['metric', 'Metric'], ['country', 'Country']], 'metric', { renderTrigger: true })],
      [c.linearColorScheme, c.colorScheme],
      [c.colorPicker],
      [c.yAxisFormat, c.currencyFormat],
    ]),
  ],
};
