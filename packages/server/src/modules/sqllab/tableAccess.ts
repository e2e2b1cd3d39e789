import { canAccessDatabase, canAccessTable, extractTables, tableAccessMessage, type Principal } from '@tessera/core';
import { catalogueError } from '../../app/httpErrors.js';

/**
 * Refuses a script that names a table the user may not read. Users with database access skip the parse;
 * others (schema or dataset grants only) must hold a grant for every table the SQL names.
 */
export function assertTableAccess(principal: Principal, db: { id: number; database_name: string }, defaultSchema: string | null, sql: string): void {
  if (canAccessDatabase(principal, db)) return;
  const denied = extractTables(sql)
    .map((ref) => ({ schema: ref.schema ?? defaultSchema, table: ref.table }))
    .filter((ref) => !canAccessTable(principal, db, ref.schema, ref.table))
    .map((ref) => (ref.schema ? `${ref.schema}.${ref.table}` : ref.table));
  if (denied.length) throw catalogueError(403, 'TABLE_SECURITY_ACCESS_ERROR', tableAccessMessage(denied), { tables: denied });
}
