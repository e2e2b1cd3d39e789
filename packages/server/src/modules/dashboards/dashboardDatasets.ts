import type { ExploreDataset, Principal } from '@tessera/core';
import { toExploreDataset } from '../datasets/datasourceData.js';
import type { DatasetsService } from '../datasets/datasets.service.js';

/** A dashboard dataset as `/datasets` answers it: the explorer's datasource, with Superset's `database.name`. */
export type DashboardDataset = Omit<ExploreDataset, 'database'> & {
  database: ExploreDataset['database'] & { name: string };
};

/**
 * The datasets of a dashboard's charts, each once, in chart order (Superset's datasets_trimmed_for_slices).
 * Datasets the caller may not read are left out: the dashboard shows those charts' access errors instead.
 */
export async function dashboardDatasets(
  principal: Principal,
  charts: { datasource_id: number; datasource_type: string }[],
  datasets: DatasetsService,
): Promise<DashboardDataset[]> {
  const ids = [...new Set(charts.filter((c) => c.datasource_type === 'table').map((c) => c.datasource_id))];
  const out: DashboardDataset[] = [];
  for (const id of ids) {
    if (!(await datasets.findVisible(principal, id))) continue;
    const ds = toExploreDataset(await datasets.show(principal, id));
    out.push({ ...ds, database: { ...ds.database, name: ds.database.database_name } });
  }
  return out;
}
