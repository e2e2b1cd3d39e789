/** The parts of one metric's forecast in a prophet answer: `M__yhat`, `M__yhat_lower`, `M__yhat_upper` beside `M`. */
export interface ForecastColumns {
  yhat?: string;
  lower?: string;
  upper?: string;
}

export interface SplitColumns {
  /** Columns drawn as ordinary series (observations, and anything else). */
  observations: string[];
  /** Forecast columns per observation name, in the answer's order. */
  forecasts: Map<string, ForecastColumns>;
}

const FORECAST_SUFFIX = /^(.*)__(yhat|yhat_lower|yhat_upper)$/;
const PART: Readonly<Record<string, keyof ForecastColumns>> = { yhat: 'yhat', yhat_lower: 'lower', yhat_upper: 'upper' };

/**
 * Splits series columns into observations and their forecasts. A suffixed column counts as a forecast only when its
 * `__yhat` column is there too, so a metric that merely ends in `__yhat_lower` stays an ordinary series.
 */
export function splitForecastColumns(columns: readonly string[]): SplitColumns {
  const present = new Set(columns);
  const forecasts = new Map<string, ForecastColumns>();
  const observations: string[] = [];
  for (const column of columns) {
    const match = FORECAST_SUFFIX.exec(column);
    if (!match || !present.has(`${match[1]}__yhat`)) {
      observations.push(column);
      continue;
    }
    const base = match[1]!;
    forecasts.set(base, { ...forecasts.get(base), [PART[match[2]!]!]: column });
  }
  return { observations, forecasts };
}
