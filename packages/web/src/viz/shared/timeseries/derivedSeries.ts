import type { FormData } from '@tessera/core';
import { ensureIsArray } from '../chartQuery';

/** The time offsets of a comparison drawn as actual values ("values"); other comparison types draw no shifted series. */
function valueOffsets(formData: FormData): string[] {
  return formData.comparison_type === 'values' ? ensureIsArray(formData.time_compare as string | string[] | undefined) : [];
}

/**
 * Superset draws a time-shifted series ("1 year ago", "1 year ago, boy") dashed, in the colour of the series it
 * shifts (its "Match time shift color with original series" default), so the two read as a pair.
 * Returns, per shifted column, the column whose colour it takes (itself when its original is not drawn).
 */
export function derivedSeriesColors(formData: FormData, columns: readonly string[]): Map<string, string> {
  const offsets = valueOffsets(formData);
  const derived = new Map<string, string>();
  if (offsets.length === 0) return derived;
  const isShifted = (column: string) => offsets.some((offset) => column.includes(offset));
  const originals = columns.filter((column) => !isShifted(column));
  for (const column of columns) {
    const offset = offsets.find((o) => column.includes(o));
    if (offset === undefined) continue;
    // "1 year ago, boy" shifts "boy" (one metric), "SUM(num), 1 year ago" shifts "SUM(num)", "1 year ago" the lone series.
    const rest = column.replace(offset, '').replace(/^(, )+|(, )+$/g, '').replace(/, , /, ', ');
    const original = rest === '' ? (originals.length === 1 ? originals[0]! : column) : (originals.find((o) => o === rest || o.endsWith(`, ${rest}`)) ?? column);
    derived.set(column, original);
  }
  return derived;
}
