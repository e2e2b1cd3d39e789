import { z } from 'zod';
import type { UserRef } from './sqllabState.js';

/** Dashboards API contracts (facts §2.5, spec §5). */

export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';

const intId = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive());

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

export const dashboardCreateSchema = z.object({
  dashboard_title: z.string().max(500, 'Length must be between 0 and 500.').nullish(),
  slug: z.string().max(255, 'Length must be between 1 and 255.').nullish(),
  owners: z.array(intId).optional(),
  roles: z.array(intId).optional(),
  position_json: jsonText,
  css: z.string().nullish(),
  json_metadata: jsonText,
  published: z.boolean().nullish(),
  certified_by: z.string().nullish(),
  certification_details: z.string().nullish(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().nullish(),
});
export type DashboardCreate = z.infer<typeof dashboardCreateSchema>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const intList = (v: unknown) => Array.isArray(v) && v.every((x) => Number.isInteger(x));
const stringMap = (v: unknown) => isObject(v) && Object.values(v).every((x) => typeof x === 'string');

/**
 * Types of the known json_metadata keys (Superset's DashboardJSONMetadataSchema, loosely): a value of the wrong
 * type would break the page that reads it. Unknown keys are kept as they are.
 */
const METADATA_KEY_CHECKS: Record<string, (v: unknown) => boolean> = {
  native_filter_configuration: (v) => Array.isArray(v) && v.every(isObject),
  chart_configuration: isObject,
  global_chart_configuration: isObject,
  cross_filters_enabled: (v) => typeof v === 'boolean',
  timed_refresh_immune_slices: intList,
  filter_scopes: isObject,
  expanded_slices: isObject,
  refresh_frequency: (v) => typeof v === 'number' && v >= 0,
  default_filters: (v) => typeof v === 'string',
  stagger_refresh: (v) => typeof v === 'boolean',
  stagger_time: (v) => typeof v === 'number' && v >= 0,
  color_scheme: (v) => v === null || typeof v === 'string',
  color_namespace: (v) => v === null || typeof v === 'string',
  label_colors: stringMap,
  shared_label_colors: (v) => (Array.isArray(v) && v.every((x) => typeof x === 'string')) || stringMap(v),
  map_label_colors: stringMap,
  color_scheme_domain: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  positions: (v) => v === null || isObject(v),
  filter_bar_orientation: (v) => v === 'VERTICAL' || v === 'HORIZONTAL',
};

/** Why a json_metadata text is refused (null: accepted). Empty text is accepted (no metadata). */
export function jsonMetadataProblem(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'JSON not valid';
  }
  if (!isObject(parsed)) return 'JSON metadata must be an object';
  for (const [key, check] of Object.entries(METADATA_KEY_CHECKS)) {
    if (parsed[key] !== undefined && !check(parsed[key])) return `${key} has an invalid value`;
  }
  return null;
}

const jsonMetadataText = z
  .string()
  .nullish()
  .superRefine((v, ctx) => {
    const problem = jsonMetadataProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * PUT /api/v1/dashboard/<pk>: every field optional (a publish toggle sends only `published`). `tags` is accepted
 * and ignored; `last_modified_time` (epoch seconds of the version the page loaded) asks for the confirm-diff check.
 */
export const dashboardUpdateSchema = z
  .object({
    dashboard_title: z.string().max(500, 'Length must be between 0 and 500.').nullish(),
    slug: z.string().max(255, 'Length must be between 1 and 255.').nullish(),
    owners: z.array(intId).optional(),
    roles: z.array(intId).optional(),
    // Checked by the service (validatePositionJson): size first, then JSON, then the tree and its charts.
    position_json: z.string().nullish(),
    css: z.string().nullish(),
    json_metadata: jsonMetadataText,
    published: z.boolean().nullish(),
    certified_by: z.string().nullish(),
    certification_details: z.string().nullish(),
    is_managed_externally: z.boolean().nullish(),
    external_url: z.string().nullish(),
    tags: z.array(z.unknown()).optional(),
    last_modified_time: z.number().finite().optional(),
  })
  .strict();
export type DashboardUpdate = z.infer<typeof dashboardUpdateSchema>;

/** POST /api/v1/dashboard/<id_or_slug>/copy/ (Superset's DashboardCopySchema). */
export const dashboardCopySchema = z
  .object({
    dashboard_title: z.string().max(500, 'Length must be between 0 and 500.').nullish(),
    css: z.string().nullish(),
    json_metadata: z.string().superRefine((v, ctx) => {
      const problem = jsonMetadataProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    duplicate_slices: z.boolean().optional(),
  })
  .strict();
export type DashboardCopy = z.infer<typeof dashboardCopySchema>;

const colorMap = z.record(z.string(), z.string());

/** PUT /api/v1/dashboard/<pk>/colors: the colour keys merged into json_metadata. */
export const dashboardColorsSchema = z
  .object({
    color_namespace: z.string().nullish(),
    color_scheme: z.string().nullish(),
    label_colors: colorMap.optional(),
    shared_label_colors: z.union([z.array(z.string()), colorMap]).optional(),
    map_label_colors: colorMap.optional(),
    color_scheme_domain: z.array(z.string()).optional(),
  })
  .strict();
export type DashboardColors = z.infer<typeof dashboardColorsSchema>;

/** A native filter or divider as the filters endpoint takes it: its id and type checked, the rest kept for the filter bar. */
export const nativeFilterSchema = z
  .object({
    id: z.string().min(1).max(250),
    type: z.enum(['NATIVE_FILTER', 'DIVIDER']),
    name: z.string().max(500).optional(),
    title: z.string().max(500).optional(),
    description: z.string().nullish(),
    filterType: z.string().optional(),
    targets: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .loose();

/** PUT /api/v1/dashboard/<pk>/filters (Superset 5.x): changes applied to native_filter_configuration. */
export const dashboardFiltersSchema = z
  .object({
    modified: z.array(nativeFilterSchema).default([]),
    deleted: z.array(z.string()).default([]),
    reordered: z.array(z.string()).default([]),
  })
  .strict();
export type DashboardFiltersChange = z.infer<typeof dashboardFiltersSchema>;

export interface DashboardShow {
  id: number;
  uuid: string;
  slug: string | null;
  url: string;
  dashboard_title: string;
  thumbnail_url: string | null;
  published: boolean;
  css: string | null;
  json_metadata: string | null;
  position_json: string | null;
  certified_by: string | null;
  certification_details: string | null;
  changed_by_name: string;
  changed_by: UserRef | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  created_on_delta_humanized: string;
  charts: string[];
  owners: UserRef[];
  roles: { id: number; name: string }[];
  tags: { id: number; name: string; type: number }[];
  is_managed_externally: boolean;
  /** changed_on as epoch seconds: the page sends it back with a save for the confirm-diff check. */
  last_modified_time: number;
}

export interface DashboardListItem
  extends Omit<DashboardShow, 'charts' | 'css' | 'json_metadata' | 'position_json' | 'created_on_delta_humanized' | 'last_modified_time'> {
  changed_on_utc: string;
  created_on_delta_humanized: string;
  status: 'published' | 'draft';
}
