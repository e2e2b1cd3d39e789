import type { ConnectorHandle, ResultColumn } from '../../connectors/types.js';
import { ApiError, unprocessable } from '../../app/httpErrors.js';
import { genericTypeOf } from '../../connectors/values.js';
import { renderTemplate, type TemplateParams } from '../../query-engine/renderTemplate.js';
import { templateContext } from '../../query-engine/template/templateContext.js';

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

/** The SQL guard's check of a virtual dataset's rendered SQL (modules/security/sqlGuard.ts). */
export type SqlCheck = (rendered: string) => Promise<void> | void;

/**
 * A virtual dataset's SQL rendered as its charts render it, given to `check` (SQL that fails to render is left
 * to the read of its columns, or to its charts, which fail the same way).
 */
export async function checkVirtualSql(handle: ConnectorHandle, sql: string, templateParams: TemplateParams, check: SqlCheck): Promise<void> {
  let rendered: string;
  try {
    rendered = renderTemplate(sql, templateParams, templateContext({ dialect: handle.connector.capabilities }));
  } catch {
    return;
  }
  await check(rendered);
}

/**
 * Virtual datasets: the columns of the query's result. One row is read (not zero) so engines that type
 * expressions by their values (SQLite) report a useful type.
 */
export async function virtualColumns(
  handle: ConnectorHandle,
  sql: string,
  action: 'created' | 'updated' = 'created',
  templateParams: TemplateParams = {},
  check: SqlCheck = () => undefined,
): Promise<InferredColumn[]> {
  let columns: ResultColumn[];
  try {
    // The SQL runs as charts run it: with its Jinja templates rendered from the dataset's parameters and the
    // macros a chart's datasource offers (datasourceResolver.ts).
    const params = { from_dttm: null, to_dttm: null, ...templateParams };
    const rendered = renderTemplate(sql, params, templateContext({ dialect: handle.connector.capabilities }));
    await check(rendered);
    columns = (await handle.execute(wrapVirtualSql(rendered), { limit: 1 })).columns;
  } catch (err) {
    // The SQL guard's refusal is the answer as it is.
    if (err instanceof ApiError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw unprocessable({ sql: [`Dataset could not be ${action}: ${message}`] });
  }
  return columns.map((c) => ({ name: c.name, type: c.type, isDttm: c.genericType === 'Temporal' }));
}
