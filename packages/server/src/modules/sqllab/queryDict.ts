import type { LimitingFactor, QueryDict, QueryState } from '@tessera/core';
import type { Selectable } from 'kysely';
import type { QueryTable } from '../../metadata-store/sqllabSchema.js';

export type QueryRow = Selectable<QueryTable>;

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Superset's Query.to_dict(): the shape the SQL Lab client stores for every run. */
export function toQueryDict(row: QueryRow, db: { database_name: string }, user: { username: string } | null): QueryDict {
  return {
    changed_on: row.changed_on,
    dbId: row.database_id,
    db: db.database_name,
    endDttm: row.end_time,
    errorMessage: row.error_message,
    executedSql: row.executed_sql,
    id: row.client_id,
    queryId: row.id,
    limit: row.limit,
    limitingFactor: row.limiting_factor as LimitingFactor,
    progress: row.progress,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    ctas: row.select_as_cta === 1,
    serverId: row.id,
    sql: row.sql,
    sqlEditorId: row.sql_editor_id,
    startDttm: row.start_time ?? 0,
    state: row.status as QueryState,
    tab: row.tab_name,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: user?.username ?? null,
    resultsKey: row.results_key,
    trackingUrl: row.tracking_url,
    extra: { ...parseJson<Record<string, unknown>>(row.extra_json, {}), errors: parseJson<unknown[]>(row.errors_json, []) },
  };
}
