import { analyticsColumns, writeColumns, type Frame } from './frame.js';
import { finite, maxOf, mean, median, minOf, std, sum, toNumber, variance } from './numeric.js';
import type { RollingOptions } from './options.js';
import { cumulate } from './cum.js';
import { PostProcessingError } from './PostProcessingError.js';

const WINDOW_FUNCTIONS: Readonly<Record<string, (xs: number[]) => number | null>> = {
  mean,
  sum: (xs) => finite(sum(xs)),
  std,
  var: variance,
  median,
  min: minOf,
  max: maxOf,
  count: (xs) => xs.length,
};

/**
 * A trailing window of `window` rows over each column: missing cells are skipped and a row needs at least
 * `min_periods` present values (default: the window) or it is missing. Then, as Superset does, an explicit
 * min_periods drops the first `min_periods - 1` rows. `cumsum` is the expanding sum (Superset's frontend sends it as `cum`).
 */
export function rolling(frame: Frame, options: RollingOptions): Frame {
  const type = options.rolling_type;
  const columns = options.columns ?? {};
  if (type === 'cumsum') {
    const computed = Object.entries(columns).flatMap(([source, target]) =>
      analyticsColumns(frame, source, 'rolling').map((position) => ({ position, target, values: cumulate(frame.values[position]!, 'sum') })),
    );
    return writeColumns(frame, computed);
  }
  const fn = WINDOW_FUNCTIONS[type];
  if (!fn) throw new PostProcessingError(`Invalid rolling_type: ${String(type)}`);
  const window = options.window ?? options.periods;
  if (window === undefined || window === null) throw new PostProcessingError('Undefined window for rolling operation');
  if (!Number.isInteger(window) || window <= 0) throw new PostProcessingError('Window must be > 0');
  const minPeriods = options.min_periods ?? window;
  if (!Number.isInteger(minPeriods) || minPeriods < 0) throw new PostProcessingError('min_periods must be a non-negative integer');
  // A centered window is placed around the row (pandas center=True) instead of ending on it.
  const offset = options.center ? Math.floor((window - 1) / 2) : 0;

  const roll = (values: readonly unknown[]): (number | null)[] =>
    values.map((_, row) => {
      const end = row + offset;
      const start = end - window + 1;
      const xs: number[] = [];
      for (let i = Math.max(0, start); i <= Math.min(values.length - 1, end); i += 1) {
        const x = toNumber(values[i]);
        if (x !== null) xs.push(x);
      }
      if (xs.length < minPeriods) return null;
      return fn(xs);
    });

  const computed = Object.entries(columns).flatMap(([source, target]) =>
    analyticsColumns(frame, source, 'rolling').map((position) => ({ position, target, values: roll(frame.values[position]!) })),
  );
  const result = writeColumns(frame, computed);
  // Only an explicit min_periods trims leading rows (Superset checks the option, not pandas' default).
  if (!options.min_periods || options.min_periods <= 1) return result;
  const skip = Math.min(options.min_periods - 1, result.length);
  return {
    ...result,
    index: result.index.map((level) => level.slice(skip)),
    values: result.values.map((col) => col.slice(skip)),
    length: result.length - skip,
  };
}
