import { sql, type Kysely } from 'kysely';

/**
 * Charts name their dataset's type `table` (the API stores Superset's aliases `dataset`, `sl_table` and `view`
 * that way): rows saved with an alias before are brought in line, so every access check and list sees them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE slices SET datasource_type = 'table' WHERE datasource_type IN ('dataset', 'sl_table', 'view')`.execute(db);
}
