/**
 * Option shapes of each post-processing operation (Superset's pandas_postprocessing keyword arguments). The rule
 * builders in chartQuery/operators produce them and the operations here read them.
 */

export type AggregateOperator =
  | 'mean'
  | 'average'
  | 'nanmean'
  | 'sum'
  | 'nansum'
  | 'count'
  | 'count_nonzero'
  | 'min'
  | 'nanmin'
  | 'max'
  | 'nanmax'
  | 'median'
  | 'nanmedian'
  | 'std'
  | 'var'
  | 'prod'
  | 'product'
  | 'percentile'
  | 'nanpercentile'
  | 'first'
  | 'last';

export interface AggregateSpec {
  operator: AggregateOperator;
  /** Source column; defaults to the aggregate's label. */
  column?: string;
  /** For percentile: `{ q: 0..100 }`. */
  options?: { q?: number };
}

export interface PivotOptions {
  index: string[];
  columns?: string[];
  aggregates: Record<string, AggregateSpec>;
  column_fill_value?: string | null;
  metric_fill_value?: unknown;
  drop_missing_columns?: boolean;
  combine_value_with_metric?: boolean;
  marginal_distributions?: boolean;
  marginal_distribution_name?: string;
}

export type RollingType = 'mean' | 'sum' | 'std' | 'cumsum' | 'median' | 'min' | 'max' | 'var' | 'count';

export interface RollingOptions {
  rolling_type: RollingType;
  window?: number;
  /** Alias of window some clients send. */
  periods?: number;
  min_periods?: number;
  center?: boolean;
  /** source column -> output column (same name replaces in place). */
  columns: Record<string, string>;
}

export type CompareType = 'difference' | 'absolute' | 'percentage' | 'ratio';

export interface CompareOptions {
  source_columns: string[];
  compare_columns: string[];
  compare_type: CompareType;
  drop_original_columns?: boolean;
  precision?: number;
}

export type ResampleMethod = 'asfreq' | 'bfill' | 'ffill' | 'median' | 'mean' | 'sum' | 'linear';

export interface ResampleOptions {
  rule: string;
  method: ResampleMethod;
  fill_value?: number | null;
  /** Column to resample on when the frame has no index (defaults to `__timestamp`). Tessera extension. */
  time_column?: string;
}

export interface ContributionOptions {
  orientation?: 'row' | 'column';
  columns?: string[];
  rename_columns?: string[];
  time_shifts?: string[];
}

export interface CumOptions {
  operator: 'sum' | 'prod' | 'min' | 'max';
  columns?: Record<string, string>;
}

export interface DiffOptions {
  columns: Record<string, string>;
  periods?: number;
  axis?: 0 | 1;
}

export interface SortOptions {
  by?: string | string[];
  ascending?: boolean | boolean[];
  is_sort_index?: boolean;
  /** Legacy form: column -> ascending. */
  columns?: Record<string, boolean>;
}

export interface FlattenOptions {
  reset_index?: boolean;
  drop_levels?: number[];
}

export interface RenameOptions {
  /** old -> new; a null new name removes that level value (the cell disappears from flattened names). */
  columns: Record<string, string | null>;
  level?: number;
  inplace?: boolean;
}

export interface AggregateOptions {
  groupby?: string[];
  aggregates: Record<string, AggregateSpec>;
}

export type WhiskerType = 'tukey' | 'min/max' | 'percentile';

export interface BoxplotOptions {
  groupby?: string[];
  metrics: string[];
  whisker_type: WhiskerType;
  percentiles?: [number, number];
}

export interface HistogramOptions {
  column: string;
  groupby?: string[];
  bins?: number;
  cumulative?: boolean;
  normalize?: boolean;
}

/** A seasonality switch: true/'yes' on, false/'no' off, null/'auto' decided from the data, a number = Fourier order. */
export type SeasonalityOption = boolean | number | string | null;

export interface ProphetOptions {
  /** ISO 8601 duration of one step (P1D, P1W, P1M, PT1H ...): the spacing of the forecast rows. */
  time_grain?: string | null;
  /** How many future rows to append. */
  periods?: number;
  /** Width of the uncertainty interval, strictly between 0 and 1 (0.8 = the 10th to the 90th percentile). */
  confidence_interval?: number;
  yearly_seasonality?: SeasonalityOption;
  weekly_seasonality?: SeasonalityOption;
  daily_seasonality?: SeasonalityOption;
  /** The temporal column (default `__timestamp`; the timeseries charts send their x-axis label). */
  index?: string;
}
