import type { DatasetShow } from '@tessera/core';
import type { DatasetColumnInput, DatasetMetricInput, DatasetUpdate } from '../../../api/datasetApi';

export type CurrencyPosition = 'prefix' | 'suffix';

export interface MetricDraft {
  /** Stable row key; existing metrics keep their server id. */
  key: string;
  id?: number;
  metric_name: string;
  expression: string;
  verbose_name: string;
  d3format: string;
  currencySymbol: string;
  currencyPosition: CurrencyPosition;
  description: string;
  warning_text: string;
}

export interface ColumnDraft {
  key: string;
  id?: number;
  column_name: string;
  type: string;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  verbose_name: string;
  /** Set only on calculated columns. */
  expression: string | null;
  description: string;
  python_date_format: string;
}

export interface SettingsDraft {
  table_name: string;
  description: string;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  sql: string;
  template_params: string;
  filter_select_enabled: boolean;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
}

export interface DatasetDraft {
  kind: 'physical' | 'virtual';
  settings: SettingsDraft;
  metrics: MetricDraft[];
  columns: ColumnDraft[];
}

let sequence = 0;
/** Keys for rows added in the modal; never sent to the server. */
export const newRowKey = () => `new-${++sequence}`;

function parseCurrency(raw: string | null): { symbol: string; position: CurrencyPosition } {
  if (!raw) return { symbol: '', position: 'prefix' };
  try {
    const parsed = JSON.parse(raw) as { symbol?: unknown; symbolPosition?: unknown };
    return {
      symbol: typeof parsed.symbol === 'string' ? parsed.symbol : '',
      position: parsed.symbolPosition === 'suffix' ? 'suffix' : 'prefix',
    };
  } catch {
    return { symbol: '', position: 'prefix' };
  }
}

export function draftFromDataset(dataset: DatasetShow): DatasetDraft {
  return {
    kind: dataset.kind,
    settings: {
      table_name: dataset.table_name,
      description: dataset.description ?? '',
      main_dttm_col: dataset.main_dttm_col,
      cache_timeout: dataset.cache_timeout,
      sql: dataset.sql ?? '',
      template_params: dataset.template_params ?? '',
      filter_select_enabled: dataset.filter_select_enabled,
      normalize_columns: dataset.normalize_columns,
      always_filter_main_dttm: dataset.always_filter_main_dttm,
    },
    metrics: dataset.metrics.map((metric) => {
      const currency = parseCurrency(metric.currency);
      return {
        key: `metric-${metric.id}`,
        id: metric.id,
        metric_name: metric.metric_name,
        expression: metric.expression,
        verbose_name: metric.verbose_name ?? '',
        d3format: metric.d3format ?? '',
        currencySymbol: currency.symbol,
        currencyPosition: currency.position,
        description: metric.description ?? '',
        warning_text: metric.warning_text ?? '',
      };
    }),
    columns: dataset.columns.map((column) => ({
      key: `column-${column.id}`,
      id: column.id,
      column_name: column.column_name,
      type: column.type ?? '',
      is_dttm: column.is_dttm,
      groupby: column.groupby,
      filterable: column.filterable,
      verbose_name: column.verbose_name ?? '',
      expression: column.expression ? column.expression : null,
      description: column.description ?? '',
      python_date_format: column.python_date_format ?? '',
    })),
  };
}

export function emptyMetric(): MetricDraft {
  return { key: newRowKey(), metric_name: '', expression: '', verbose_name: '', d3format: '', currencySymbol: '', currencyPosition: 'prefix', description: '', warning_text: '' };
}

export function emptyCalculatedColumn(): ColumnDraft {
  return { key: newRowKey(), column_name: '', type: '', is_dttm: false, groupby: true, filterable: true, verbose_name: '', expression: '', description: '', python_date_format: '' };
}

/** Problems that block saving; empty when the draft can be sent. */
export function validateDraft(draft: DatasetDraft): string[] {
  const errors: string[] = [];
  const metricNames = new Set<string>();
  for (const metric of draft.metrics) {
    const name = metric.metric_name.trim();
    if (!name) errors.push('Metric name is required');
    else if (metricNames.has(name)) errors.push(`Metric "${name}" is defined more than once`);
    else metricNames.add(name);
    if (!metric.expression.trim()) errors.push(`Metric "${name || '(unnamed)'}" needs a SQL expression`);
  }
  const columnNames = new Set<string>();
  for (const column of draft.columns) {
    const name = column.column_name.trim();
    if (!name) errors.push('Column name is required');
    else if (columnNames.has(name)) errors.push(`Column "${name}" is defined more than once`);
    else columnNames.add(name);
    if (column.expression !== null && !column.expression.trim()) errors.push(`Calculated column "${name || '(unnamed)'}" needs a SQL expression`);
  }
  // The name of a virtual dataset is editable; the server's answer to an empty one ("Shorter than minimum length 1.") names no field.
  if (draft.kind === 'virtual' && !draft.settings.table_name.trim()) errors.push('Dataset name is required');
  if (draft.kind === 'virtual' && !draft.settings.sql.trim()) errors.push('A virtual dataset needs a SQL query');
  if (draft.settings.template_params.trim()) {
    try {
      JSON.parse(draft.settings.template_params);
    } catch {
      errors.push('Template parameters must be valid JSON');
    }
  }
  return errors;
}

export interface SyncedColumns {
  columns: ColumnDraft[];
  added: string[];
  removed: string[];
  modified: string[];
}

/**
 * The draft's columns after "Sync columns from source", as Superset's `updateColumns` merges them: the source
 * decides which physical columns exist and their type (and may mark one temporal), while what the user set on a
 * column that is still there (label, flags, format), saved or not yet, is kept; calculated columns stay as they are.
 */
export function mergeSyncedColumns(current: readonly ColumnDraft[], synced: readonly ColumnDraft[]): SyncedColumns {
  const mine = new Map(current.filter((column) => column.expression === null).map((column) => [column.column_name, column]));
  const names = new Set(synced.map((column) => column.column_name));
  const added: string[] = [];
  const modified: string[] = [];
  const merged = synced.map((fresh) => {
    const existing = mine.get(fresh.column_name);
    if (!existing) {
      added.push(fresh.column_name);
      return fresh;
    }
    if (existing.type !== fresh.type) modified.push(fresh.column_name);
    // The server's row id (the refresh may have replaced the row); everything else the user chose stays.
    return { ...existing, ...(fresh.id !== undefined ? { id: fresh.id } : {}), type: fresh.type, is_dttm: existing.is_dttm || (existing.type !== fresh.type && fresh.is_dttm) };
  });
  const removed = [...mine.keys()].filter((name) => !names.has(name));
  const calculated = current.filter((column) => column.expression !== null);
  return { columns: [...merged, ...calculated], added, removed, modified };
}

/** The sync's success toast, naming what changed (Superset lists modified, removed and added columns). */
export function syncSummary({ added, removed, modified }: Pick<SyncedColumns, 'added' | 'removed' | 'modified'>): string {
  const parts = [
    ...(modified.length ? [`Modified columns: ${modified.join(', ')}`] : []),
    ...(removed.length ? [`Removed columns: ${removed.join(', ')}`] : []),
    ...(added.length ? [`New columns added: ${added.join(', ')}`] : []),
  ];
  return parts.length ? `Metadata has been synced. ${parts.join('. ')}` : 'Metadata has been synced';
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

function metricInput(metric: MetricDraft): DatasetMetricInput {
  const symbol = metric.currencySymbol.trim();
  return {
    ...(metric.id !== undefined ? { id: metric.id } : {}),
    metric_name: metric.metric_name.trim(),
    expression: metric.expression.trim(),
    verbose_name: orNull(metric.verbose_name),
    d3format: orNull(metric.d3format),
    currency: symbol ? JSON.stringify({ symbol, symbolPosition: metric.currencyPosition }) : null,
    description: orNull(metric.description),
    warning_text: orNull(metric.warning_text),
  };
}

function columnInput(column: ColumnDraft): DatasetColumnInput {
  return {
    ...(column.id !== undefined ? { id: column.id } : {}),
    column_name: column.column_name.trim(),
    type: orNull(column.type),
    is_dttm: column.is_dttm,
    groupby: column.groupby,
    filterable: column.filterable,
    verbose_name: orNull(column.verbose_name),
    expression: column.expression === null ? null : column.expression.trim(),
    description: orNull(column.description),
    python_date_format: orNull(column.python_date_format),
  };
}

/**
 * The default datetime column survives only while it names a column still marked temporal: unticking
 * "Is temporal" (or deleting the column) would otherwise leave time filters pointed at a non-time column.
 */
export function mainDatetimeColumn(name: string | null, columns: readonly ColumnDraft[]): string | null {
  if (!name) return null;
  return columns.some((column) => column.is_dttm && column.column_name.trim() === name) ? name : null;
}

/** `PUT /api/v1/dataset/<pk>` body: every setting plus the full column and metric lists (rows left out are deleted). */
export function datasetUpdateFromDraft(draft: DatasetDraft): DatasetUpdate {
  const { settings } = draft;
  return {
    table_name: settings.table_name.trim(),
    description: orNull(settings.description),
    main_dttm_col: mainDatetimeColumn(settings.main_dttm_col, draft.columns),
    cache_timeout: settings.cache_timeout ?? null,
    ...(draft.kind === 'virtual' ? { sql: settings.sql } : {}),
    template_params: orNull(settings.template_params),
    filter_select_enabled: settings.filter_select_enabled,
    normalize_columns: settings.normalize_columns,
    always_filter_main_dttm: settings.always_filter_main_dttm,
    metrics: draft.metrics.map(metricInput),
    columns: draft.columns.map(columnInput),
  };
}
