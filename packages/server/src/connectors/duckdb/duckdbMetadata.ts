import type { TableDetails, TableInfo } from '../types.js';

export type RowQuery = (sql: string, params?: (string | number)[]) => Promise<Record<string, unknown>[]>;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Catalog queries over DuckDB's duckdb_* table functions, limited to the attached main database. */
export async function duckdbSchemas(query: RowQuery): Promise<string[]> {
  const rows = await query(
    `SELECT schema_name FROM information_schema.schemata
     WHERE catalog_name = current_database() AND schema_name NOT IN ('information_schema', 'pg_catalog')
     ORDER BY schema_name`,
  );
  return rows.map((r) => str(r.schema_name));
}

export async function duckdbTables(query: RowQuery, schema: string): Promise<TableInfo[]> {
  const rows = await query(
    `SELECT table_name AS name, 'table' AS type FROM duckdb_tables()
       WHERE database_name = current_database() AND schema_name = $1
     UNION ALL
     SELECT view_name, 'view' FROM duckdb_views()
       WHERE database_name = current_database() AND schema_name = $1 AND NOT internal
     ORDER BY name`,
    [schema],
  );
  return rows.map((r) => ({ name: str(r.name), type: r.type === 'view' ? 'view' : 'table' }));
}

/** DuckDB lists index columns as an expression list text: `[ts, "Name"]`. */
export function parseIndexExpressions(text: string): string[] {
  const inner = text.trim().replace(/^\[/, '').replace(/\]$/, '');
  if (!inner) return [];
  return inner.split(/,\s*/).map((s) => s.replace(/^"(.*)"$/, '$1').replace(/""/g, '"'));
}

export async function duckdbTableDetails(query: RowQuery, schema: string, table: string): Promise<TableDetails | null> {
  const cols = await query(
    `SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns()
     WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
     ORDER BY column_index`,
    [schema, table],
  );
  if (cols.length === 0) return null;
  const [comment] = await query(
    `SELECT comment FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
     UNION ALL
     SELECT comment FROM duckdb_views() WHERE database_name = current_database() AND schema_name = $1 AND view_name = $2`,
    [schema, table],
  );
  const constraints = await query(
    `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
     FROM duckdb_constraints()
     WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
       AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
     ORDER BY constraint_index`,
    [schema, table],
  );
  const indexes = await query(
    `SELECT index_name, is_unique, expressions FROM duckdb_indexes()
     WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
     ORDER BY index_name`,
    [schema, table],
  );
  const pk = constraints.find((c) => c.constraint_type === 'PRIMARY KEY');
  return {
    name: table,
    schema,
    columns: cols.map((c) => ({
      name: str(c.column_name),
      type: str(c.data_type).toUpperCase(),
      nullable: c.is_nullable === true,
      comment: strOrNull(c.comment),
    })),
    primaryKey: { name: pk ? strOrNull(pk.constraint_name) : null, columns: pk ? list(pk.constraint_column_names) : [] },
    foreignKeys: constraints
      .filter((c) => c.constraint_type === 'FOREIGN KEY')
      .map((c) => ({
        name: strOrNull(c.constraint_name),
        columns: list(c.constraint_column_names),
        // DuckDB foreign keys only reference tables of the same schema.
        referredSchema: schema,
        referredTable: str(c.referenced_table),
        referredColumns: list(c.referenced_column_names),
        options: {},
      })),
    indexes: indexes.map((i) => ({
      name: str(i.index_name),
      columns: parseIndexExpressions(str(i.expressions)),
      unique: i.is_unique === true,
    })),
    comment: strOrNull(comment?.comment),
  };
}
