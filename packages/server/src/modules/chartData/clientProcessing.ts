import { GENERIC_DATA_TYPE, flatName, flatPivotTable, pivotTable, pivotTableLayout, type DatasetShow, type DatasourceDescriptor, type FlatPivotTable } from '@tessera/core';
import type { CellValue } from '../../connectors/types.js';
import { dateText } from '../../query-engine/chartExport.js';
import type { ChartFrame } from '../../query-engine/chartFrame.js';
import { frameToRows } from '../../query-engine/chartFrame.js';
import { pivotCellFormatter, tableColumnFormatters, type CellFormatter } from './postProcessedFormats.js';

/**
 * `result_type: post_processed` (Superset's apply_client_processing): the rows a chart type reshapes in the
 * browser are reshaped here too, so a report's CSV or an API client gets the table the chart shows. The pivot
 * table reshapes; the table keeps its rows, and its JSON is keyed and formatted as Superset's; every other
 * chart's rows are answered as they are.
 */
function pivotOf(records: Record<string, unknown>[], temporal: readonly string[], formData: Record<string, unknown>, name: (label: string) => string): FlatPivotTable {
  const layout = pivotTableLayout(formData);
  // Temporal keys as the exports write them, so equal instants group together and headers read as dates.
  for (const row of records) for (const column of temporal) if (typeof row[column] === 'number') row[column] = dateText(row[column] as number);
  return flatPivotTable(pivotTable(records, layout.options), layout, name);
}

const isPivot = (formData: Record<string, unknown> | null | undefined): boolean => formData?.viz_type === 'pivot_table_v2';

const temporalNames = (colnames: readonly string[], coltypes: readonly number[]) => colnames.filter((_, i) => coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL);

/** What a post-processed answer needs of its datasource: saved metric formats, and the verbose names headers show. */
export interface PostProcessSource {
  descriptor: DatasourceDescriptor;
  dataset: DatasetShow | null;
}

/** Superset renames a post-processed frame's columns to the dataset's verbose names before reshaping it. */
export function verboseNamer(dataset: DatasetShow | null): (label: string) => string {
  const names = new Map<string, string>();
  for (const c of dataset?.columns ?? []) if (c.verbose_name) names.set(c.column_name, c.verbose_name);
  for (const m of dataset?.metrics ?? []) if (m.verbose_name) names.set(m.metric_name, m.verbose_name);
  return (label) => names.get(label) ?? label;
}

/** A post-processed CSV or XLSX frame: the pivot as drawn, a table under its verbose headers, others as they are. */
export function postProcessedFrame(frame: ChartFrame, formData: Record<string, unknown> | null | undefined, source: PostProcessSource): ChartFrame {
  const name = verboseNamer(source.dataset);
  if (formData && isPivot(formData)) return flatPivotFrame(pivotOf(frameToRows(frame), temporalNames(frame.colnames, frame.coltypes), formData, name));
  return formData?.viz_type === 'table' ? { ...frame, colnames: frame.colnames.map(name) } : frame;
}

/** The pivot as a plain frame (row keys, then one column per flattened header) for the CSV and XLSX writers. */
function flatPivotFrame(flat: FlatPivotTable): ChartFrame {
  const keyColumns = flat.indexNames.map((_, level) => flat.index.map((keys) => keys[level] ?? ''));
  const valueColumns = flat.columns.map((_, c) => flat.values.map((row) => (row[c] ?? null) as CellValue));
  const valueType = (column: CellValue[]) => (column.some((v) => typeof v === 'string') ? GENERIC_DATA_TYPE.STRING : GENERIC_DATA_TYPE.NUMERIC);
  return {
    colnames: [...flat.indexNames, ...flat.columns.map(flatName)],
    coltypes: [...keyColumns.map(() => GENERIC_DATA_TYPE.STRING), ...valueColumns.map(valueType)],
    columns: [...keyColumns, ...valueColumns],
    rowCount: flat.index.length,
  };
}

/**
 * The JSON fields Superset writes for a post-processed query: header parts per column and row (`colnames`,
 * `indexnames`), and `data` keyed by flattened column, then flattened row (pandas' `to_dict()`). Numbers in
 * `data` are written by `format` (as the chart shows them); `coltypes` says which columns still hold numbers.
 */
function flatPivotJson(
  flat: FlatPivotTable,
  format: CellFormatter,
): { colnames: string[][]; indexnames: string[][]; coltypes: number[]; rowcount: number; data: Record<string, Record<string, unknown>> } {
  const rowNames = flat.index.map(flatName);
  const data: Record<string, Record<string, unknown>> = {};
  const coltypes = flat.columns.map((parts, c) => {
    const column: Record<string, unknown> = {};
    let numeric = true;
    rowNames.forEach((name, r) => {
      const value = format(flat.values[r]![c] ?? null);
      if (typeof value === 'string') numeric = false;
      column[name] = value;
    });
    data[flatName(parts)] = column;
    return numeric ? GENERIC_DATA_TYPE.NUMERIC : GENERIC_DATA_TYPE.STRING;
  });
  return { colnames: flat.columns, indexnames: flat.index, coltypes, rowcount: flat.index.length, data };
}

type FullAnswer = Record<string, unknown> & { colnames: string[]; coltypes: number[]; data: Record<string, unknown>[] };

/**
 * A table's post-processed JSON: its rows keyed as pandas' `to_dict()` writes a frame with a default index
 * (column, then row number), metric columns formatted as the table draws them.
 */
function tableJson(full: FullAnswer, formData: Record<string, unknown>, source: PostProcessSource): string {
  const formatters = tableColumnFormatters(formData, source.descriptor, full.colnames, full.coltypes);
  const name = verboseNamer(source.dataset);
  const data: Record<string, Record<string, unknown>> = {};
  full.colnames.forEach((label, c) => {
    const format = formatters[c];
    const column: Record<string, unknown> = {};
    full.data.forEach((row, r) => {
      const value = row[label] ?? null;
      column[r] = format ? format(value) : value;
    });
    data[name(label)] = column;
  });
  const coltypes = full.coltypes.map((type, c) => (formatters[c] ? GENERIC_DATA_TYPE.STRING : type));
  const indexnames = full.data.map((_, r) => r);
  return JSON.stringify({ ...full, colnames: full.colnames.map(name), indexnames, coltypes, rowcount: full.data.length, data });
}

/** A post-processed element of `result[]` from the full one (its cached text), when the chart type reshapes rows. */
export function postProcessedJson(fullText: string, formData: Record<string, unknown> | null | undefined, source: PostProcessSource): string {
  if (!formData || (!isPivot(formData) && formData.viz_type !== 'table')) return fullText;
  const full = JSON.parse(fullText) as FullAnswer;
  if (formData.viz_type === 'table') return tableJson(full, formData, source);
  // The parsed rows are the pivot's records: no frame in between.
  const flat = pivotOf(full.data, temporalNames(full.colnames, full.coltypes), formData, verboseNamer(source.dataset));
  return JSON.stringify({ ...full, ...flatPivotJson(flat, pivotCellFormatter(formData)) });
}
