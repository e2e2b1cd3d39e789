import { QUERY_MODES, type QueryColumn, type QueryMetric } from '../contracts/chartData.js';
import { getColumnLabel, isAdhocColumn } from './getColumnLabel.js';
import { getMetricLabel } from './getMetricLabel.js';

/** Form data keys that feed a query field although named otherwise (bubble's x/y/size are metrics, etc.). */
const FIELD_ALIASES: Readonly<Record<string, 'metrics' | 'columns' | 'orderby'>> = {
  metric: 'metrics',
  metrics: 'metrics',
  metric_2: 'metrics',
  secondary_metric: 'metrics',
  x: 'metrics',
  y: 'metrics',
  size: 'metrics',
  groupby: 'columns',
  series: 'columns',
  columns: 'columns',
  all_columns: 'columns',
  orderby: 'orderby',
  order_by_cols: 'orderby',
};

/** Raw-mode-only keys and aggregate-mode-only keys: both are kept in form data so users can switch modes. */
const RAW_ONLY = new Set(['columns', 'all_columns', 'order_by_cols']);
const AGGREGATE_ONLY = new Set(['groupby', 'series', 'metric', 'metrics', 'metric_2', 'secondary_metric', 'x', 'y', 'size']);

export class InvalidOrderByError extends Error {
  constructor() {
    super('Found invalid orderby options');
    this.name = 'InvalidOrderByError';
  }
}

function isMetric(value: unknown): value is QueryMetric {
  if (typeof value === 'string') return value.length > 0;
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { expressionType?: unknown }).expressionType;
  return type === 'SIMPLE' || type === 'SQL';
}

function isColumn(value: unknown): value is QueryColumn {
  return (typeof value === 'string' && value.length > 0) || isAdhocColumn(value);
}

function dedupe<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export interface QueryFields {
  columns: QueryColumn[];
  metrics: QueryMetric[] | undefined;
  orderby: [unknown, boolean][] | undefined;
}

/**
 * Collects columns, metrics and orderby from every form data key that feeds them, in key order, without
 * duplicates (by label). In raw mode metrics are undefined; `query_mode` decides which mode's keys count.
 */
export function extractQueryFields(formData: Record<string, unknown>): QueryFields {
  const queryMode = QUERY_MODES.includes(formData.query_mode as never) ? (formData.query_mode as string) : undefined;
  const columns: QueryColumn[] = [];
  const metrics: QueryMetric[] = [];
  const orderby: unknown[] = [];
  for (const [key, value] of Object.entries(formData)) {
    const field = FIELD_ALIASES[key];
    if (!field || value === null || value === undefined) continue;
    if (queryMode === 'aggregate' && RAW_ONLY.has(key)) continue;
    if (queryMode === 'raw' && AGGREGATE_ONLY.has(key)) continue;
    const values = Array.isArray(value) ? value : [value];
    if (field === 'metrics') metrics.push(...values.filter(isMetric));
    else if (field === 'columns') columns.push(...values.filter(isColumn));
    else orderby.push(...values);
  }
  const parsedOrderby = orderby.map((item) => {
    if (typeof item !== 'string') return item;
    try {
      return JSON.parse(item) as unknown;
    } catch {
      throw new InvalidOrderByError();
    }
  });
  return {
    columns: dedupe(columns, getColumnLabel),
    metrics: queryMode === 'raw' ? undefined : dedupe(metrics, getMetricLabel),
    orderby: parsedOrderby.length > 0 ? (parsedOrderby as [unknown, boolean][]) : undefined,
  };
}
