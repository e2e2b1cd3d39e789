import type { SqlTable } from '../../../api/savedQueryApi';

/** Display names of `sql_tables` entries: `schema.table` when the schema is known. */
export function sqlTableNames(tables: readonly SqlTable[] | null | undefined): string[] {
  return (tables ?? []).map((entry) =>
    typeof entry === 'string' ? entry : [entry.catalog, entry.schema, entry.table].filter(Boolean).join('.'),
  );
}
