import {
  QueryCompileError,
  applyPostProcessing,
  buildQueryObject,
  compileQueryObject,
  rowLevelSecurityConditions,
  type CompileOptions,
  type CompiledQuery,
  type DatasourceDescriptor,
  type FormData,
  type PostProcessingRule,
  type QueryObject,
  type RowLevelSecurityGroups,
  type SqlDialect,
} from '@tessera/core';
import { ApiError, catalogueError, withTopMessage } from '../../app/httpErrors.js';

/**
 * The pure core steps the engine runs (compiler, post-processing), with their user errors turned into
 * HTTP answers: compile errors keep their catalogue type, unparsable time ranges are 400s.
 */

function userError(err: unknown): ApiError | null {
  // A sub-query in custom SQL is a security refusal in Superset (SupersetSecurityException): a 403, not a 400.
  if (err instanceof QueryCompileError) return catalogueError(err.errorType === 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR' ? 403 : 400, err.errorType, err.message, err.extra);
  if (err instanceof Error && err.name === 'TimeRangeError') return catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', err.message);
  return null;
}


export function compile(query: QueryObject, datasource: DatasourceDescriptor, dialect: SqlDialect, options: CompileOptions): CompiledQuery {
  try {
    return compileQueryObject(query, datasource, dialect, options);
  } catch (err) {
    const mapped = userError(err);
    if (mapped) throw withTopMessage(mapped);
    throw err;
  }
}

/** Row level security as WHERE conditions for SQL the engine writes itself (filter values), with the compiler's errors. */
export function rowLevelWhere(groups: RowLevelSecurityGroups, dialect: SqlDialect): string[] {
  try {
    return rowLevelSecurityConditions(groups, dialect);
  } catch (err) {
    const mapped = userError(err);
    if (mapped) throw withTopMessage(mapped);
    throw err;
  }
}

export function postProcess(
  rows: Record<string, unknown>[],
  rules: readonly PostProcessingRule[],
  colnames: readonly string[],
  temporalColumns: readonly string[],
): { data: Record<string, unknown>[]; colnames: string[] } {
  try {
    return applyPostProcessing(rows, [...rules], [...colnames], { temporalColumns });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // Post-processing options come from the client: a rule that cannot apply is the request's fault.
    throw withTopMessage(catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', err instanceof Error ? err.message : String(err)));
  }
}

/** Legacy form data (explore_json) as the generic query object the chart plugins build. */
export function buildLegacyQuery(formData: FormData): QueryObject {
  try {
    return buildQueryObject(formData);
  } catch (err) {
    const mapped = userError(err);
    if (mapped) throw withTopMessage(mapped);
    throw withTopMessage(catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', err instanceof Error ? err.message : String(err)));
  }
}
