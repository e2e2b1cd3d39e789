import { layoutChartIds, validatePositionJson } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import type { DashboardsRepository } from './dashboards.repository.js';

/**
 * A `position_json` text checked against the layout rules and the saved charts (400 with the reason under
 * `position_json`); answers the chart ids it holds, which become the dashboard's charts on a save.
 */
export async function checkedLayout(repo: Pick<DashboardsRepository, 'existingChartIds'>, text: string): Promise<number[]> {
  let ids: number[] = [];
  try {
    ids = layoutChartIds(JSON.parse(text));
  } catch {
    /* validatePositionJson names the problem */
  }
  const existing = await repo.existingChartIds(ids);
  const reason = validatePositionJson(text, { chartExists: (id) => existing.has(id) });
  if (reason) throw badRequest({ position_json: [reason] });
  return ids;
}
