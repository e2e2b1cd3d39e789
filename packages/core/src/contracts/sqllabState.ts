import { z } from 'zod';
import type { QueryDict } from './sqllab.js';

/**
 * SQL Lab's persisted state: editor tabs (legacy `/tabstateview/`), table previews (`/tableschemaview/`),
 * saved queries, the key/value store and SQL Lab permalinks (facts §2.1). Legacy views post form fields
 * whose values are JSON-encoded; the server decodes them before these schemas see the body.
 */

/** Booleans arrive as JSON booleans, 0/1, or "true"/"false" text. */
const looseBool = z.union([
  z.boolean(),
  z.number().transform((v) => v !== 0),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/** An integer that may come as text; null/'' mean "none". */
const optionalInt = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === null ? null : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v),
  z.number().int().nullable().optional(),
);

/** Template parameters: the client keeps JSON text; objects are accepted and stored as text. */
const jsonText = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null ? null : typeof v === 'string' ? v : JSON.stringify(v)));

/** `POST /tabstateview/` field `queryEditor` (the client's whole editor object; unknown keys are dropped). */
export const queryEditorCreateSchema = z.object({
  name: z.string().max(256).nullish(),
  title: z.string().max(256).nullish(),
  dbId: optionalInt,
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  sql: z.string().nullish(),
  queryLimit: optionalInt,
  hideLeftBar: looseBool.nullish(),
  remoteId: optionalInt,
  templateParams: jsonText,
  autorun: looseBool.nullish(),
});
export type QueryEditorCreate = z.infer<typeof queryEditorCreateSchema>;

export const tabStateCreateSchema = z.object({ queryEditor: queryEditorCreateSchema });

/** `PUT /tabstateview/{id}`: the autosave fields (spec §3 "Tab state saved remotely"). */
export const tabStateUpdateSchema = z.object({
  database_id: optionalInt,
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  sql: z.string().nullish(),
  label: z.string().max(256).nullish(),
  query_limit: optionalInt,
  latest_query_id: z.union([z.string().max(64), z.number().transform(String)]).nullish(),
  template_params: jsonText,
  hide_left_bar: looseBool.nullish(),
  autorun: looseBool.nullish(),
  extra_json: jsonText,
  saved_query_id: optionalInt,
});
export type TabStateUpdate = z.infer<typeof tabStateUpdateSchema>;

export const migrateQuerySchema = z.object({ queryId: z.union([z.string().min(1).max(64), z.number().transform(String)]) });

/** `POST /tableschemaview/` field `table`: the table's whole metadata is kept as its description. */
export const tableSchemaCreateSchema = z.object({
  table: z
    .object({
      queryEditorId: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
      dbId: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
      catalog: z.string().nullish(),
      schema: z.string().nullish(),
      name: z.string().min(1).max(256),
    })
    .loose(),
});

export const tableSchemaExpandedSchema = z.object({ expanded: looseBool });

export interface TableSchemaDict {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: unknown;
  expanded: boolean;
}

/** `GET /tabstateview/{id}` (Superset's TabState.to_dict()). */
export interface TabStateDict {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  table_schemas: TableSchemaDict[];
  sql: string;
  query_limit: number | null;
  latest_query: QueryDict | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: string;
}

export interface SqlLabDatabaseInfo {
  id: number;
  database_name: string;
  backend: string;
  allow_run_async: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  allows_subquery: boolean;
  expose_in_sqllab: boolean;
  force_ctas_schema: string | null;
  disable_data_preview: boolean;
  disable_drill_to_detail: boolean;
  allow_multi_catalog: boolean;
}

/** `GET /api/v1/sqllab/` → `{result: SqlLabBootstrap}`. */
export interface SqlLabBootstrap {
  active_tab: TabStateDict | null;
  databases: Record<string, SqlLabDatabaseInfo>;
  tab_state_ids: [number, string][];
  queries: Record<string, QueryDict>;
  common: {
    conf: {
      DEFAULT_SQLLAB_LIMIT: number;
      SQL_MAX_ROW: number;
      DISPLAY_MAX_ROW: number;
      SQLLAB_DEFAULT_DBID: number | null;
      SQLLAB_BACKEND_PERSISTENCE: boolean;
      SQLLAB_TIMEOUT: number;
    };
  };
}

// ---- saved queries ----

/** `POST /api/v1/saved_query/` (and the legacy `/savedqueryviewapi/api/create` form). */
export const savedQueryCreateSchema = z.object({
  db_id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive()),
  label: z.string().trim().min(1, 'Missing data for required field.').max(256),
  description: z.string().nullish(),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
  sql: z.string().nullish(),
  template_parameters: jsonText,
  extra_json: jsonText,
});
export type SavedQueryCreate = z.infer<typeof savedQueryCreateSchema>;

export const savedQueryUpdateSchema = savedQueryCreateSchema.partial();
export type SavedQueryUpdate = z.infer<typeof savedQueryUpdateSchema>;

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

/** `created_by`/`changed_by` of list and show answers: null when the user is gone (the foreign key was cleared). */
export function userRef(id: number | null, first: string | null, last: string | null): UserRef | null {
  return id === null || first === null ? null : { id, first_name: first, last_name: last ?? '' };
}

export interface SavedQueryShow {
  id: number;
  uuid: string;
  label: string;
  description: string;
  catalog: string | null;
  schema: string | null;
  sql: string;
  sql_tables: { catalog: string | null; schema: string | null; table: string }[];
  template_parameters: string | null;
  database: { id: number; database_name: string };
  changed_on: string;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
  created_by: UserRef | null;
}

export interface SavedQueryListItem extends SavedQueryShow {
  created_on: string;
  db_id: number;
  extra: Record<string, unknown>;
  extra_json: string;
  last_run_delta_humanized: string;
  rows: number | null;
}

// ---- key/value and permalinks ----

export const kvStoreSchema = z.object({
  data: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).transform((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
});

/** `POST /api/v1/sqllab/permalink` (Superset's SqlLabPermalinkSchema). */
export const sqlLabPermalinkSchema = z.object({
  autorun: looseBool.default(false),
  dbId: z.number().int(),
  name: z.string().default(''),
  schema: z.string().nullish(),
  catalog: z.string().nullish(),
  sql: z.string(),
  templateParams: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
});
export type SqlLabPermalinkState = z.infer<typeof sqlLabPermalinkSchema>;

export interface PermalinkResponse {
  key: string;
  url: string;
}
