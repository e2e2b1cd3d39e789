import { analyticsColumns, writeColumns, type Frame } from './frame.js';
import { finite, toNumber } from './numeric.js';
import type { CumOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

const STEPS: Readonly<Record<string, (acc: number, x: number) => number>> = {
  sum: (acc, x) => acc + x,
  prod: (acc, x) => acc * x,
  min: (acc, x) => Math.min(acc, x),
  max: (acc, x) => Math.max(acc, x),
};

/** Running total/product/min/max down each column; a missing cell stays missing and is skipped (pandas skipna). */
export function cumulate(values: readonly unknown[], operator: string): (number | null)[] {
  const step = STEPS[operator];
  if (!step) throw new PostProcessingError(`Invalid cumulative operator: ${operator}`);
  let acc: number | null = null;
  return values.map((v) => {
    const x = toNumber(v);
    if (x === null) return null;
    acc = acc === null ? x : step(acc, x);
    return finite(acc);
  });
}

/** Cumulative operation on the mapped columns (source -> target; same name replaces). */
export function cum(frame: Frame, options: CumOptions): Frame {
  if (!STEPS[options.operator]) throw new PostProcessingError(`Invalid cumulative operator: ${String(options.operator)}`);
  const computed = Object.entries(options.columns ?? {}).flatMap(([source, target]) =>
    analyticsColumns(frame, source, 'cum').map((position) => ({ position, target, values: cumulate(frame.values[position]!, options.operator) })),
  );
  return writeColumns(frame, computed);
}
