import type { FastifyInstance } from 'fastify';
import type { KeyValueService } from '../keyValue/keyValue.service.js';
import type { DashboardLookup } from './dashboardLookup.js';
import { DashboardFilterStateService } from './dashboardFilterState.service.js';
import { DashboardPermalinksService } from './dashboardPermalinks.service.js';
import { dashboardStateRoutes } from './dashboardState.routes.js';

export type { DashboardLookup } from './dashboardLookup.js';

export interface DashboardStateModuleDeps {
  keyValue: KeyValueService;
  dashboards: DashboardLookup;
}

/** Dashboard permalinks and filter state, both kept in the key/value table and checked against the dashboard's access. */
export function dashboardStateModule(deps: DashboardStateModuleDeps) {
  const permalinks = new DashboardPermalinksService(deps.keyValue, deps.dashboards);
  const filterState = new DashboardFilterStateService(deps.keyValue, deps.dashboards);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(dashboardStateRoutes(permalinks, filterState));
  };
  return Object.assign(register, { permalinks, filterState });
}
