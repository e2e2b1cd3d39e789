import { controls as c, customizeSection, legendRows, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const FUNNEL_LABEL_TYPES = [
  ['key', 'Category name'],
  ['value', 'Value'],
  ['percent', 'Percentage'],
  ['key_value', 'Category and value'],
  ['key_percent', 'Category and percentage'],
  ['key_value_percent', 'Category, value and percentage'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.groupby], [c.metric], [c.adhocFilters], [c.rowLimit], [c.checkbox('sort_by_metric', 'Sort by metric', true, { renderTrigger: false })]]),
    timeSection(),
    customizeSection([
      [c.colorScheme],
      ...legendRows(),
      [c.select('label_type', 'Label contents', FUNNEL_LABEL_TYPES, 'key', { renderTrigger: true })],
      [
        c.select(
          'percent_calculation_type',
          'Percentage calculation',
          [
            ['first_step', 'Calculate from first step'],
            ['prev_step', 'Calculate from previous step'],
            ['total', 'Percent of total'],
          ],
          'first_step',
          { renderTrigger: true },
        ),
      ],
      [{ ...c.yAxisFormat, name: 'number_format' }, c.currencyFormat],
      [c.checkbox('show_labels', 'Show labels', true)],
    ]),
  ],
};
