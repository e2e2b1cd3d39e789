import { parseDatasourceKey, type FormData, type QueryContextInput, type QueryObject } from '../contracts/chartData.js';
import { buildQueryObject } from './buildQueryObject.js';

export class InvalidDatasourceKeyError extends Error {
  constructor(key: unknown) {
    super(`Invalid datasource: ${String(key)}`);
    this.name = 'InvalidDatasourceKeyError';
  }
}

/**
 * The body of `POST /api/v1/chart/data` for a chart's form data. `buildQuery` turns the shared query object into
 * the chart's queries (one by default); empty post-processing steps (operators that did not apply) are dropped.
 */
export function buildQueryContext(formData: FormData, buildQuery: (base: QueryObject) => QueryObject[] = (base) => [base]): QueryContextInput {
  const datasource = parseDatasourceKey(String(formData.datasource ?? ''));
  if (!datasource) throw new InvalidDatasourceKeyError(formData.datasource);
  const queries = buildQuery(buildQueryObject(formData)).map((query) =>
    Array.isArray(query.post_processing) ? { ...query, post_processing: query.post_processing.filter((rule) => rule !== null && rule !== undefined) } : query,
  );
  return {
    datasource,
    force: formData.force === true,
    queries,
    form_data: formData,
    result_format: 'json',
    result_type: 'full',
  };
}
