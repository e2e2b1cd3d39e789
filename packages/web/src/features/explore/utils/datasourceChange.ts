import type { AdhocFilter, FormData, QueryColumn, QueryMetric } from '@tessera/core';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { defaultValueOf } from './controls';
import { defaultTemporalColumn, withDefaultXAxis, withTemporalColumnsLookup } from './temporalColumn';
import { withDefaultTimeColumn, withTemporalRangeFilter } from './temporalFilter';

/** Control kinds whose values name the datasource's columns or metrics. */
const DATASOURCE_CONTROLS = new Set<ControlConfig['type']>(['MetricsControl', 'MetricControl', 'GroupByControl', 'ColumnControl', 'XAxisControl', 'AdhocFilterControl']);

interface Names {
  columns: Set<string>;
  metrics: Set<string>;
}

function columnExists(column: QueryColumn | null | undefined, names: Names): boolean {
  if (column === null || column === undefined) return true;
  if (typeof column === 'string') return names.columns.has(column);
  return true; // adhoc SQL columns carry their own expression
}

function metricExists(metric: unknown, names: Names): boolean {
  if (metric === null || metric === undefined) return true;
  if (typeof metric === 'string') return names.metrics.has(metric);
  const adhoc = metric as QueryMetric & { expressionType?: string; column?: { column_name?: string } };
  if (adhoc.expressionType === 'SIMPLE') return names.columns.has(adhoc.column?.column_name ?? '');
  return true;
}

function filterExists(filter: AdhocFilter, names: Names): boolean {
  if (filter.expressionType === 'SIMPLE') return columnExists(filter.subject, names);
  return true;
}

/** True when every column / metric this control's value names exists in the datasource. */
export function valueFitsDatasource(control: ControlConfig, value: unknown, names: Names): boolean {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  switch (control.type) {
    case 'MetricsControl':
    case 'MetricControl':
      return list.every((item) => metricExists(item, names));
    case 'AdhocFilterControl':
      return list.every((item) => filterExists(item as AdhocFilter, names));
    default:
      return list.every((item) => columnExists(item as QueryColumn, names));
  }
}

/**
 * Spec §4: changing the datasource keeps control values that exist in the new datasource and resets the others to
 * their defaults; a list (dimensions, metrics, filters) keeps those of its entries the new datasource has. The time column falls back to the dataset's default one, which an empty x-axis also takes.
 */
export function applyDatasourceChange(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource): FormData {
  const names: Names = {
    columns: new Set(datasource.columns.map((c) => c.column_name)),
    metrics: new Set(datasource.metrics.map((m) => m.metric_name)),
  };
  const next: FormData = { ...formData, datasource: datasource.uid || `${datasource.id}__${datasource.type}` };
  const reset = new Set<string>();
  for (const control of controls) {
    if (!DATASOURCE_CONTROLS.has(control.type)) continue;
    const value = next[control.name];
    if (valueFitsDatasource(control, value, names)) continue;
    // As Superset's getControlValuesCompatibleWithDatasource: a list keeps the entries the new dataset has, and
    // takes the default only when none is left.
    const kept = Array.isArray(value) ? value.filter((item) => valueFitsDatasource(control, item, names)) : [];
    if (kept.length > 0) {
      next[control.name] = kept;
    } else {
      next[control.name] = defaultValueOf(control, next);
      reset.add(control.name);
    }
  }
  if (typeof next.granularity_sqla === 'string' && !names.columns.has(next.granularity_sqla)) {
    next.granularity_sqla = defaultTemporalColumn(datasource);
  }
  // Filters reset for the new dataset start again with its time column's filter, as a new chart's do.
  const withTime = withDefaultTimeColumn(withTemporalRangeFilter(next, controls, datasource, { addDefault: (name) => reset.has(name) }), controls, datasource);
  return withTemporalColumnsLookup(withDefaultXAxis(withTime, controls, datasource), controls, datasource);
}
