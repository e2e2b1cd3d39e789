import { parseDatasourceKey, type FormData } from '@tessera/core';
import type { ChartCreate } from '../../../api/chartApi';
import type { ExploreSlice } from '../../../api/exploreApi';
import type { ChartPlugin } from '../../../viz/types';

export type SaveAction = 'overwrite' | 'saveas';

export const SAVE_MESSAGES = {
  saved: 'Chart [%s] has been saved',
  overwritten: 'Chart [%s] has been overwritten',
  dashboardCreated: 'Dashboard [%s] just got created and chart [%s] was added to it',
  addedToDashboard: 'Chart [%s] was added to dashboard [%s]',
} as const;

/** Fills `%s` placeholders in order. */
export const fill = (template: string, ...values: string[]) => values.reduce((text, value) => text.replace('%s', value), template);

const dashboardIdsOf = (slice: ExploreSlice | null): number[] => (slice?.dashboards ?? []).map((d) => (typeof d === 'number' ? d : d.id));

/**
 * The body of POST /api/v1/chart/ (save as) or PUT /api/v1/chart/<id> (overwrite), facts §2.4. Overwrite keeps the
 * chart's dashboards and adds the chosen one; save as puts the new chart only on the chosen dashboard.
 */
export function buildChartPayload({
  action,
  sliceName,
  formData,
  slice,
  dashboardId,
  plugin,
}: {
  action: SaveAction;
  sliceName: string;
  formData: FormData;
  slice: ExploreSlice | null;
  dashboardId: number | null;
  plugin: ChartPlugin | undefined;
}): ChartCreate {
  const datasource = parseDatasourceKey(formData.datasource);
  if (!datasource) throw new Error(`Invalid datasource ${formData.datasource}`);
  const params: FormData = { ...formData };
  delete params.slice_id;
  if (action === 'overwrite' && slice) params.slice_id = slice.slice_id;
  const existing = action === 'overwrite' ? dashboardIdsOf(slice) : [];
  const dashboards = dashboardId !== null && !existing.includes(dashboardId) ? [...existing, dashboardId] : existing;
  let queryContext: string | null;
  try {
    queryContext = plugin ? JSON.stringify({ ...plugin.buildQuery(params), form_data: params }) : null;
  } catch {
    queryContext = null; // an unbuildable query must not block the save
  }
  return {
    slice_name: sliceName,
    viz_type: formData.viz_type,
    params: JSON.stringify(params),
    query_context: queryContext,
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    dashboards,
  };
}
