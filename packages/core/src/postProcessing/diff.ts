import { analyticsColumns, writeColumns, type Frame } from './frame.js';
import { finite, toNumber } from './numeric.js';
import type { DiffOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

function minus(a: unknown, b: unknown): number | null {
  const x = toNumber(a);
  const y = toNumber(b);
  return x === null || y === null ? null : finite(x - y);
}

/**
 * Difference with the row `periods` before (axis 0, the default) or, with axis 1, with the selected column
 * `periods` to the left; cells without a counterpart are missing.
 */
export function diff(frame: Frame, options: DiffOptions): Frame {
  const periods = options.periods ?? 1;
  if (!Number.isInteger(periods)) throw new PostProcessingError('periods must be an integer');
  const entries = Object.entries(options.columns ?? {}).flatMap(([source, target]) => analyticsColumns(frame, source, 'diff').map((position) => ({ position, target })));
  const axis = options.axis ?? 0;
  const computed = entries.map(({ position, target }, i) => {
    const col = frame.values[position]!;
    if (axis === 1) {
      const other = entries[i - periods];
      const otherCol = other ? frame.values[other.position]! : [];
      return { position, target, values: col.map((v, r) => (other ? minus(v, otherCol[r]) : null)) };
    }
    return { position, target, values: col.map((v, r) => (r - periods >= 0 && r - periods < col.length ? minus(v, col[r - periods]) : null)) };
  });
  return writeColumns(frame, computed);
}
