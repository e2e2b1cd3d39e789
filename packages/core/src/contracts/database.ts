import { z } from 'zod';

/** Engines with a connector. `backend` is the SQLAlchemy scheme users already type. */
export const ENGINES = ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const;
export type Engine = (typeof ENGINES)[number];

/** Superset's mask for a stored password; sending it back means "keep the stored one". */
export const PASSWORD_MASK = 'XXXXXXXXXX';

export const INVALID_URI_MESSAGE =
  'Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name';

export const DUPLICATE_DATABASE_NAME_MESSAGE = 'A database with the same name already exists.';

/**
 * Time grains (ISO-8601 durations, Superset's ids). `P7D` is 7-day buckets counted from 1970-01-01;
 * `P1W` is the ISO week (starting Monday).
 */
export const TIME_GRAINS = [
  { id: 'PT1S', name: 'Second' },
  { id: 'PT5S', name: '5 second' },
  { id: 'PT30S', name: '30 second' },
  { id: 'PT1M', name: 'Minute' },
  { id: 'PT5M', name: '5 minute' },
  { id: 'PT10M', name: '10 minute' },
  { id: 'PT15M', name: '15 minute' },
  { id: 'PT30M', name: '30 minute' },
  { id: 'PT1H', name: 'Hour' },
  { id: 'PT6H', name: '6 hour' },
  { id: 'P1D', name: 'Day' },
  { id: 'P7D', name: '7 day' },
  { id: 'P1W', name: 'Week' },
  { id: '1969-12-28T00:00:00Z/P1W', name: 'Week starting Sunday' },
  { id: '1969-12-29T00:00:00Z/P1W', name: 'Week starting Monday' },
  { id: 'P1W/1970-01-03T00:00:00Z', name: 'Week ending Saturday' },
  { id: 'P1W/1970-01-04T00:00:00Z', name: 'Week ending Sunday' },
  { id: 'P1M', name: 'Month' },
  { id: 'P3M', name: 'Quarter' },
  { id: 'P1Y', name: 'Year' },
] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number]['id'];

const isJsonObjectText = (text: string): boolean => {
  if (text.trim() === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};
const jsonObjectText = z.string().refine(isJsonObjectText, 'Field cannot be decoded by JSON.');

/**
 * Per-engine parameters of the dynamic form (Superset's `parameters`). Loose on purpose: the form posts
 * whatever it has (empty strings included); what is missing or invalid is reported as catalogue errors.
 */
export const databaseParametersSchema = z.object({
  host: z.string().nullable().optional(),
  port: z.union([z.number(), z.string()]).nullable().optional(),
  username: z.string().nullable().optional(),
  password: z.string().nullable().optional(),
  database: z.string().nullable().optional(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable().optional(),
  encryption: z.boolean().nullable().optional(),
});
export type DatabaseParameters = z.infer<typeof databaseParametersSchema>;

/** Parameters as the server shows them: only the fields the engine's form has; the password is masked. */
export interface DatabaseParametersView {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  database?: string;
  query?: Record<string, string>;
  encryption?: boolean;
}

const configurationMethod = z.enum(['sqlalchemy_form', 'dynamic_form']);

/** Every field Superset's POST/PUT accepts; nothing has a default here (defaults belong to create). */
const databaseWriteShape = {
  database_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
  sqlalchemy_uri: z.string().max(1024),
  engine: z.enum(ENGINES).nullable(),
  driver: z.string().nullable(),
  configuration_method: configurationMethod,
  parameters: databaseParametersSchema,
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_dml: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_file_upload: z.boolean(),
  disable_data_preview: z.boolean(),
  cache_timeout: z.number().int().min(0).nullable(),
  force_ctas_schema: z.string().max(250).nullable(),
  impersonate_user: z.boolean(),
  /** JSON text with engine options, as Superset keeps it. */
  extra: jsonObjectText,
  masked_encrypted_extra: jsonObjectText.nullable(),
  server_cert: z.string().nullable(),
  is_managed_externally: z.boolean().nullable(),
  external_url: z.string().nullable(),
  uuid: z.string().uuid(),
  /** SSH tunnels are not supported; only null is accepted so the UI's payload passes. */
  ssh_tunnel: z.null(),
};

export const databaseCreateSchema = z
  .object(databaseWriteShape)
  .partial()
  .extend({ database_name: databaseWriteShape.database_name })
  .strict();
export type DatabaseCreate = z.infer<typeof databaseCreateSchema>;

export const databaseUpdateSchema = z.object(databaseWriteShape).partial().strict();
export type DatabaseUpdate = z.infer<typeof databaseUpdateSchema>;

/** Connection fields shared by test_connection and validate_parameters; unknown keys are dropped (nothing is stored). */
const connectionCheckShape = {
  database_name: z.string().nullable().optional(),
  sqlalchemy_uri: z.string().nullable().optional(),
  engine: z.enum(ENGINES).nullable().optional(),
  driver: z.string().nullable().optional(),
  configuration_method: configurationMethod.optional(),
  parameters: databaseParametersSchema.nullable().optional(),
  extra: jsonObjectText.nullable().optional(),
  impersonate_user: z.boolean().nullable().optional(),
  masked_encrypted_extra: jsonObjectText.nullable().optional(),
  server_cert: z.string().nullable().optional(),
  ssh_tunnel: z.null().optional(),
};

export const testConnectionSchema = z.object(connectionCheckShape);
export type TestConnectionRequest = z.infer<typeof testConnectionSchema>;

export const validateParametersSchema = z.object({
  ...connectionCheckShape,
  engine: z.enum(ENGINES),
  id: z.number().int().nullable().optional(),
  catalog: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ValidateParametersRequest = z.infer<typeof validateParametersSchema>;

/** Rison `q` of `GET /api/v1/database/{pk}/schemas/`. */
export const schemasQuerySchema = z
  .object({ force: z.boolean().default(false), catalog: z.string().nullable().optional(), upload_allowed: z.boolean().optional() })
  .strict();

/** Rison `q` of `GET /api/v1/database/{pk}/tables/` (schema_name is required, as in Superset). */
export const tablesQuerySchema = z
  .object({
    schema_name: z.string({ error: 'Missing data for required field.' }),
    force: z.boolean().default(false),
    catalog_name: z.string().nullable().optional(),
  })
  .strict();

/** Query string of `GET /api/v1/database/{pk}/table_metadata/` and `.../table_metadata/extra/`. */
export const tableMetadataQuerySchema = z.object({
  name: z.string({ error: 'Missing data for required field.' }).min(1),
  schema: z.string().optional(),
  catalog: z.string().optional(),
});

export interface EngineInformation {
  supports_file_upload: boolean;
  disable_ssh_tunneling: boolean;
  supports_dynamic_catalog: boolean;
  supports_oauth2: boolean;
}

/** Settings a database row carries (both show and list). */
export interface DatabaseSettings {
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  disable_data_preview: boolean;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  impersonate_user: boolean;
  extra: string;
}

/**
 * `GET /api/v1/database/{id}` result. `sqlalchemy_uri` and `parameters` carry the masked password and are
 * null for callers without `can_write` on Database (host and user names are connection details too).
 */
export interface DatabaseShow extends DatabaseSettings {
  id: number;
  uuid: string;
  database_name: string;
  backend: Engine;
  driver: string;
  sqlalchemy_uri: string | null;
  configuration_method: 'sqlalchemy_form' | 'dynamic_form';
  parameters: DatabaseParametersView | null;
  engine_information: EngineInformation;
  is_managed_externally: boolean;
  external_url: string | null;
  masked_encrypted_extra: string | null;
  server_cert: string | null;
  ssh_tunnel: null;
  changed_on: string;
  created_on: string;
}

/** `GET /api/v1/database/{id}/connection` (admin only): show plus the form's JSON schema. */
export interface DatabaseConnectionInfo extends DatabaseShow {
  sqlalchemy_uri: string;
  parameters: DatabaseParametersView;
  parameters_schema: Record<string, unknown>;
}

/** Row of `GET /api/v1/database/` (Superset's list columns). */
export interface DatabaseListItem extends DatabaseSettings {
  id: number;
  uuid: string;
  database_name: string;
  backend: Engine;
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allows_virtual_table_explore: boolean;
  allow_multi_catalog: boolean;
  disable_drill_to_detail: boolean;
  explore_database_id: number;
  engine_information: EngineInformation;
  changed_on: string;
  changed_on_delta_humanized: string;
  changed_by: { first_name: string; last_name: string } | null;
  created_by: { first_name: string; last_name: string; id: number } | null;
}

/** One entry of `GET /api/v1/database/available/` → `{databases: [...]}`. */
export interface AvailableEngine {
  engine: Engine;
  name: string;
  default_driver: string;
  available_drivers: string[];
  sqlalchemy_uri_placeholder: string;
  parameters: Record<string, unknown>;
  engine_information: EngineInformation;
  preferred: boolean;
}

export interface TableListEntry {
  value: string;
  type: 'table' | 'view';
  extra: Record<string, unknown> | null;
}

export interface TablesResponse {
  count: number;
  result: TableListEntry[];
}

export interface TableKey {
  column_names: string[];
  name: string | null;
  type: 'pk' | 'fk' | 'index';
}

export interface TableMetadataColumn {
  name: string;
  type: string;
  longType: string;
  keys: TableKey[];
  comment: string | null;
}

export interface TableMetadata {
  name: string;
  columns: TableMetadataColumn[];
  selectStar: string;
  primaryKey: { column_names: string[]; name: string | null; type: 'pk' };
  foreignKeys: {
    column_names: string[];
    name: string | null;
    options: Record<string, unknown>;
    referred_columns: string[];
    referred_schema: string | null;
    referred_table: string;
    type: 'fk';
  }[];
  indexes: { column_names: string[]; name: string; type: 'index'; unique: boolean }[];
  comment: string | null;
}

/**
 * Superset's `table_extra` answer (SQL Lab shows it under a table in the left bar). Every key is optional:
 * absent means "the engine has no such fact". A type alias rather than an interface, so it fits a
 * `Record<string, unknown>`.
 */
export type TableExtra = {
  /** Facts as label -> display text, in the order they should be shown. */
  metadata?: Record<string, string>;
  partitions?: {
    cols: string[];
    /** The latest partition as key -> value text; null when the method has no order (hash, key). */
    latest: Record<string, string> | null;
    /** A query listing the partitions, for the user to run. */
    partitionQuery: string | null;
  };
  clustering?: { cols: string[] };
};
