import { flatColumnName, resetIndex, type Frame } from './frame.js';
import { resolveSeasonalities } from './forecastSeasonalities.js';
import { forecastSeries } from './forecastSeries.js';
import { normalIntervalZ } from './normalIntervalZ.js';
import { isNumericColumn, toNumber } from './numeric.js';
import type { ProphetOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';
import { detectTimeFormat, formatTime, parseTime } from './time.js';
import { addTimeGrainSteps, parseTimeGrainStep, type TimeGrainStep } from './timeGrainStep.js';

const DEFAULT_INDEX = '__timestamp';
// Each future row is a design row and a solve per series; a bound keeps one request from asking for millions.
export const MAX_FORECAST_PERIODS = 10_000;

/** The options checked in Superset's order, with its messages. */
function validate(options: ProphetOptions): { step: TimeGrainStep; periods: number; confidence: number } {
  const grain = options.time_grain;
  if (grain === null || grain === undefined || grain === '') throw new PostProcessingError('Time grain missing');
  if (typeof grain !== 'string') throw new PostProcessingError(`Unsupported time grain: ${String(grain)}`);
  const step = parseTimeGrainStep(grain);
  const periods = options.periods;
  if (typeof periods !== 'number' || !Number.isInteger(periods) || periods < 0) throw new PostProcessingError('Periods must be a whole number');
  if (periods > MAX_FORECAST_PERIODS) throw new PostProcessingError(`Periods cannot exceed ${MAX_FORECAST_PERIODS}`);
  const confidence = options.confidence_interval;
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1)) {
    throw new PostProcessingError('Confidence interval must be between 0 and 1 (exclusive)');
  }
  return { step, periods, confidence };
}

/**
 * Superset's `prophet` operation without Prophet: each numeric column M of a flat frame is fitted against the
 * temporal `index` column (forecastSeries: trend + seasonalities) and comes back as `M__yhat`, `M__yhat_lower`,
 * `M__yhat_upper` and `M`, after the index column, with `periods` rows appended one time grain apart after the last
 * timestamp (M is null there). Rows are sorted by time; rows without a timestamp cannot be placed and are dropped.
 * Other columns are kept, null on the future rows. New timestamps are written in the form the input used.
 */
export function prophet(input: Frame, options: ProphetOptions): Frame {
  const { step, periods, confidence } = validate(options);
  const frame = resetIndex(input);
  const names = frame.columns.map(flatColumnName);
  const index = options.index ?? DEFAULT_INDEX;
  const indexPosition = names.indexOf(index);
  if (indexPosition < 0) throw new PostProcessingError('DataFrame must include temporal column');
  if (names.length < 2) throw new PostProcessingError('DataFrame include at least one series');

  const rawTimes = frame.values[indexPosition]!;
  const rows: { row: number; ms: number }[] = [];
  rawTimes.forEach((value, row) => {
    if (value === null || value === undefined) return;
    const ms = parseTime(value);
    if (ms === null) throw new PostProcessingError('DataFrame must include temporal column');
    rows.push({ row, ms });
  });
  rows.sort((a, b) => a.ms - b.ms || a.row - b.row);

  const historyMs = rows.map((r) => r.ms);
  const lastMs = historyMs[historyMs.length - 1];
  const futureMs = lastMs === undefined ? [] : Array.from({ length: periods }, (_, k) => addTimeGrainSteps(lastMs, step, k + 1));
  const allMs = [...historyMs, ...futureMs];
  const span = lastMs === undefined ? 0 : lastMs - historyMs[0]!;
  const settings = { seasonalities: resolveSeasonalities(options, span, step.approxMs), z: normalIntervalZ(confidence) };
  const padding = futureMs.map(() => null);
  const history = (values: readonly unknown[]) => [...rows.map((r) => values[r.row]), ...padding];

  const format = detectTimeFormat(rawTimes);
  const columns: unknown[][] = [[index]];
  const values: unknown[][] = [allMs.map((ms, i) => (i < rows.length ? rawTimes[rows[i]!.row] : formatTime(ms, format)))];
  names.forEach((name, position) => {
    if (position === indexPosition) return;
    const source = frame.values[position]!;
    if (!isNumericColumn(source)) {
      columns.push([name]);
      values.push(history(source));
      return;
    }
    const observed = rows.flatMap((r) => {
      const y = toNumber(source[r.row]);
      // A fit through an infinite point has no finite answer: such points are left out like missing ones.
      return y === null || !Number.isFinite(y) ? [] : [{ ms: r.ms, y }];
    });
    const points = forecastSeries(
      observed.map((o) => o.ms),
      observed.map((o) => o.y),
      allMs,
      settings,
    );
    for (const part of ['yhat', 'yhat_lower', 'yhat_upper'] as const) {
      columns.push([`${name}__${part}`]);
      values.push(points.map((p) => p[part]));
    }
    columns.push([name]);
    values.push(history(source));
  });
  return { indexNames: [], index: [], columns, values, length: allMs.length };
}
