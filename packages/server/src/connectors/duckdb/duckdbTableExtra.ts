import { groupDigits, metadataOf, tableExtraOf, type TableExtra } from '../sql/tableExtra.js';
import type { RowQuery } from './duckdbMetadata.js';

/**
 * Catalog facts of a DuckDB table or view from duckdb_tables() / duckdb_views(): kind, comment, the
 * row estimate DuckDB keeps and the column count. `{}` when the table is gone.
 */
export async function duckdbTableExtra(query: RowQuery, schema: string, table: string): Promise<TableExtra> {
  const [row] = await query(
    `SELECT 'table' AS kind, comment, temporary, estimated_size, column_count FROM duckdb_tables()
       WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
     UNION ALL
     SELECT 'view', comment, temporary, NULL, column_count FROM duckdb_views()
       WHERE database_name = current_database() AND schema_name = $1 AND view_name = $2 AND NOT internal`,
    [schema, table],
  );
  if (!row) return {};
  return tableExtraOf({
    metadata: metadataOf([
      ['Type', row.temporary === true ? `temporary ${String(row.kind)}` : String(row.kind)],
      ['Comment', row.comment as string | null],
      ['Estimated rows', groupDigits(row.estimated_size)],
      ['Columns', groupDigits(row.column_count)],
    ]),
  });
}
