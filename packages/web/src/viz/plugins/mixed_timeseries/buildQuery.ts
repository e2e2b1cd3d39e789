import type { FormData, QueryContextInput } from '@tessera/core';
import { buildQueryContext, buildQueryObject, removeFormDataSuffix, retainFormDataSuffix } from '../../shared/chartQuery';
import { timeseriesQueryObject } from '../../shared/timeseries/buildTimeseriesQuery';

/** The form data of query A and query B: `_b` keys (metrics_b, groupby_b ...) become the plain keys of B. */
export function splitMixedFormData(formData: FormData): [FormData, FormData] {
  return [removeFormDataSuffix(formData, '_b'), retainFormDataSuffix(formData, '_b')];
}

export function buildQuery(formData: FormData): QueryContextInput {
  const [a, b] = splitMixedFormData(formData);
  return buildQueryContext(formData, () => [timeseriesQueryObject(a, buildQueryObject(a)), timeseriesQueryObject(b, buildQueryObject(b))]);
}
