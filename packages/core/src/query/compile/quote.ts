import { QueryCompileError, type DatasourceDescriptor, type SqlDialect } from '../types.js';
import { lexExpression, lexOptionsOf } from './lexExpression.js';

/**
 * Quoting is the only way user text reaches SQL outside a checked custom expression, so it is strict:
 * NUL never reaches an engine (PostgreSQL rejects it, SQLite may cut the statement there), quotes are doubled,
 * and backslashes are doubled for engines that read them as escapes.
 */
function rejectNul(text: string, what: string): void {
  if (text.includes('\u0000')) throw new QueryCompileError(`${what} cannot contain the NUL character.`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
}

export function quoteIdentifier(name: string, dialect: SqlDialect): string {
  rejectNul(name, 'Column names and labels');
  if (name === '') throw new QueryCompileError('Column names and labels cannot be empty.', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  const q = dialect.identifierQuote;
  return q + name.split(q).join(q + q) + q;
}

export function quoteString(value: string, dialect: SqlDialect): string {
  rejectNul(value, 'Filter values');
  const escaped = dialect.stringEscape === 'backslash' ? value.split('\\').join('\\\\') : value;
  return `'${escaped.split("'").join("''")}'`;
}

/** `FROM` target: a quoted `schema.table`, or a virtual dataset's SQL as a derived table. */
export function fromClause(datasource: DatasourceDescriptor, dialect: SqlDialect): string {
  if (datasource.sql !== null && datasource.sql.trim() !== '') {
    // Trailing semicolons (and comments around them) would end the statement; the newline keeps a remaining
    // `--` comment from eating the alias.
    const tokens = lexExpression(datasource.sql, lexOptionsOf(dialect));
    let last = tokens.length - 1;
    while (last >= 0 && ['ws', 'comment', 'semicolon'].includes(tokens[last]!.kind)) last--;
    const inner = datasource.sql.slice(0, last >= 0 ? tokens[last]!.end : 0);
    return `(\n${inner}\n) AS virtual_table`;
  }
  const table = quoteIdentifier(datasource.table_name, dialect);
  return datasource.schema ? `${quoteIdentifier(datasource.schema, dialect)}.${table}` : table;
}

/** Substitutes `{name}` placeholders of a dialect template (time grains, timestamp literals). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/gu, (whole, key: string) => values[key] ?? whole);
}
