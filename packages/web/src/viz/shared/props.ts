import { GENERIC_DATA_TYPE, type ChartDataResult, type FormData } from '@tessera/core';
import { CategoricalColorScale, getDashboardColorScale } from '../colors/CategoricalColorScale';
import { getCurrencyFormatter, type CurrencyFormat } from '../formatters/currencyFormat';
import { getTimeFormatter } from '../formatters/timeFormat';
import type { ChartProps } from '../types';

/** Helpers every transformProps uses: formatters, colour scale, legend and the first answer's rows. */

export function valueFormatter(formData: FormData, key = 'y_axis_format') {
  return getCurrencyFormatter(formData.currency_format as CurrencyFormat | null | undefined, formData[key] as string | undefined);
}

/** A chart on a dashboard (form data `dashboardId`, set by the chart holder) shares the dashboard's label colours. */
export function colorScaleOf(formData: FormData): CategoricalColorScale {
  const labelColors = formData.label_colors as Record<string, string> | undefined;
  if (typeof formData.dashboardId === 'number') return getDashboardColorScale(formData.dashboardId, formData.color_scheme, labelColors);
  return new CategoricalColorScale(formData.color_scheme, labelColors);
}

export function rowsOf(chartProps: ChartProps, index = 0): Record<string, unknown>[] {
  return chartProps.queriesData[index]?.data ?? [];
}

export function isTemporalColumn(result: ChartDataResult | undefined, column: string | undefined): boolean {
  if (!result || !column) return false;
  const i = result.colnames.indexOf(column);
  return i >= 0 && result.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL;
}

export const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Time values arrive as epoch ms or ISO-like strings depending on the warehouse. */
export const toEpoch = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value) {
    const d = /^\d{4}-\d{2}-\d{2}( |T|$)/.test(value) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? Date.parse(`${value.replace(' ', 'T')}${value.length === 10 ? 'T00:00:00' : ''}Z`) : Date.parse(value);
    return Number.isNaN(d) ? null : d;
  }
  return null;
};

/** A category label for any cell value (null shows as Superset's <NULL>); temporal cells use the time format. */
export function labelOf(value: unknown, temporal = false, timeFormat?: string): string {
  if (value === null || value === undefined) return '<NULL>';
  if (temporal) {
    const epoch = toEpoch(value);
    if (epoch !== null) return getTimeFormatter(timeFormat)(epoch);
  }
  return String(value);
}

export function legendOption(formData: FormData, names?: string[]) {
  const orient = (formData.legendOrientation as string | undefined) ?? 'top';
  const show = formData.show_legend !== false;
  const vertical = orient === 'left' || orient === 'right';
  return {
    show,
    type: (formData.legendType as string | undefined) === 'plain' ? 'plain' : 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    [orient]: 0,
    ...(vertical ? {} : { left: 'center' }),
    ...(names ? { data: names } : {}),
  };
}

/** Character widths in em of a wide sans-serif (DejaVu Sans, what `sans-serif` is on Linux); narrower fonts fit. */
function charWidth(ch: string): number {
  if ("iljI.,:;'!|".includes(ch)) return 0.32;
  if ('frt ()[]-/'.includes(ch)) return 0.42;
  if ('mwMW'.includes(ch)) return 0.9;
  if (/[A-Z0-9]/.test(ch)) return 0.7;
  return 0.63;
}

/** An estimate, on the generous side, of a label's width in px at ECharts' default 12 px. */
export function textWidth(text: string, fontSize = 12): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return Math.ceil(em * fontSize);
}

export interface CategoryAxisLabelOptions {
  /** Turn labels 45° when no rotation was chosen and neighbouring labels would not fit side by side. */
  autoRotate?: boolean;
  /** Chart width not given to the categories: the other axis' labels and the grid's margins. */
  reserved?: number;
}

/** Room left between two neighbouring labels. */
const LABEL_GAP = 6;

/**
 * A category x-axis that keeps every label (ECharts would skip some when crowded). Labels stay flat while each
 * pair of neighbours fits in their two half-columns (a long label can use room its short neighbours leave);
 * otherwise, with `autoRotate` and no rotation chosen, they turn 45° rather than shrink to an ellipsis. Without
 * `autoRotate` flat labels are cut to their column.
 */
export function categoryAxisLabel(labels: string[], chartWidth: number, rotate: number, { autoRotate = false, reserved = 120 }: CategoryAxisLabelOptions = {}) {
  const column = (chartWidth - reserved) / Math.max(1, labels.length);
  const widths = labels.map((label) => textWidth(label));
  const fitsFlat = widths.every((w, i) => i === 0 || (w + widths[i - 1]!) / 2 + LABEL_GAP <= column);
  const turned = rotate || (autoRotate && !fitsFlat ? 45 : 0);
  if (turned) return { interval: 0, rotate: turned, width: 120, overflow: 'truncate' };
  const width = fitsFlat ? Math.max(0, ...widths) + LABEL_GAP : Math.floor(column) - 4;
  return { interval: 0, rotate: 0, width: Math.max(24, width), overflow: 'truncate' };
}

/** Room the grid leaves for the legend on its side. */
export function gridWithLegend(formData: FormData, base = { top: 30, right: 20, bottom: 30, left: 20 }) {
  if (formData.show_legend === false) return { ...base, containLabel: true };
  const orient = (formData.legendOrientation as string | undefined) ?? 'top';
  const extra = orient === 'left' || orient === 'right' ? 140 : 30;
  return { ...base, [orient]: base[orient as keyof typeof base] + extra, containLabel: true };
}

/** Axis bounds from form data: a [min, max] list, or the text "min, max" / "[min, max]" a text control holds. */
export function parseBounds(value: unknown): [number | null, number | null] {
  let list: unknown[] = [];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'string' && value.trim()) list = value.replace(/[[\]]/g, '').split(',');
  const at = (i: number) => (list[i] === null || list[i] === undefined || String(list[i]).trim() === '' ? null : toNumber(String(list[i]).trim()));
  return [at(0), at(1)];
}

/** An object-valued control (column_config) that may arrive as JSON text from a text area. */
export function parseJsonObject<T extends object>(value: unknown): Partial<T> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Partial<T>;
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed = JSON.parse(value) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Partial<T>) : {};
    } catch {
      return {};
    }
  }
  return {};
}
