import {
  ConnectorError,
  QueryCancelledError,
  connectionErrors,
  errorMessage,
  queryErrors,
} from '../connectorError.js';
import type { ErrorContext } from '../types.js';

const first = (re: RegExp, text: string) => re.exec(text)?.[1] ?? null;
const unquote = (s: string) => s.replace(/^"(.*)"$/, '$1');

/** The streaming API prefixes errors raised while splitting the text (`Failed to extract statements: Parser Error: ...`). */
const WRAPPER = /^Failed to extract statements: (?=[\s\S])/;

/** DuckDB reports errors as "<Kind> Error: <text>"; the kind and text decide the catalogue type. */
export function mapDuckdbError(error: unknown, ctx: ErrorContext): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const message = errorMessage(error).replace(WRAPPER, '');
  if (/^INTERRUPT Error|Interrupted!?$/m.test(message)) return new QueryCancelledError(ctx.engineName, { cause: error });
  if (/^IO Error: Cannot open database .* database does not exist/.test(message) || /No such file or directory/.test(message)) {
    return connectionErrors.unknownDatabase(ctx, error);
  }
  if (/^Parser Error:/.test(message)) return queryErrors.syntax(ctx, first(/at or near "(.*?)"/, message), message, error);
  const missingSchema =
    first(/because schema "?([^"\s]+)"? does not exist/, message) ??
    first(/Schema with name "?([^"\s!]+)"? does not exist/, message) ??
    first(/No catalog \+ schema named "(?:[^"]*\.)?([^".]+)" found/, message);
  if (/^Catalog Error:/.test(message) && missingSchema) return queryErrors.schemaMissing(ctx, missingSchema, error);
  const table = first(/Table with name ("[^"]+"|[^\s!]+) does not exist/, message);
  if (table) return queryErrors.tableMissing(ctx, unquote(table), error);
  const column = first(/Referenced column "(.*?)" not found/, message) ?? first(/[Cc]olumn "?([^"\s]+)"? (?:not found|does not exist)/, message);
  if (column) return queryErrors.columnMissing(ctx, column, error);
  return queryErrors.generic(ctx, message, error);
}
