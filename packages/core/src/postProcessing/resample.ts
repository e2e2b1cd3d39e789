import { compareCells, isNullCell, POST_PROCESSING_MAX_ROWS, resetIndex, topLevelPositions, type Frame } from './frame.js';
import { mean, median, sum, toNumber } from './numeric.js';
import type { ResampleOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';
import { parseResampleRule } from './resampleRule.js';
import { detectTimeFormat, formatTime, parseTime } from './time.js';

export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'] as const;
const DEFAULT_TIME_COLUMN = '__timestamp';

/** Moves a plain column to the index so a flat result (legacy `__timestamp` charts) can be resampled. */
function withTimeIndex(frame: Frame, column: string): Frame {
  const position = topLevelPositions(frame, column)[0];
  if (position === undefined) throw new PostProcessingError('Resample operation requires DatetimeIndex');
  return {
    indexNames: [column],
    index: [frame.values[position]!],
    columns: frame.columns.filter((_, i) => i !== position),
    values: frame.values.filter((_, i) => i !== position),
    length: frame.length,
  };
}

function fillDown(col: unknown[]): unknown[] {
  let last: unknown = null;
  return col.map((v) => (isNullCell(v) ? last : (last = v)));
}

function fillUp(col: unknown[]): unknown[] {
  return fillDown([...col].reverse()).reverse();
}

/**
 * Regularizes the time index to the rule's buckets, from the first to the last bucket with data:
 * asfreq keeps the row exactly at each label (fill_value fills every gap), ffill/bfill take the last row at or
 * before / the first at or after each label and then fill remaining gaps the same way, mean/median/sum aggregate
 * each bucket (an empty bucket sums to 0). The index is the frame's single index level (the pivot's x-axis), or for a
 * flat frame the `time_column` (default `__timestamp`), which then comes back as the first column.
 */
export function resample(input: Frame, options: ResampleOptions): Frame {
  if (!RESAMPLE_METHODS.includes(options.method as (typeof RESAMPLE_METHODS)[number])) {
    throw new PostProcessingError(`Resample method should be in ${RESAMPLE_METHODS.join(', ')}.`);
  }
  const flat = input.indexNames.length === 0;
  const frame = flat ? withTimeIndex(input, options.time_column ?? DEFAULT_TIME_COLUMN) : input;
  if (frame.indexNames.length !== 1) throw new PostProcessingError('Resample operation requires DatetimeIndex');

  const rawIndex = frame.index[0]!;
  const format = detectTimeFormat(rawIndex);
  const rows: { ms: number; row: number }[] = [];
  rawIndex.forEach((value, row) => {
    if (isNullCell(value)) return;
    const ms = parseTime(value);
    if (ms === null) throw new PostProcessingError('Resample operation requires DatetimeIndex');
    rows.push({ ms, row });
  });
  rows.sort((a, b) => a.ms - b.ms || compareCells(a.row, b.row));

  const rule = parseResampleRule(options.rule, rows[0]?.ms ?? 0);
  const labels: number[] = [];
  if (rows.length > 0) {
    const lastLabel = rule.labelOf(rows[rows.length - 1]!.ms);
    for (let label = rule.labelOf(rows[0]!.ms); label <= lastLabel; label = rule.next(label)) {
      if (labels.length >= POST_PROCESSING_MAX_ROWS) {
        throw new PostProcessingError(
          `Resampling by ${options.rule} would produce more than ${POST_PROCESSING_MAX_ROWS.toLocaleString('en-US')} rows: choose a coarser rule or a shorter time range.`,
        );
      }
      labels.push(label);
    }
  }

  const values = frame.values.map((col) => {
    switch (options.method) {
      case 'asfreq': {
        const at = new Map<number, unknown>();
        for (const { ms, row } of rows) if (!at.has(ms)) at.set(ms, col[row]);
        const fill = options.fill_value;
        return labels.map((label) => {
          const v = at.get(label) ?? null;
          return isNullCell(v) && fill !== undefined && fill !== null ? fill : v;
        });
      }
      case 'ffill':
      case 'bfill': {
        let cursor = options.method === 'ffill' ? -1 : 0;
        const picked = labels.map((label) => {
          if (options.method === 'ffill') {
            while (cursor + 1 < rows.length && rows[cursor + 1]!.ms <= label) cursor += 1;
            return cursor >= 0 ? col[rows[cursor]!.row] : null;
          }
          while (cursor < rows.length && rows[cursor]!.ms < label) cursor += 1;
          return cursor < rows.length ? col[rows[cursor]!.row] : null;
        });
        return options.method === 'ffill' ? fillDown(picked) : fillUp(picked);
      }
      default: {
        const buckets = new Map<number, number[]>();
        for (const { ms, row } of rows) {
          const label = rule.labelOf(ms);
          const x = toNumber(col[row]);
          const bucket = buckets.get(label) ?? [];
          if (x !== null) bucket.push(x);
          buckets.set(label, bucket);
        }
        const reduce = options.method === 'sum' ? sum : options.method === 'mean' ? mean : median;
        return labels.map((label) => reduce(buckets.get(label) ?? []));
      }
    }
  });

  const result: Frame = {
    indexNames: frame.indexNames,
    index: [labels.map((label) => formatTime(label, format))],
    columns: frame.columns,
    values,
    length: labels.length,
  };
  return flat ? resetIndex(result) : result;
}
