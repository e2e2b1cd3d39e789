import type { FormData, QueryContextInput } from '@tessera/core';
import { buildTimeseriesQuery } from '../../shared/timeseries/buildTimeseriesQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildTimeseriesQuery(formData);
}
