import type { ChartShow, ChartUpdate } from '../../../api/chartApi';
import { VALIDATION_MESSAGES } from '../../../viz/validators';

export interface ChartPropertiesValues {
  slice_name: string;
  description: string;
  /** Seconds as typed; empty means the dataset's / database's default, -1 bypasses the cache. */
  cache_timeout: string;
  certified_by: string;
  certification_details: string;
  owners: number[];
}

export function chartPropertiesValues(chart: ChartShow): ChartPropertiesValues {
  return {
    slice_name: chart.slice_name,
    description: chart.description ?? '',
    cache_timeout: chart.cache_timeout === null || chart.cache_timeout === undefined ? '' : String(chart.cache_timeout),
    certified_by: chart.certified_by ?? '',
    certification_details: chart.certification_details ?? '',
    owners: (chart.owners ?? []).map((owner) => owner.id),
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The field error of a typed cache timeout (spec §5 integer check; -1 is the lowest meaningful value), or null. */
export function cacheTimeoutError(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (!/^-?\d+$/.test(value)) return `Cache timeout ${VALIDATION_MESSAGES.integer}`;
  return Number(value) < -1 ? 'Cache timeout cannot be less than -1' : null;
}

/** `PUT /api/v1/chart/<id>` body of the properties modal. Certification details only count with a certifier. */
export function chartPropertiesPayload(values: ChartPropertiesValues): ChartUpdate {
  const certifiedBy = orNull(values.certified_by);
  return {
    slice_name: values.slice_name.trim(),
    description: orNull(values.description),
    cache_timeout: values.cache_timeout.trim() ? Number(values.cache_timeout.trim()) : null,
    certified_by: certifiedBy,
    certification_details: certifiedBy ? orNull(values.certification_details) : null,
    owners: values.owners,
  };
}
