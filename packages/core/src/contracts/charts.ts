import { z } from 'zod';
import { MAX_ID } from '../constants/index.js';
import { CHART_CONSTANTS, DATASOURCE_TYPES } from './chartData.js';
import type { UserRef } from './sqllabState.js';

/** Charts (Superset's slices): the POST/PUT bodies and the show/list answers (facts §2.4, spec §3). */

/**
 * Ids of datasources, owners and dashboards: any integer, as Superset's schema takes them, so an id that names
 * nothing (0 included) is answered 422 by the service ("Datasource does not exist", "Owners are invalid",
 * "Dashboards do not exist") rather than a range error. Only the id columns' 32 bits bound them: a store must
 * never be asked for a value its column cannot hold (PostgreSQL refuses the query outright).
 */
const intId = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v),
  z.number().int().min(-MAX_ID - 1).max(MAX_ID),
);

/** Form data and query contexts travel as JSON text; anything that does not parse is refused as Superset does. */
const jsonText = z
  .string()
  .nullish()
  .refine((v) => {
    if (v === null || v === undefined || v === '') return true;
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  }, 'JSON not valid');

/** Superset's chart datasource types; 'view' is accepted as the legacy alias of a table. */
export const CHART_DATASOURCE_TYPES = [...DATASOURCE_TYPES, 'view'] as const;
/** The choices Superset's schema names when it refuses a type (`sl_table` is still accepted, as an old alias, but not offered). */
const OFFERED_DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'view'];

const chartFields = {
  slice_name: z.string().min(1, 'Length must be between 1 and 250.').max(250, 'Length must be between 1 and 250.'),
  description: z.string().nullish(),
  viz_type: z.string().min(1, 'Length must be between 1 and 250.').max(250, 'Length must be between 1 and 250.'),
  owners: z.array(intId).optional(),
  params: jsonText,
  query_context: jsonText,
  query_context_generation: z.boolean().nullish(),
  cache_timeout: z.number().int().nullish(),
  datasource_id: intId,
  datasource_type: z.enum(CHART_DATASOURCE_TYPES, {
    error: (issue) => (issue.input === undefined ? 'Missing data for required field.' : `Must be one of: ${OFFERED_DATASOURCE_TYPES.join(', ')}.`),
  }),
  datasource_name: z.string().nullish(),
  dashboards: z.array(intId).optional(),
  certified_by: z.string().nullish(),
  certification_details: z.string().nullish(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().nullish(),
  tags: z.array(z.number().int()).optional(),
};

/** Unknown fields are refused (`{"bogus": ["Unknown field."]}`), as Superset's schema does: a typo must not be dropped silently. */
export const chartCreateSchema = z
  .object({
    ...chartFields,
    // Optional and possibly empty in Superset's schema; a chart without a type opens as a table (spec's default).
    viz_type: z.string().max(250, 'Length must be between 1 and 250.').optional().transform((v) => (v ? v : CHART_CONSTANTS.DEFAULT_VIZ_TYPE)),
  })
  .strict();
export type ChartCreate = z.infer<typeof chartCreateSchema>;

/** PUT: every field optional; the datasource id and type are changed together or not at all. */
export const chartUpdateSchema = z.object({
  ...chartFields,
  slice_name: chartFields.slice_name.nullish(),
  viz_type: chartFields.viz_type.nullish(),
  datasource_id: intId.nullish(),
  datasource_type: chartFields.datasource_type.nullish(),
}).strict();
export type ChartUpdate = z.infer<typeof chartUpdateSchema>;

export interface ChartDashboardRef {
  id: number;
  dashboard_title: string;
  json_metadata: string | null;
}

/** `can_*` say what the caller may do with this chart (spec §4, §6). */
export interface ChartShow extends ChartPermissions {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  datasource_id: number;
  datasource_type: string;
  url: string;
  thumbnail_url: string | null;
  changed_on_delta_humanized: string;
  dashboards: ChartDashboardRef[];
  owners: UserRef[];
  tags: { id: number; name: string; type: number }[];
}

export interface ChartListItem {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
  params: string | null;
  query_context: string | null;
  description: string | null;
  description_markeddown: string;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  datasource_id: number;
  datasource_type: string;
  datasource_name_text: string | null;
  datasource_url: string | null;
  slice_url: string;
  url: string;
  edit_url: string;
  thumbnail_url: string | null;
  form_data: Record<string, unknown>;
  table: { table_name: string | null; default_endpoint: string | null } | null;
  dashboards: { id: number; dashboard_title: string }[];
  owners: UserRef[];
  created_by: UserRef | null;
  created_by_name: string;
  created_on_delta_humanized: string;
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on_utc: string;
  changed_on_dttm: number;
  changed_on_delta_humanized: string;
  last_saved_at: string | null;
  last_saved_by: UserRef | null;
  tags: { id: number; name: string; type: number }[];
}

/** What a chart save / explore answer says the caller may do (spec §4 "Slice updated or created"). */
export interface ChartPermissions {
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
}
