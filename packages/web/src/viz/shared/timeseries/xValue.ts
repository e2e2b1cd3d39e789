import { labelOf, toEpoch } from '../props';

/** The x value of a row: epoch ms on a time axis, a label on a category axis. */
export function xValue(value: unknown, temporal: boolean): number | string {
  if (temporal) return toEpoch(value) ?? labelOf(value);
  return labelOf(value);
}
