import type { ExploreDatasource } from '../../../viz/types';

/** What SQL Lab opens a new tab with (router state `requestedQuery`). */
export interface SqlLabRequest {
  sql: string;
  dbId?: number;
  schema?: string | null;
  datasourceKey: string;
}

/** The fields of the explore bootstrap's dataset that say where it lives (the explorer keeps the whole answer). */
interface DatasetSource {
  database?: { id?: number; backend?: string | null } | null;
  schema?: string | null;
  table_name?: string | null;
  sql?: string | null;
}

/** A name quoted the way its database reads identifiers: backticks for MySQL and MariaDB, double quotes elsewhere. */
function quoteName(name: string, backend: string | null | undefined): string {
  if (backend === 'mysql' || backend === 'mariadb') return `\`${name.replaceAll('`', '``')}\``;
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * "View in SQL Lab": a virtual dataset's own SQL, a physical one's first rows (Superset's select_star), in a new
 * tab on the dataset's database and schema.
 */
export function sqlLabRequestFor(datasource: ExploreDatasource): SqlLabRequest {
  const source = datasource as ExploreDatasource & DatasetSource;
  const backend = source.database?.backend ?? null;
  const table = source.table_name ?? datasource.name;
  const qualified = source.schema ? `${quoteName(source.schema, backend)}.${quoteName(table, backend)}` : quoteName(table, backend);
  const sql = source.sql?.trim() ? source.sql : `SELECT *\nFROM ${qualified}\nLIMIT 100`;
  return {
    sql,
    ...(typeof source.database?.id === 'number' ? { dbId: source.database.id } : {}),
    schema: source.schema ?? null,
    datasourceKey: datasource.uid,
  };
}
