import { ROUTES } from '../../../routes';

/** The explorer on a new chart: Superset's `/explore/?viz_type=<key>&datasource=<id>__table`, which our explorer reads. */
export function newChartPath(datasetId: number, vizType: string): string {
  const params = new URLSearchParams({ viz_type: vizType, datasource: `${datasetId}__table` });
  return `${ROUTES.explore}?${params.toString()}`;
}
