import type { ChartShow, ChartUpdate } from '../../../api/chartApi';

export interface ChartPropertiesValues {
  slice_name: string;
  description: string;
  /** Seconds; empty means the dataset's / database's default. */
  cache_timeout: number | null;
  certified_by: string;
  certification_details: string;
  owners: number[];
}

export function chartPropertiesValues(chart: ChartShow): ChartPropertiesValues {
  return {
    slice_name: chart.slice_name,
    description: chart.description ?? '',
    cache_timeout: chart.cache_timeout ?? null,
    certified_by: chart.certified_by ?? '',
    certification_details: chart.certification_details ?? '',
    owners: (chart.owners ?? []).map((owner) => owner.id),
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** `PUT /api/v1/chart/<id>` body of the properties modal. Certification details only count with a certifier. */
export function chartPropertiesPayload(values: ChartPropertiesValues): ChartUpdate {
  const certifiedBy = orNull(values.certified_by);
  return {
    slice_name: values.slice_name.trim(),
    description: orNull(values.description),
    cache_timeout: values.cache_timeout ?? null,
    certified_by: certifiedBy,
    certification_details: certifiedBy ? orNull(values.certification_details) : null,
    owners: values.owners,
  };
}
