import {
  GENERIC_DATA_TYPE,
  NumberFormats,
  ensureIsArray,
  getCurrencyFormatter,
  getMetricLabel,
  getNumberFormatter,
  pivotValueFormatter,
  type CurrencyFormat,
  type DatasourceDescriptor,
  type QueryMetric,
} from '@tessera/core';

/**
 * How a post-processed JSON answer writes its values: formatted as the chart draws them (Superset's
 * apply_client_processing formats JSON, the answer a text report or an alert message shows; CSV and XLSX keep
 * numbers). A formatter answers text for a number and leaves null, text and booleans as they are.
 */
export type CellFormatter = (value: unknown) => unknown;

const objectOf = (value: unknown): Record<string, unknown> => {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string' || !value.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** A currency with a symbol, from form data or a saved metric (stored as JSON text or an object). */
function currencyOf(value: unknown): CurrencyFormat | undefined {
  const currency = objectOf(value) as CurrencyFormat;
  return typeof currency.symbol === 'string' && currency.symbol ? currency : undefined;
}

function numberCells(format: (value: number) => string): CellFormatter {
  return (value) => (typeof value === 'number' && Number.isFinite(value) ? format(value) : value);
}

/** The pivot table's cells, by the rule the chart draws them with. */
export function pivotCellFormatter(formData: Record<string, unknown>): CellFormatter {
  return numberCells(pivotValueFormatter(formData));
}

/**
 * The table's columns, by the rule its transformProps draws them with: a metric (or a `%` share) is always
 * formatted, by its column settings, then the dataset's saved metric format, then the chart's; another numeric
 * column only when its settings name a format or currency. Columns left as they are answer null.
 */
export function tableColumnFormatters(
  formData: Record<string, unknown>,
  descriptor: DatasourceDescriptor,
  colnames: readonly string[],
  coltypes: readonly number[],
): (CellFormatter | null)[] {
  const config = objectOf(formData.column_config) as Record<string, { d3NumberFormat?: unknown; currencyFormat?: unknown }>;
  const metrics = new Set(
    ensureIsArray(formData.metrics as QueryMetric | QueryMetric[] | null | undefined)
      .filter((m) => m !== null && m !== '')
      .map(getMetricLabel),
  );
  const saved = new Map(descriptor.metrics.map((m) => [m.metric_name, m]));
  return colnames.map((name, i) => {
    const settings = objectOf(config[name]);
    const format = textOf(settings.d3NumberFormat);
    const currency = currencyOf(settings.currencyFormat);
    if (name.startsWith('%') && metrics.has(name.slice(1))) return numberCells(getNumberFormatter(format ?? NumberFormats.PERCENT_3_POINT));
    if (metrics.has(name)) {
      const metric = saved.get(name);
      const chosen = format ?? textOf(metric?.d3format) ?? textOf(formData.y_axis_format) ?? NumberFormats.SMART_NUMBER;
      return numberCells(getCurrencyFormatter(currency ?? currencyOf(formData.currency_format), chosen));
    }
    if (coltypes[i] === GENERIC_DATA_TYPE.NUMERIC && (format || currency)) return numberCells(getCurrencyFormatter(currency, format));
    return null;
  });
}
