import { controls as c, customizeSection, querySection } from '../../controlSets';
import type { ControlConfig, ControlPanelConfig } from '../../types';
import type { FormData } from '@tessera/core';
import { isEmpty } from '../../validators';
import { timeComparisonSection } from './timeComparisonSection';
import { isRawMode, tableQueryMode } from './queryMode';

const isRaw = isRawMode;
const isAggregate = (fd: FormData) => !isRaw(fd);
/** Shown in aggregate mode only, and then only when the control's own rule (the time grain's) allows it. */
const aggregateOnly = (control: ControlConfig): ControlConfig => ({ ...control, visibility: (fd, ds) => isAggregate(fd) && (control.visibility?.(fd, ds) ?? true) });

export const AGGREGATE_EMPTY_MESSAGE = 'Group By, Metrics or Percentage Metrics must have a value';
/**
 * An aggregate table needs a dimension or a metric (a table of distinct values is legitimate), so each
 * of the three controls carries the error while all are empty: the chart does not run an empty query.
 */
const needsAggregateValue = (fd: FormData): string[] =>
  isAggregate(fd) && isEmpty(fd.groupby) && isEmpty(fd.metrics) && isEmpty(fd.percent_metrics) ? [AGGREGATE_EMPTY_MESSAGE] : [];
const rawOnly = (control: ControlConfig): ControlConfig => ({ ...control, visibility: isRaw });

export const PAGE_LENGTH_CHOICES = [
  [0, 'All'],
  [10, '10'],
  [20, '20'],
  [50, '50'],
  [100, '100'],
  [200, '200'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([
      [{ name: 'query_mode', type: 'RadioButtonControl', label: 'Query mode', defaultFrom: tableQueryMode, choices: [['aggregate', 'Aggregate'], ['raw', 'Raw records']] }],
      [aggregateOnly({ ...c.groupby, validators: [], externalValidation: needsAggregateValue })],
      [aggregateOnly(c.dimensionTimeGrain('groupby'))],
      [aggregateOnly({ ...c.metrics, validators: [], externalValidation: needsAggregateValue })],
      [aggregateOnly({ name: 'percent_metrics', type: 'MetricsControl', label: 'Percentage metrics', multi: true, default: [], externalValidation: needsAggregateValue })],
      [rawOnly({ name: 'all_columns', type: 'GroupByControl', label: 'Columns', multi: true, default: [], validators: [{ type: 'nonEmpty' }] })],
      [c.adhocFilters],
      [aggregateOnly(c.seriesLimitMetric), aggregateOnly(c.orderDesc)],
      [rawOnly({ name: 'order_by_cols', type: 'OrderByControl', label: 'Ordering', multi: true, default: [], validators: [{ type: 'json' }] })],
      [c.checkbox('server_pagination', 'Server pagination', false, { renderTrigger: false })],
      [{ ...c.rowLimit, visibility: (fd) => !fd.server_pagination }],
      [c.select('server_page_length', 'Server page length', PAGE_LENGTH_CHOICES.slice(1), 10, { visibility: (fd) => !!fd.server_pagination })],
      [aggregateOnly(c.checkbox('show_totals', 'Show summary', false, { renderTrigger: false }))],
      [aggregateOnly(c.select('percent_metric_calculation', 'Percentage metric calculation', [['row_limit', 'Row limit'], ['all_records', 'All records']], 'row_limit'))],
    ]),
    timeComparisonSection(),
    customizeSection([
      [c.timeFormat('table_timestamp_format', 'Timestamp format')],
      [c.select('page_length', 'Page length', PAGE_LENGTH_CHOICES, 0, { renderTrigger: true, visibility: (fd) => !fd.server_pagination })],
      [c.checkbox('include_search', 'Search box'), c.checkbox('show_cell_bars', 'Cell bars', true)],
      [c.checkbox('align_pn', 'Align +/-'), c.checkbox('color_pn', 'Color +/-', true)],
      [c.checkbox('allow_rearrange_columns', 'Allow columns to be rearranged'), c.checkbox('allow_render_html', 'Render columns in HTML format', true)],
      [{ name: 'column_config', type: 'TextAreaControl', label: 'Customize columns', default: {}, renderTrigger: true, description: 'Per-column formats, widths and alignment.' }],
      [c.conditionalFormatting],
    ]),
  ],
  transferable: ['adhoc_filters', 'row_limit', 'all_columns'],
};
