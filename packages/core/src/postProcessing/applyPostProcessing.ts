import type { PostProcessingRule } from '../contracts/chartData.js';
import { aggregate } from './aggregate.js';
import { boxplot } from './boxplot.js';
import { compare } from './compare.js';
import { contribution } from './contribution.js';
import { cum } from './cum.js';
import { diff } from './diff.js';
import { flatten } from './flatten.js';
import { fromRecords, toRecords, type Frame } from './frame.js';
import { histogram } from './histogram.js';
import type {
  AggregateOptions,
  BoxplotOptions,
  CompareOptions,
  ContributionOptions,
  CumOptions,
  DiffOptions,
  FlattenOptions,
  HistogramOptions,
  PivotOptions,
  ProphetOptions,
  RenameOptions,
  ResampleOptions,
  RollingOptions,
  SortOptions,
} from './options.js';
import { pivot } from './pivot.js';
import { PostProcessingError } from './PostProcessingError.js';
import { prophet } from './prophet.js';
import { rename } from './rename.js';
import { resample } from './resample.js';
import { rolling } from './rolling.js';
import { sort } from './sort.js';

export interface PostProcessingContext {
  /** Temporal columns of the result (never divided by contribution even when they hold epoch numbers). */
  temporalColumns?: readonly string[];
}

type Operation = (frame: Frame, options: Record<string, unknown>, context: PostProcessingContext) => Frame;

const OPERATIONS: Readonly<Record<string, Operation>> = {
  pivot: (f, o) => pivot(f, o as unknown as PivotOptions),
  rolling: (f, o) => rolling(f, o as unknown as RollingOptions),
  compare: (f, o) => compare(f, o as unknown as CompareOptions),
  resample: (f, o) => resample(f, o as unknown as ResampleOptions),
  contribution: (f, o, ctx) => contribution(f, o as ContributionOptions, new Set(['__timestamp', ...(ctx.temporalColumns ?? [])])),
  cum: (f, o) => cum(f, o as unknown as CumOptions),
  diff: (f, o) => diff(f, o as unknown as DiffOptions),
  sort: (f, o) => sort(f, o as SortOptions),
  flatten: (f, o) => flatten(f, o as FlattenOptions),
  rename: (f, o) => rename(f, o as unknown as RenameOptions),
  aggregate: (f, o) => aggregate(f, o as unknown as AggregateOptions),
  boxplot: (f, o) => boxplot(f, o as unknown as BoxplotOptions),
  histogram: (f, o) => histogram(f, o as unknown as HistogramOptions),
  prophet: (f, o) => prophet(f, o as ProphetOptions),
};

/**
 * Runs a query object's post-processing rules over its result rows, in order (null entries are skipped), and
 * returns plain rows again: an index left by the last rule comes back as leading columns and multi-level names
 * are joined with ', ' (as a final flatten would). Timestamps are passed through as they came (epoch ms or ISO
 * text); resample writes its labels in that same form. Throws PostProcessingError (HTTP 400) for bad rules.
 */
export function applyPostProcessing(
  data: Record<string, unknown>[],
  rules: (PostProcessingRule | null | undefined)[],
  colnames?: string[],
  context: PostProcessingContext = {},
): { data: Record<string, unknown>[]; colnames: string[] } {
  const active = rules.filter((rule): rule is PostProcessingRule => rule !== null && rule !== undefined);
  if (active.length === 0) {
    return { data, colnames: colnames && colnames.length > 0 ? colnames : fromRecordsNames(data) };
  }
  // An empty result with no column names cannot be checked against the rules: there is nothing to process.
  if (data.length === 0 && (!colnames || colnames.length === 0)) return { data: [], colnames: [] };
  let frame = fromRecords(data, colnames);
  for (const rule of active) {
    const operation = OPERATIONS[rule.operation];
    if (!operation) throw new PostProcessingError(`Unsupported post processing operation: ${String(rule.operation)}`);
    frame = operation(frame, (rule.options ?? {}) as Record<string, unknown>, context);
  }
  return toRecords(frame);
}

function fromRecordsNames(data: Record<string, unknown>[]): string[] {
  return fromRecords(data).columns.map((key) => String(key[0]));
}
