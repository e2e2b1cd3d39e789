import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { FavoritesRepository } from '../charts/favorites.repository.js';
import { DatasetsRepository } from '../datasets/datasets.repository.js';
import { DashboardsRepository } from './dashboards.repository.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { DashboardsService } from './dashboards.service.js';

export { DashboardsService } from './dashboards.service.js';

export interface DashboardsModuleDeps extends DataModuleDeps {
  charts: ChartsService;
  favorites: FavoritesRepository;
}

/** Dashboards: what the chart save modal needs (create, list, show, favorites). */
export function dashboardsModule(deps: DashboardsModuleDeps) {
  const repo = new DashboardsRepository(deps.ctx.db, new DatasetsRepository(deps.ctx.db), deps.favorites);
  const service = new DashboardsService(repo, deps.favorites, deps.charts);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(dashboardsRoutes(service));
  };
  return Object.assign(register, { service });
}
