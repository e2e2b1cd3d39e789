import { GENERIC_DATA_TYPE, type QueryColumn, type QueryMetric } from '@tessera/core';
import { getCurrencyFormatter, type CurrencyFormat } from '../../formatters/currencyFormat';
import { getNumberFormatter, NumberFormats } from '../../formatters/numberFormat';
import { getTimeFormatter, TimeFormats, timeFormatForGrain } from '../../formatters/timeFormat';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import type { ConditionalFormattingRule } from '../../shared/conditionalFormatting';
import { parseJsonObject, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';
import { percentMetricLabel } from './buildQuery';
import { isRawMode } from './queryMode';
import { COMPARISON_PARTS, comparisonKey, comparisonRow, offsetColumnKey, timeComparisonOffset, type ComparisonPart } from './timeComparison';

export interface ColumnConfig {
  d3NumberFormat?: string;
  d3TimeFormat?: string;
  columnWidth?: number;
  horizontalAlign?: 'left' | 'right' | 'center';
  showCellBars?: boolean;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  currencyFormat?: CurrencyFormat;
}

export interface TableColumn {
  key: string;
  label: string;
  kind: 'dimension' | 'metric' | 'percent';
  numeric: boolean;
  temporal: boolean;
  format: (value: unknown) => string;
  align: 'left' | 'right' | 'center';
  showCellBar: boolean;
  alignPn: boolean;
  colorPn: boolean;
  width?: number;
  /** [min, max] of the column for cell bars. */
  range?: [number, number];
  /** One of a compared metric's four sub-columns; the header groups them under the metric's label. */
  comparison?: { part: ComparisonPart; metricKey: string; group: string };
}

export interface TableProps {
  [key: string]: unknown;
  columns: TableColumn[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  pageLength: number;
  serverPagination: boolean;
  serverPageLength: number;
  /** Rows the query would return without paging (server pagination) or the rows received. */
  rowCount: number;
  includeSearch: boolean;
  allowRearrangeColumns: boolean;
  allowRenderHtml: boolean;
  conditionalFormatting: ConditionalFormattingRule[];
  filterColumns: string[];
  /** Time comparison colours: up green, down red. */
  comparisonColor: boolean;
  /** Text dimensions the server-side search can look in (server pagination), in column order. */
  searchColumns: string[];
}

function columnKeys(chartProps: ChartProps, offset: string | null): { key: string; kind: TableColumn['kind'] }[] {
  const { formData, queriesData } = chartProps;
  const colnames = queriesData[0]?.colnames ?? [];
  let declared: { key: string; kind: TableColumn['kind'] }[];
  if (isRawMode(formData)) {
    declared = ensureIsArray(formData.all_columns as QueryColumn[] | undefined).map((c) => ({ key: getColumnLabel(c), kind: 'dimension' as const }));
  } else {
    const metrics = ensureIsArray(formData.metrics).map(getMetricLabel);
    declared = [
      ...ensureIsArray(formData.groupby).map((c) => ({ key: getColumnLabel(c), kind: 'dimension' as const })),
      ...metrics.map((key) => ({ key, kind: 'metric' as const })),
      ...ensureIsArray(formData.percent_metrics as QueryMetric[] | undefined).map((m) => ({ key: percentMetricLabel(m), kind: 'percent' as const })),
    ];
    // A percent metric that is not also a plain metric is only fetched to compute its share: do not show it.
    const percentOnly = ensureIsArray(formData.percent_metrics as QueryMetric[] | undefined).map(getMetricLabel).filter((l) => !metrics.includes(l));
    declared = declared.filter((d) => !(d.kind === 'metric' && percentOnly.includes(d.key)));
  }
  // Columns the answer has but the form data does not name (e.g. a saved query) still show, after the declared ones.
  const known = new Set(declared.map((d) => d.key));
  const hidden = new Set(ensureIsArray(formData.percent_metrics as QueryMetric[] | undefined).map(getMetricLabel).filter((l) => !ensureIsArray(formData.metrics).map(getMetricLabel).includes(l)));
  // The compared period's metrics are shown as comparison sub-columns, not on their own.
  const compared = (c: string) => offset !== null && c.endsWith(offsetColumnKey('', offset));
  const extra = colnames.filter((c) => !known.has(c) && !hidden.has(c) && !compared(c)).map((key) => ({ key, kind: 'dimension' as const }));
  return [...declared.filter((d) => d.kind === 'percent' || colnames.length === 0 || colnames.includes(d.key)), ...extra];
}

/** Adds `%<metric>` cells (and those of the compared period) as shares of the grand totals (percent_metric_calculation = all_records). */
function withShares(rows: Record<string, unknown>[], metrics: QueryMetric[], totals: Record<string, unknown>, offset: string | null): Record<string, unknown>[] {
  const labels = metrics.map(getMetricLabel).flatMap((label) => (offset ? [label, offsetColumnKey(label, offset)] : [label]));
  return rows.map((row) => {
    const shares = labels.map((label) => {
      const value = toNumber(row[label]);
      const total = toNumber(totals[label]);
      return [`%${label}`, value === null || !total ? null : value / total];
    });
    return { ...row, ...Object.fromEntries(shares) };
  });
}

/** A column as the table shows it: `source` is the answer's column it formats (a compared metric's for its sub-columns). */
interface ColumnSpec {
  key: string;
  kind: TableColumn['kind'];
  source: string;
  comparison?: TableColumn['comparison'];
}

/** Each metric and percent metric becomes its four comparison sub-columns (`Main m`, `# m`, `△ m`, `% m`). */
function comparisonSpecs(columns: { key: string; kind: TableColumn['kind'] }[], verbose: Record<string, string>): ColumnSpec[] {
  return columns.flatMap(({ key, kind }): ColumnSpec[] => {
    if (kind === 'dimension') return [{ key, kind, source: key }];
    return COMPARISON_PARTS.map(({ part, label }) => ({ key: comparisonKey(label, key), kind, source: key, comparison: { part, metricKey: key, group: verbose[key] ?? key } }));
  });
}

/**
 * A table cell shows a whole timestamp: "Adaptive" (smart_date, the default) means the time grain's format
 * for bucketed columns and the full date-time otherwise, as in Superset; adaptive labels ("12:15", "05 AM")
 * suit an axis, where neighbours give the date, not a row read on its own.
 */
function tableTimeFormat(format: string | undefined, grain: string | null | undefined): string {
  if (format && format.trim() && format.trim() !== TimeFormats.SMART_DATE) return format;
  return timeFormatForGrain(grain) ?? TimeFormats.DATABASE_DATETIME;
}

export function transformProps(chartProps: ChartProps): TableProps {
  const { formData, queriesData, datasource } = chartProps;
  const result = queriesData[0];
  const serverPagination = !!formData.server_pagination;
  // Extra queries come in buildQuery's order: row count, totals, then percent-metric totals.
  let next = 1;
  const countResult = serverPagination ? queriesData[next++] : undefined;
  const aggregate = !isRawMode(formData);
  const totalsResult = formData.show_totals && aggregate && ensureIsArray(formData.metrics).length + ensureIsArray(formData.percent_metrics as QueryMetric[] | undefined).length > 0 ? queriesData[next++] : undefined;
  const percentMetrics = aggregate ? ensureIsArray(formData.percent_metrics as QueryMetric[] | undefined) : [];
  const percentTotals = percentMetrics.length && formData.percent_metric_calculation === 'all_records' ? queriesData[next]?.data[0] : undefined;
  const offset = timeComparisonOffset(formData);
  const shared = percentTotals ? withShares(result?.data ?? [], percentMetrics, percentTotals, offset) : (result?.data ?? []);
  const columnConfig = parseJsonObject<Record<string, ColumnConfig>>(formData.column_config);
  const verbose = datasource?.verbose_map ?? {};
  const keys = columnKeys(chartProps, offset);
  const specs: ColumnSpec[] = offset ? comparisonSpecs(keys, verbose) : keys.map((k) => ({ ...k, source: k.key }));
  const compared = keys.filter((k) => k.kind !== 'dimension').map((k) => k.key);
  const toCompared = (row: Record<string, unknown>) => comparisonRow(row, compared, (key) => offsetColumnKey(key, offset!));
  const rows = offset ? shared.map(toCompared) : shared;
  // No summary of no records. A percent metric's summary is the share of its total: 100% of the rows' (as Superset's
  // totals query computes it), of the grand total with percentages of all records.
  const totalsRow = rows.length > 0 ? totalsResult?.data[0] : undefined;
  const totalsShared = totalsRow && percentMetrics.length ? withShares([totalsRow], percentMetrics, percentTotals ?? totalsRow, offset)[0] : totalsRow;
  const totals = offset && totalsShared ? toCompared(totalsShared) : totalsShared;
  const columns: TableColumn[] = specs.map(({ key, kind, source, comparison }) => {
    const i = result?.colnames.indexOf(source) ?? -1;
    const coltype = i >= 0 ? result!.coltypes[i] : undefined;
    // A sub-column takes its metric's settings, then its own (`column_config['% m']`), as in Superset.
    const config: ColumnConfig = comparison ? { ...(comparison.part === 'percent' ? {} : columnConfig[source]), ...columnConfig[key] } : (columnConfig[key] ?? {});
    const numeric = kind !== 'dimension' || coltype === GENERIC_DATA_TYPE.NUMERIC;
    const temporal = !comparison && coltype === GENERIC_DATA_TYPE.TEMPORAL;
    let format: (value: unknown) => string;
    if (temporal) {
      const f = getTimeFormatter(tableTimeFormat(config.d3TimeFormat ?? (formData.table_timestamp_format as string | undefined), aggregate ? formData.time_grain_sqla : null));
      format = (v) => (v === null || v === undefined ? 'N/A' : f(v as number | string));
    } else if (numeric && (kind !== 'dimension' || config.d3NumberFormat || config.currencyFormat?.symbol)) {
      // A numeric dimension (a year, an id) reads as it is unless its settings name a format, as in Superset.
      const f =
        kind === 'percent' || comparison?.part === 'percent'
          ? getNumberFormatter(config.d3NumberFormat ?? NumberFormats.PERCENT_3_POINT)
          : getCurrencyFormatter(config.currencyFormat ?? (formData.currency_format as CurrencyFormat | undefined), config.d3NumberFormat ?? datasource?.column_formats?.[source] ?? (formData.y_axis_format as string | undefined));
      format = (v) => (v === null || v === undefined ? 'N/A' : typeof v === 'number' || toNumber(v) !== null ? f(toNumber(v)) : String(v));
    } else {
      format = (v) => (v === null || v === undefined ? 'N/A' : String(v));
    }
    const values = numeric ? rows.map((r) => toNumber(r[key])).filter((v): v is number => v !== null) : [];
    return {
      key,
      label: comparison ? COMPARISON_PARTS.find((p) => p.part === comparison.part)!.label : (verbose[key] ?? key),
      kind,
      numeric,
      temporal,
      format,
      align: config.horizontalAlign ?? (numeric ? 'right' : 'left'),
      // Bars measure metrics; a dimension gets one only among raw records (Superset's rule).
      showCellBar: numeric && (kind !== 'dimension' || !aggregate) && (config.showCellBars ?? formData.show_cell_bars !== false),
      alignPn: config.alignPositiveNegative ?? !!formData.align_pn,
      colorPn: config.colorPositiveNegative ?? formData.color_pn !== false,
      width: config.columnWidth,
      range: values.length ? [Math.min(...values), Math.max(...values)] : undefined,
      ...(comparison ? { comparison } : {}),
    };
  });
  const rowCount = serverPagination ? (toNumber(countResult?.data[0]?.rowcount) ?? rows.length) : rows.length;
  return {
    columns,
    rows,
    totals,
    pageLength: Number(formData.page_length ?? 0) || 0,
    serverPagination,
    serverPageLength: Number(formData.server_page_length ?? 10),
    rowCount,
    includeSearch: !!formData.include_search,
    allowRearrangeColumns: !!formData.allow_rearrange_columns,
    allowRenderHtml: formData.allow_render_html !== false,
    conditionalFormatting: ensureIsArray(formData.conditional_formatting as ConditionalFormattingRule[] | undefined),
    filterColumns: columns.filter((c) => c.kind === 'dimension').map((c) => c.key),
    comparisonColor: offset !== null && !!formData.comparison_color_enabled,
    searchColumns: columns
      .filter((c) => {
        if (c.kind !== 'dimension' || c.numeric || c.temporal) return false;
        const i = result?.colnames.indexOf(c.key) ?? -1;
        return i < 0 || result!.coltypes[i] !== GENERIC_DATA_TYPE.BOOLEAN;
      })
      .map((c) => c.key),
  };
}
