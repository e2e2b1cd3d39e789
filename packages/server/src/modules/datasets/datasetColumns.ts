import type { ConnectorHandle, ResultColumn } from '../../connectors/types.js';
import { unprocessable } from '../../app/httpErrors.js';
import { genericTypeOf } from '../../connectors/values.js';
import { renderTemplate } from '../../query-engine/renderTemplate.js';

export interface InferredColumn {
  name: string;
  type: string;
  isDttm: boolean;
}

/** A table as Superset's messages name it (its `Table` printed): `schema.table`, or `table` without a schema. */
export const qualifiedName = (schema: string | null | undefined, table: string) => [schema, table].filter(Boolean).join('.');

const tableNotFoundMessage = (schema: string | null, table: string) =>
  `Table [${qualifiedName(schema, table)}] could not be found, please double check your database connection, schema, and table name`;

/** Physical datasets: the table's columns as the engine describes them; 422 when the table is missing. */
export async function physicalColumns(handle: ConnectorHandle, schema: string | null, table: string): Promise<InferredColumn[]> {
  const effectiveSchema = schema ?? handle.connector.capabilities.defaultSchema ?? (await handle.getSchemas())[0] ?? '';
  const details = await handle.getTableMetadata(effectiveSchema, table).catch(() => null);
  // Superset's TableNotFoundValidationError: the `table` field, naming the table as the request did.
  if (!details) throw unprocessable({ table: [tableNotFoundMessage(schema, table)] });
  return details.columns.map((c) => ({ name: c.name, type: c.type, isDttm: genericTypeOf(c.type) === 'Temporal' }));
}

/** A virtual dataset's SQL as a subquery; trailing semicolons would end the outer statement early. */
export function wrapVirtualSql(sql: string): string {
  return `SELECT * FROM (${sql.trim().replace(/;+\s*$/, '')}) AS virtual_table LIMIT 1`;
}

/**
 * Virtual datasets: the columns of the query's result. One row is read (not zero) so engines that type
 * expressions by their values (SQLite) report a useful type.
 */
export async function virtualColumns(
  handle: ConnectorHandle,
  sql: string,
  action: 'created' | 'updated' = 'created',
  templateContext: Record<string, unknown> = {},
): Promise<InferredColumn[]> {
  let columns: ResultColumn[];
  try {
    // The SQL runs as charts run it: with its Jinja templates rendered from the dataset's parameters.
    columns = (await handle.execute(wrapVirtualSql(renderTemplate(sql, templateContext)), { limit: 1 })).columns;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw unprocessable({ sql: [`Dataset could not be ${action}: ${message}`] });
  }
  return columns.map((c) => ({ name: c.name, type: c.type, isDttm: c.genericType === 'Temporal' }));
}
