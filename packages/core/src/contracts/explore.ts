import { z } from 'zod';
import { CHART_DATASOURCE_TYPES, type ChartPermissions } from './charts.js';
import type { DatasetColumn, DatasetMetric } from './datasets.js';

/** Explore bootstrap, explore permalinks and the form-data cache (facts §2.4, §2.6). */

const intId = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive());

/** A repeated query parameter counts by its first value, as Flask's `request.args.get` reads it. */
const firstOf = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * An id in the explore address: anything but a positive integer reads as absent, as Superset's
 * `request.args.get(..., type=int)` does (`/explore/?slice_id=abc` opens the explorer without a chart).
 */
const addressId = z.preprocess((v) => {
  const first = firstOf(v);
  const n = typeof first === 'string' && /^\s*\d+\s*$/.test(first) ? Number(first) : first;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}, z.number().int().positive().optional());
const addressText = z.preprocess(firstOf, z.string().optional());

/** `GET /api/v1/explore/` query string. */
export const exploreQuerySchema = z
  .object({
    slice_id: addressId,
    datasource_id: addressId,
    datasource_type: addressText,
    form_data_key: addressText,
    permalink_key: addressText,
    /** The web client's choice of chart type for a new chart (`/explore/?viz_type=pie&...`). */
    viz_type: addressText,
  })
  .loose();
export type ExploreQuery = z.infer<typeof exploreQuerySchema>;

export const explorePermalinkCreateSchema = z.object({
  formData: z.record(z.string(), z.unknown()),
  urlParams: z.array(z.tuple([z.string(), z.string()])).nullish(),
});
export type ExplorePermalinkCreate = z.infer<typeof explorePermalinkCreateSchema>;

export interface ExplorePermalinkValue {
  chartId: number | null;
  datasourceId: number;
  datasourceType: string;
  datasource: string;
  state: { formData: Record<string, unknown>; urlParams?: [string, string][] | null };
}

export const exploreFormDataCreateSchema = z.object({
  datasource_id: intId,
  // Superset's schema refuses another type with a 400 (OneOf over DatasourceType).
  datasource_type: z.enum(CHART_DATASOURCE_TYPES, {
    error: (issue) => (issue.input === undefined ? 'Missing data for required field.' : `Must be one of: ${CHART_DATASOURCE_TYPES.join(', ')}.`),
  }),
  chart_id: intId.nullish(),
  form_data: z.string().refine((v) => {
    try {
      return typeof JSON.parse(v) === 'object';
    } catch {
      return false;
    }
  }, 'JSON not valid'),
});
export type ExploreFormDataCreate = z.infer<typeof exploreFormDataCreateSchema>;

/** The dataset as the explorer reads it (Superset's `datasource.data`). */
export interface ExploreDataset {
  id: number;
  uid: string;
  type: string;
  name: string;
  datasource_name: string;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  description: string | null;
  sql: string | null;
  database: { id: number; database_name: string; backend: string };
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  verbose_map: Record<string, string>;
  column_formats: Record<string, string>;
  currency_formats: Record<string, unknown>;
  main_dttm_col: string | null;
  granularity_sqla: [string, string][];
  time_grain_sqla: [string, string][];
  order_by_choices: [string, string][];
  filter_select_enabled: boolean;
  /** Superset's deprecated alias of `filter_select_enabled` (SqlaTable.data). */
  filter_select?: boolean;
  /** The dataset's permission view, `[database].[table](id:N)`; null for a query datasource. */
  perm?: string | null;
  /** SqlaTable.params (a JSON string); no extra params are kept here, so null. */
  params?: string | null;
  fetch_values_predicate: string | null;
  template_params: string | null;
  cache_timeout: number | null;
  is_sqllab_view: boolean;
  select_star: string | null;
  owners: number[];
  edit_url: string;
  datasource_type: string;
  kind: 'physical' | 'virtual';
  health_check_message: string | null;
  extra: string | null;
  offset: number;
  default_endpoint: string | null;
  always_filter_main_dttm: boolean;
  normalize_columns: boolean;
}

export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  slice_url: string;
  viz_type: string;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  datasource: string;
  form_data: Record<string, unknown>;
  query_context: string | null;
  owners: number[];
  dashboards: number[];
  created_by: number | null;
  changed_on: string;
  changed_on_humanized: string;
  /** The description as HTML (Superset renders its markdown; here paragraphs of escaped text). */
  description_markeddown: string;
  edit_url: string;
  /** Superset's `modified()` markup: the humanized change time. */
  modified: string;
  is_managed_externally: boolean;
}

/**
 * What the explorer gets when no datasource is known or it is gone: Superset's placeholder, named
 * "[Missing Dataset]", with no columns or metrics and no `id`.
 */
export interface MissingExploreDataset {
  type: string;
  name: string;
  columns: [];
  metrics: [];
  database: { id: 0; backend: '' };
}

export interface ExploreResult extends ChartPermissions {
  form_data: Record<string, unknown>;
  dataset: ExploreDataset | MissingExploreDataset;
  slice: ExploreSlice | null;
  message: string | null;
}
