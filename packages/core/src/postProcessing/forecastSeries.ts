import { fourierTerms, type Seasonality } from './forecastSeasonalities.js';
import { finite } from './numeric.js';
import { ridgeRegression } from './ridgeRegression.js';

export interface ForecastPoint {
  yhat: number | null;
  yhat_lower: number | null;
  yhat_upper: number | null;
}

export interface ForecastSettings {
  seasonalities: readonly Seasonality[];
  /** Half-width of the interval in standard deviations (normalIntervalZ of the confidence interval). */
  z: number;
}

// As Prophet: up to 25 trend changepoints, placed on the observations of the first 80% of the history, so the last
// stretch always has its own slope fitted from several points and the extrapolation does not follow the last wiggle.
const MAX_CHANGEPOINTS = 25;
const CHANGEPOINT_RANGE = 0.8;
// Ridge strengths in the scaled units (time 0..1 over the history, values divided by their largest magnitude).
// Slope changes are shrunk in proportion to the data, so a handful of noisy points cannot bend the trend; seasonal
// coefficients only lightly, to settle the collinear ones (terms aliased by coarse sampling).
const CHANGEPOINT_PENALTY_PER_POINT = 0.003;
const SEASONAL_PENALTY = 1e-3;

/** Timestamps of the changepoints: evenly spread over the first 80% of the (sorted) observations, the first excluded. */
function changepoints(sortedMs: readonly number[]): number[] {
  const historySize = Math.floor(sortedMs.length * CHANGEPOINT_RANGE);
  const count = Math.min(MAX_CHANGEPOINTS, historySize - 1);
  const out: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const ms = sortedMs[Math.round((i * (historySize - 1)) / count)]!;
    if (ms > sortedMs[0]! && out[out.length - 1] !== ms) out.push(ms);
  }
  return out;
}

/**
 * Fits one series and predicts it at `predictMs` (ascending): an additive model of a piecewise-linear trend plus
 * Fourier seasonalities, by ridge-regularised least squares over the present (non-null) observations. The interval
 * is yhat ± z·σ·√(1 + leverage), σ from the residuals: the regression's prediction interval, which widens as the
 * trend is extrapolated. Past the last observation it never narrows (uncertainty only accumulates), although the
 * seasonal terms alone would make it breathe with the period. Fewer than two observations cannot be fitted: nulls.
 */
export function forecastSeries(observedMs: readonly number[], observedY: readonly number[], predictMs: readonly number[], settings: ForecastSettings): ForecastPoint[] {
  if (observedMs.length < 2) return predictMs.map(() => ({ yhat: null, yhat_lower: null, yhat_upper: null }));
  const order = observedMs.map((_, i) => i).sort((a, b) => observedMs[a]! - observedMs[b]!);
  const sortedMs = order.map((i) => observedMs[i]!);
  const start = sortedMs[0]!;
  const last = sortedMs[sortedMs.length - 1]!;
  const span = last - start || 1;
  let scale = 0;
  for (const y of observedY) scale = Math.max(scale, Math.abs(y));
  scale ||= 1;

  const cps = changepoints(sortedMs).map((ms) => (ms - start) / span);
  const designRow = (ms: number): number[] => {
    const s = (ms - start) / span;
    return [1, s, ...cps.map((c) => Math.max(0, s - c)), ...fourierTerms(settings.seasonalities, ms)];
  };
  const seasonalColumns = settings.seasonalities.reduce((n, season) => n + 2 * season.order, 0);
  const penalties = [0, 0, ...cps.map(() => CHANGEPOINT_PENALTY_PER_POINT * observedMs.length), ...new Array<number>(seasonalColumns).fill(SEASONAL_PENALTY)];

  const design = observedMs.map(designRow);
  const y = observedY.map((v) => v / scale);
  const fit = ridgeRegression(design, y, penalties);
  const predict = (row: readonly number[]) => row.reduce((acc, x, i) => acc + x * fit.coefficients[i]!, 0);

  let squaredErrors = 0;
  let effectiveParameters = 0;
  design.forEach((row, i) => {
    squaredErrors += (y[i]! - predict(row)) ** 2;
    effectiveParameters += fit.leverage(row);
  });
  const sigma = Math.sqrt(squaredErrors / Math.max(observedMs.length - effectiveParameters, 1));

  let futureLeverage = 0;
  return predictMs.map((ms) => {
    const row = designRow(ms);
    let leverage = fit.leverage(row);
    if (ms > last) leverage = futureLeverage = Math.max(futureLeverage, leverage);
    const yhat = predict(row) * scale;
    const half = settings.z * sigma * Math.sqrt(1 + leverage) * scale;
    return { yhat: finite(yhat), yhat_lower: finite(yhat - half), yhat_upper: finite(yhat + half) };
  });
}
