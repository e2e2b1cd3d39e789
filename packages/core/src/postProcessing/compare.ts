import { isNullCell, sameKey, topLevelPositions, type Frame } from './frame.js';
import { finite, toNumber } from './numeric.js';
import type { CompareOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

const COMPARE_TYPES = new Set(['difference', 'absolute', 'percentage', 'ratio']);

function round(value: number, precision: number): number {
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
}

function compareCell(s: unknown, c: unknown, type: string, precision: number): number | null {
  const a = toNumber(s);
  const b = toNumber(c);
  if (a === null || b === null) return null;
  if (type === 'difference' || type === 'absolute') return finite(a - b);
  const value = type === 'percentage' ? (a - b) / b : a / b;
  return Number.isFinite(value) ? round(value, precision) : null;
}

/**
 * Time comparison: each source column against its compare column (a time-shifted copy) as difference, percentage
 * ((s - c) / c) or ratio (s / c), the last two rounded to `precision` (4). The new column is named
 * `<type>__<source>__<compare>`, keeping the lower levels of pivoted keys; sub-columns are matched level by level.
 */
export function compare(frame: Frame, options: CompareOptions): Frame {
  const sources = options.source_columns ?? [];
  const targets = options.compare_columns ?? [];
  if (sources.length !== targets.length) throw new PostProcessingError('`compare_columns` must have the same length as `source_columns`.');
  if (!COMPARE_TYPES.has(options.compare_type)) throw new PostProcessingError('`compare_type` must be `difference`, `percentage` or `ratio`');
  if (sources.length === 0) return frame;
  const precision = options.precision ?? 4;
  const columns = [...frame.columns];
  const values = [...frame.values];

  sources.forEach((source, i) => {
    const target = targets[i]!;
    const sPositions = topLevelPositions(frame, source);
    const cPositions = topLevelPositions(frame, target);
    // After a pivot an all-empty metric may be gone (see analyticsColumns); its comparison is then all missing.
    if (frame.indexNames.length === 0 && (sPositions.length === 0 || cPositions.length === 0)) {
      throw new PostProcessingError(`Referenced columns not available in DataFrame: ${sPositions.length === 0 ? source : target}`);
    }
    // Align on the lower levels: pandas subtracts the two selections column by column after renaming them alike.
    const subKeys: unknown[][] = [];
    for (const p of [...sPositions, ...cPositions]) {
      const sub = frame.columns[p]!.slice(1);
      if (!subKeys.some((k) => sameKey(k, sub))) subKeys.push(sub);
    }
    const name = [options.compare_type, source, target].join('__');
    for (const sub of subKeys) {
      const sp = sPositions.find((p) => sameKey(frame.columns[p]!.slice(1), sub));
      const cp = cPositions.find((p) => sameKey(frame.columns[p]!.slice(1), sub));
      const sv = sp === undefined ? [] : frame.values[sp]!;
      const cv = cp === undefined ? [] : frame.values[cp]!;
      columns.push([name, ...sub]);
      values.push(Array.from({ length: frame.length }, (_, r) => (isNullCell(sv[r]) || isNullCell(cv[r]) ? null : compareCell(sv[r], cv[r], options.compare_type, precision))));
    }
  });

  if (!options.drop_original_columns) return { ...frame, columns, values };
  const dropped = new Set<unknown>([...sources, ...targets]);
  const keep = columns.map((key) => !dropped.has(key[0]));
  return { ...frame, columns: columns.filter((_, i) => keep[i]), values: values.filter((_, i) => keep[i]) };
}
