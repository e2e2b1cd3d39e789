import { z } from 'zod';

/** Query states (spec sql-lab.md §4). */
export const QUERY_STATES = ['started', 'stopped', 'failed', 'pending', 'running', 'scheduled', 'success', 'fetching', 'timed_out'] as const;
export type QueryState = (typeof QUERY_STATES)[number];
export const UNFINISHED_STATES: readonly QueryState[] = ['running', 'started', 'pending', 'fetching', 'scheduled'];
export const FINISHED_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export const LIMITING_FACTORS = ['QUERY', 'DROPDOWN', 'QUERY_AND_DROPDOWN', 'NOT_LIMITED', 'UNKNOWN'] as const;
export type LimitingFactor = (typeof LIMITING_FACTORS)[number];

/** Booleans arrive as JSON booleans or, from form posts, as "true"/"false". */
const looseBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** `POST /api/v1/sqllab/execute/` body (facts §2.1). */
export const executeRequestSchema = z.object({
  database_id: z.coerce.number().int().positive(),
  sql: z.string().min(1, 'Missing data for required field.'),
  client_id: z.string().min(1).max(64).optional(),
  queryLimit: z.coerce.number().int().min(1).optional(),
  sql_editor_id: z.string().max(64).nullish(),
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  tab: z.string().nullish(),
  ctas_method: z.enum(['TABLE', 'VIEW']).default('TABLE'),
  templateParams: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  tmp_table_name: z.string().nullish(),
  select_as_cta: looseBool.default(false),
  json: looseBool.default(true),
  runAsync: looseBool.default(false),
  expand_data: looseBool.default(true),
  /** 'arrow': the sync answer carries no rows, only `query.resultsKey`; the client then fetches the Arrow stream. */
  result_format: z.enum(['json', 'arrow']).default('json'),
});
export type ExecuteRequest = z.infer<typeof executeRequestSchema>;

export type GenericType = 'Numeric' | 'String' | 'Temporal' | 'Boolean';

export interface ResultColumn {
  column_name: string;
  name: string;
  type: string;
  type_generic: number;
  is_dttm: boolean;
}

/** Superset's Query.to_dict(): what the client stores per run. Times are epoch milliseconds. */
export interface QueryDict {
  changed_on: string;
  dbId: number;
  db: string;
  endDttm: number | null;
  errorMessage: string | null;
  executedSql: string | null;
  id: string;
  queryId: number;
  limit: number | null;
  limitingFactor: LimitingFactor;
  progress: number;
  rows: number | null;
  catalog: string | null;
  schema: string | null;
  ctas: boolean;
  serverId: number;
  sql: string;
  sqlEditorId: string | null;
  startDttm: number;
  state: QueryState;
  tab: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  userId: number | null;
  user: string | null;
  resultsKey: string | null;
  trackingUrl: string | null;
  extra: Record<string, unknown>;
}

export const stopQuerySchema = z.object({ client_id: z.string().min(1) });

export const estimateRequestSchema = z.object({
  database_id: z.coerce.number().int().positive(),
  sql: z.string().min(1),
  template_params: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
});

export const formatSqlRequestSchema = z.object({
  sql: z.string(),
  engine: z.string().nullish(),
  database_id: z.coerce.number().int().positive().nullish(),
});

export const savedQueryWriteSchema = z.object({
  db_id: z.coerce.number().int().positive(),
  label: z.string().min(1).max(256),
  description: z.string().default(''),
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  sql: z.string(),
  template_parameters: z.string().nullish(),
  extra_json: z.string().nullish(),
});
export type SavedQueryWrite = z.infer<typeof savedQueryWriteSchema>;

/** `GET /api/v1/sqllab/results/?q=(key:'...',rows:N)`. */
export const resultsRequestSchema = z.object({
  key: z.string().min(1),
  rows: z.coerce.number().int().min(0).nullish(),
});

/** `GET /api/v1/query/updated_since?q=(last_updated_ms:N)`. */
/** Longest wait a client may ask of `updated_since` (`wait_ms`). */
export const UPDATED_SINCE_MAX_WAIT_MS = 5000;
/**
 * `updated_since`: Superset's `last_updated_ms`, plus Tessera's long poll: with `wait_ms`, the answer waits
 * (up to that long) until one of the rows changed after `changed_after_ms`, the newest change the client has.
 */
export const updatedSinceSchema = z.object({
  last_updated_ms: z.coerce.number(),
  wait_ms: z.coerce.number().int().min(0).max(UPDATED_SINCE_MAX_WAIT_MS).optional(),
  changed_after_ms: z.coerce.number().optional(),
});

/** Media type of the columnar results answer (Arrow IPC stream). */
export const ARROW_STREAM_MEDIA_TYPE = 'application/vnd.apache.arrow.stream';
