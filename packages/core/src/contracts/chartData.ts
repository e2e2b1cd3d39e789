import { z } from 'zod';

/**
 * The chart data contract (facts §2.3, spec §3 vocabularies): what `POST /api/v1/chart/data` accepts and
 * answers. The web's buildQuery functions produce it, the server validates it here and the compiler
 * (core/query) turns each query object into SQL.
 */

/** Spec §3 filter operator names mapped to the operator strings query objects carry. */
export const FILTER_OPERATORS = {
  EQUALS: '==',
  NOT_EQUALS: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  LIKE: 'LIKE',
  NOT_LIKE: 'NOT LIKE',
  ILIKE: 'ILIKE',
  IS_NULL: 'IS NULL',
  IS_NOT_NULL: 'IS NOT NULL',
  LATEST_PARTITION: 'LATEST PARTITION',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
} as const;
export type FilterOperatorName = keyof typeof FILTER_OPERATORS;
export type FilterOperator = (typeof FILTER_OPERATORS)[FilterOperatorName];
export const FILTER_OPERATOR_VALUES = Object.values(FILTER_OPERATORS) as [FilterOperator, ...FilterOperator[]];

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export const DATASOURCE_TYPES = ['table', 'query', 'dataset', 'sl_table', 'saved_query'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

export const QUERY_MODES = ['aggregate', 'raw'] as const;
export type QueryMode = (typeof QUERY_MODES)[number];

export const RESULT_TYPES = ['full', 'query', 'results', 'samples', 'columns', 'timegrains', 'post_processed', 'drill_detail'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** Superset's GenericDataType codes in `coltypes`. */
export const GENERIC_DATA_TYPE = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

/** `{id}__{type}`, e.g. `3__table`. */
export function parseDatasourceKey(key: string): { id: number; type: DatasourceType } | null {
  const match = /^(\d+)__(\w+)$/.exec(key.trim());
  if (!match) return null;
  const type = match[2] as DatasourceType;
  if (!DATASOURCE_TYPES.includes(type)) return null;
  return { id: Number(match[1]), type };
}
export function datasourceKey(id: number, type: DatasourceType): string {
  return `${id}__${type}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Columns and metrics

/** An adhoc column: a SQL expression with a label; `columnType: BASE_AXIS` marks the x-axis, `timeGrain` buckets it. */
export const adhocColumnSchema = z
  .object({
    sqlExpression: z.string(),
    label: z.string().optional(),
    expressionType: z.literal('SQL').optional(),
    columnType: z.enum(['BASE_AXIS', 'SERIES']).optional(),
    timeGrain: z.string().nullish(),
    isColumnReference: z.boolean().optional(),
  })
  .loose();
export type AdhocColumn = z.infer<typeof adhocColumnSchema>;

/** A physical column name or an adhoc column. */
export const queryColumnSchema = z.union([z.string(), adhocColumnSchema]);
export type QueryColumn = z.infer<typeof queryColumnSchema>;

export const adhocMetricSimpleSchema = z
  .object({
    expressionType: z.literal('SIMPLE'),
    column: z.object({ column_name: z.string() }).loose(),
    aggregate: z.enum(AGGREGATES),
    label: z.string().optional(),
    hasCustomLabel: z.boolean().optional(),
    optionName: z.string().optional(),
  })
  .loose();
export const adhocMetricSqlSchema = z
  .object({
    expressionType: z.literal('SQL'),
    sqlExpression: z.string(),
    label: z.string().optional(),
    hasCustomLabel: z.boolean().optional(),
    optionName: z.string().optional(),
  })
  .loose();
export const adhocMetricSchema = z.discriminatedUnion('expressionType', [adhocMetricSimpleSchema, adhocMetricSqlSchema]);
export type AdhocMetric = z.infer<typeof adhocMetricSchema>;

/** A saved metric's name or an adhoc metric. */
export const queryMetricSchema = z.union([z.string(), adhocMetricSchema]);
export type QueryMetric = z.infer<typeof queryMetricSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Filters

/** A resolved filter of a query object. `val` shape depends on `op` (list for IN/NOT IN, time range text for TEMPORAL_RANGE). */
export const queryFilterSchema = z
  .object({
    col: queryColumnSchema,
    // Superset matches operators case-insensitively (`In` is IN); the rest of the engine sees them upper case.
    op: z.preprocess((op) => (typeof op === 'string' ? op.toUpperCase() : op), z.enum(FILTER_OPERATOR_VALUES)),
    val: z.unknown().optional(),
    grain: z.string().nullish(),
    isExtra: z.boolean().optional(),
  })
  .loose();
export type QueryFilter = z.infer<typeof queryFilterSchema>;

/** Form data's `adhoc_filters` entries (the explorer's filter popover). */
export const adhocFilterSchema = z.union([
  z
    .object({
      expressionType: z.literal('SIMPLE'),
      clause: z.enum(['WHERE', 'HAVING']).default('WHERE'),
      subject: queryColumnSchema,
      operator: z.string(),
      operatorId: z.string().optional(),
      comparator: z.unknown().optional(),
      isExtra: z.boolean().optional(),
      filterOptionName: z.string().optional(),
    })
    .loose(),
  z
    .object({
      expressionType: z.literal('SQL'),
      clause: z.enum(['WHERE', 'HAVING']).default('WHERE'),
      sqlExpression: z.string(),
      filterOptionName: z.string().optional(),
    })
    .loose(),
]);
export type AdhocFilter = z.infer<typeof adhocFilterSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Post-processing (run server-side after the query; core/postProcessing)

export const POST_PROCESSING_OPERATIONS = [
  'pivot',
  'rolling',
  'compare',
  'resample',
  'contribution',
  'cum',
  'diff',
  'sort',
  'flatten',
  'rename',
  'aggregate',
  'boxplot',
  'histogram',
  'prophet',
] as const;
export type PostProcessingOperation = (typeof POST_PROCESSING_OPERATIONS)[number];

export const postProcessingRuleSchema = z
  .object({
    operation: z.enum(POST_PROCESSING_OPERATIONS),
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type PostProcessingRule = z.infer<typeof postProcessingRuleSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Query object and query context

const orderbyEntrySchema = z.tuple([z.union([queryMetricSchema, queryColumnSchema]), z.boolean()]);

export const queryExtrasSchema = z
  .object({
    where: z.string().optional(),
    having: z.string().optional(),
    time_grain_sqla: z.string().nullish(),
    relative_start: z.string().optional(),
    relative_end: z.string().optional(),
    instant_time_comparison_range: z.string().nullish(),
  })
  .loose();

export const queryObjectSchema = z
  .object({
    columns: z.array(queryColumnSchema).optional(),
    metrics: z.array(queryMetricSchema).nullish(),
    filters: z.array(queryFilterSchema).optional(),
    extras: queryExtrasSchema.optional(),
    orderby: z.array(orderbyEntrySchema).optional(),
    row_limit: z.number().int().min(0).nullish(),
    row_offset: z.number().int().min(0).optional(),
    order_desc: z.boolean().optional(),
    series_columns: z.array(queryColumnSchema).optional(),
    series_limit: z.number().int().min(0).optional(),
    series_limit_metric: queryMetricSchema.nullish(),
    group_others_when_limit_reached: z.boolean().optional(),
    time_range: z.string().nullish(),
    granularity: z.string().nullish(),
    is_timeseries: z.boolean().optional(),
    is_rowcount: z.boolean().optional(),
    time_offsets: z.array(z.string()).optional(),
    annotation_layers: z.array(z.unknown()).optional(),
    applied_time_extras: z.record(z.string(), z.unknown()).optional(),
    url_params: z.record(z.string(), z.unknown()).optional(),
    custom_params: z.record(z.string(), z.unknown()).optional(),
    custom_form_data: z.record(z.string(), z.unknown()).optional(),
    post_processing: z.array(postProcessingRuleSchema.nullable()).optional(),
    result_type: z.enum(RESULT_TYPES).optional(),
    // Legacy fields older clients still send; the server folds them into columns/metrics.
    groupby: z.array(queryColumnSchema).optional(),
    timeseries_limit: z.number().int().optional(),
    timeseries_limit_metric: queryMetricSchema.nullish(),
  })
  .loose();
export type QueryObject = z.infer<typeof queryObjectSchema>;

export const queryContextSchema = z
  .object({
    datasource: z.object({ id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]), type: z.enum(DATASOURCE_TYPES) }),
    force: z.boolean().optional().default(false),
    custom_cache_timeout: z.number().int().nullish(),
    result_format: z.enum(RESULT_FORMATS).optional().default('json'),
    result_type: z.enum(RESULT_TYPES).optional().default('full'),
    form_data: z.record(z.string(), z.unknown()).nullish(),
    // No queries answers `{"result": []}` as Superset does (and a 400 for a file export).
    queries: z.array(queryObjectSchema),
  })
  .loose();
export type QueryContext = z.infer<typeof queryContextSchema>;
export type QueryContextInput = z.input<typeof queryContextSchema>;

/** One element of `result[]` in a chart data answer (facts §2.3). */
export interface ChartDataResult {
  cache_key: string | null;
  cached_dttm: string | null;
  cache_timeout: number | null;
  applied_template_filters: string[];
  annotation_data: Record<string, unknown>;
  error: string | null;
  is_cached: boolean;
  query: string;
  status: 'success' | 'failed' | 'stopped' | 'timed_out';
  stacktrace: string | null;
  rowcount: number;
  sql_rowcount: number;
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
  colnames: string[];
  indexnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  result_format: ResultFormat;
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
}

export interface ChartDataResponse {
  result: ChartDataResult[];
}

/** `PUT /api/v1/chart/warm_up_cache` (Superset's ChartCacheWarmUpRequestSchema). */
export const chartWarmUpSchema = z.object({
  chart_id: z.number().int().positive(),
  dashboard_id: z.number().int().positive().nullish(),
  extra_filters: z.string().nullish(),
});
/** `PUT /api/v1/dataset/warm_up_cache` (Superset's DatasetCacheWarmUpRequestSchema). */
export const datasetWarmUpSchema = z.object({
  db_name: z.string().min(1),
  table_name: z.string().min(1),
  dashboard_id: z.number().int().positive().nullish(),
  extra_filters: z.string().nullish(),
});

/** A 202 answer when global async queries are on. */
export interface ChartDataAsyncResponse {
  channel_id: string;
  job_id: string;
  user_id: number | null;
  status: 'pending';
  errors: unknown[];
  result_url: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Form data (the explorer's state; stored as a chart's `params`)

/** Open record: every chart type adds its own keys. These are the ones every layer reads (spec §3). */
export interface FormData {
  datasource: string;
  viz_type: string;
  slice_id?: number;
  time_range?: string;
  granularity_sqla?: string | null;
  time_grain_sqla?: string | null;
  row_limit?: number | string | null;
  limit?: number | string | null;
  adhoc_filters?: AdhocFilter[];
  groupby?: QueryColumn[];
  columns?: QueryColumn[];
  metrics?: QueryMetric[];
  metric?: QueryMetric | null;
  orderby?: unknown[];
  order_desc?: boolean;
  x_axis?: QueryColumn | null;
  color_scheme?: string;
  y_axis_format?: string;
  currency_format?: { symbol?: string; symbolPosition?: 'prefix' | 'suffix' } | null;
  extra_form_data?: Record<string, unknown>;
  url_params?: Record<string, string>;
  dashboards?: number[];
  [key: string]: unknown;
}

/** Spec §9 chart constants. */
export const CHART_CONSTANTS = {
  DEFAULT_ROW_LIMIT: 10000,
  EXPLORE_DEFAULT_ROW_LIMIT: 1000,
  ROW_LIMIT_CHOICES: [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000],
  MAX_ROW_LIMIT: 100000,
  SERIES_LIMIT_CHOICES: [5, 10, 25, 50, 100, 500],
  SAMPLES_ROW_LIMIT: 1000,
  DEFAULT_TIME_RANGE: 'No filter',
  DEFAULT_TIME_GRAIN: 'P1D',
  DEFAULT_Y_AXIS_FORMAT: 'SMART_NUMBER',
  DEFAULT_VIZ_TYPE: 'table',
  DEFAULT_FIXED_COLOR: { r: 0, g: 122, b: 135, a: 1 },
  DEFAULT_CATEGORICAL_SCHEME: 'supersetColors',
  DEFAULT_SEQUENTIAL_SCHEME: 'superset_seq_1',
  TIME_SHIFT_CHOICES: ['1 day ago', '1 week ago', '28 days ago', '30 days ago', '52 weeks ago', '1 year ago', '104 weeks ago', '2 years ago', '156 weeks ago', '3 years ago'],
  ROLLING_TYPES: ['None', 'mean', 'sum', 'std', 'cumsum'],
  COMPARISON_TYPES: ['values', 'absolute', 'percentage', 'ratio'],
  RESAMPLE_RULES: ['1T', '1H', '1D', '7D', '1M', '1AS'],
  RESAMPLE_METHODS: ['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'],
  SAVED_CHART_PAGE_SIZE: 200,
} as const;
