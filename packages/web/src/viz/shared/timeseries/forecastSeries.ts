import { toNumber } from '../props';
import type { ForecastColumns } from './forecastColumns';
import { xValue } from './xValue';

export interface ForecastSeriesOptions {
  color: string;
  temporal: boolean;
  yAxisIndex?: number;
  horizontal?: boolean;
  /** Fill opacity of the confidence band. */
  bandOpacity?: number;
}

/** The band's stack: one per metric, apart from the chart's own stack, so bands never pile onto other series. */
export const bandStackOf = (name: string) => `confidence-band-${name}`;

/**
 * ECharts series for one metric's forecast, in the observation's colour: the predicted line (yhat) dashed, and the
 * confidence band as two stacked lines, an invisible one at yhat_lower and one of height upper − lower filled with
 * low opacity. The band's points carry the real upper bound as a third value for the tooltip. Stacking must add
 * across signs (a lower bound below zero), which ECharts' default 'samesign' strategy would not.
 */
export function forecastSeries(rows: readonly Record<string, unknown>[], xColumn: string, name: string, columns: ForecastColumns, opts: ForecastSeriesOptions) {
  const { color, temporal, horizontal } = opts;
  const point = (x: number | string, y: number | null, ...extra: (number | null)[]) => (horizontal ? [y, x, ...extra] : [x, y, ...extra]);
  const common = { type: 'line', yAxisIndex: opts.yAxisIndex ?? 0, showSymbol: false, connectNulls: false, itemStyle: { color } };
  const out: Record<string, unknown>[] = [];
  if (columns.yhat) {
    const key = columns.yhat;
    out.push({
      ...common,
      name: key,
      id: key,
      data: rows.map((row) => point(xValue(row[xColumn], temporal), toNumber(row[key]))),
      lineStyle: { type: 'dashed', color },
    });
  }
  if (columns.lower && columns.upper) {
    const lower = columns.lower;
    const upper = columns.upper;
    const band = { ...common, stack: bandStackOf(name), stackStrategy: 'all', lineStyle: { opacity: 0 }, emphasis: { disabled: true } };
    out.push({ ...band, name: lower, id: lower, data: rows.map((row) => point(xValue(row[xColumn], temporal), toNumber(row[lower]))) });
    out.push({
      ...band,
      name: upper,
      id: upper,
      areaStyle: { color, opacity: opts.bandOpacity ?? 0.2 },
      data: rows.map((row) => {
        const lo = toNumber(row[lower]);
        const hi = toNumber(row[upper]);
        return point(xValue(row[xColumn], temporal), lo === null || hi === null ? null : hi - lo, hi);
      }),
    });
  }
  return out;
}
