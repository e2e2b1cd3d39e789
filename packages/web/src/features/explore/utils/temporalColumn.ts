import type { FormData } from '@tessera/core';
import { isTemporalColumnMeta } from '../../../viz/shared/columnMeta';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';

/**
 * The dataset's default time column, as Superset's getTemporalColumns picks it: its main datetime column, else
 * its first temporal column; null when it has none.
 */
export function defaultTemporalColumn(datasource: ExploreDatasource | null | undefined): string | null {
  if (!datasource) return null;
  const main = datasource.main_dttm_col;
  if (main && datasource.columns.some((c) => c.column_name === main)) return main;
  return datasource.columns.find((c) => c.is_dttm)?.column_name ?? null;
}

const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Superset's x-axis initial value: an empty x-axis control (time-series charts, big number with trendline,
 * waterfall...) starts from the chart's legacy time column (`granularity_sqla`, or `timeColumn` when given) if the
 * dataset has it, else from the dataset's default time column. A set value is never replaced; the x-axis is
 * required, so an empty one could not run anyway.
 */
export function withDefaultXAxis(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource | null | undefined, timeColumn: unknown = formData.granularity_sqla): FormData {
  const empty = controls.filter((control) => control.type === 'XAxisControl' && isEmptyValue(formData[control.name]));
  if (empty.length === 0 || !datasource) return formData;
  const legacy = typeof timeColumn === 'string' && datasource.columns.some((c) => c.column_name === timeColumn) ? timeColumn : null;
  const column = legacy ?? defaultTemporalColumn(datasource);
  if (!column) return formData;
  const next: FormData = { ...formData };
  for (const control of empty) next[control.name] = column;
  return next;
}

/**
 * Superset's hidden `temporal_columns_lookup` control of the table and pivot table: the dataset's temporal columns
 * (`{ds: true}`), by which their query knows which dimensions the time grain buckets. Set for charts with a time
 * grain but no x-axis; without it the grain picked for a temporal dimension would not reach the query.
 */
export function withTemporalColumnsLookup(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource | null | undefined): FormData {
  if (!datasource) return formData;
  const usesLookup = controls.some((c) => c.type === 'TimeGrainControl') && !controls.some((c) => c.type === 'XAxisControl');
  if (!usesLookup) return formData;
  const lookup = Object.fromEntries(datasource.columns.filter(isTemporalColumnMeta).map((c) => [c.column_name, true]));
  return { ...formData, temporal_columns_lookup: lookup };
}
