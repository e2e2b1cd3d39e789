import { PIVOT_AGGREGATE_FUNCTIONS } from '@tessera/core';
import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

const ORDER = [
  ['key_a_to_z', 'key a-z'],
  ['key_z_to_a', 'key z-a'],
] as const;
const POSITION = [
  ['before', 'Top / Left'],
  ['after', 'Bottom / Right'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ ...c.groupby, name: 'groupbyColumns', label: 'Columns' }],
      [{ ...c.groupby, name: 'groupbyRows', label: 'Rows' }],
      [c.dimensionTimeGrain('groupbyColumns', 'groupbyRows')],
      [c.metrics],
      [c.select('metricsLayout', 'Apply metrics on', [['COLUMNS', 'Columns'], ['ROWS', 'Rows']], 'COLUMNS', { renderTrigger: true })],
      [c.adhocFilters],
      [{ ...c.seriesLimit, name: 'series_limit' }],
      [c.rowLimit],
      [{ ...c.seriesLimitMetric, name: 'series_limit_metric' }, c.orderDesc],
    ]),
    timeSection(),
    customizeSection([
      [{ ...c.yAxisFormat, name: 'valueFormat', label: 'Value format' }, c.currencyFormat],
      [c.timeFormat('date_format', 'Date format')],
      [c.select('aggregateFunction', 'Aggregation function', PIVOT_AGGREGATE_FUNCTIONS.map((k) => [k, k] as const), 'Sum', { renderTrigger: true })],
      [c.checkbox('rowTotals', 'Show rows total'), c.checkbox('colTotals', 'Show columns total')],
      [c.checkbox('rowSubTotals', 'Show rows subtotal'), c.checkbox('colSubTotals', 'Show columns subtotal')],
      [c.select('rowSubtotalPosition', 'Rows subtotal position', POSITION, 'after', { renderTrigger: true }), c.select('colSubtotalPosition', 'Columns subtotal position', POSITION, 'after', { renderTrigger: true })],
      [c.checkbox('transposePivot', 'Transpose pivot'), c.checkbox('combineMetric', 'Combine metrics')],
      [c.select('rowOrder', 'Sort rows by', ORDER, 'key_a_to_z', { renderTrigger: true }), c.select('colOrder', 'Sort columns by', ORDER, 'key_a_to_z', { renderTrigger: true })],
      [c.checkbox('allow_render_html', 'Render columns in HTML format', true)],
      [c.conditionalFormatting],
    ]),
  ],
};
