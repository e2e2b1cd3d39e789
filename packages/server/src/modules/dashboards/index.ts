import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { FavoritesRepository } from '../charts/favorites.repository.js';
import { dashboardThumbnailUrls } from '../dashboardScreenshots/dashboardThumbnailUrls.js';
import { DatasetsRepository } from '../datasets/datasets.repository.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { DashboardEditsService } from './dashboardEdits.service.js';
import { DashboardsRepository } from './dashboards.repository.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { DashboardsService } from './dashboards.service.js';

export { DashboardsService } from './dashboards.service.js';

export interface DashboardsModuleDeps extends DataModuleDeps {
  charts: ChartsService;
  favorites: FavoritesRepository;
  /** For `/datasets`; without it that endpoint lists none (older composition roots). */
  datasets?: DatasetsService;
}

/** Dashboards: list, show, create, save, copy, colours, native filters, charts/datasets/tabs, favorites (facts §2.5). */
export function dashboardsModule(deps: DashboardsModuleDeps) {
  const repo = new DashboardsRepository(deps.ctx.db, new DatasetsRepository(deps.ctx.db), deps.favorites);
  const options = { rbac: deps.ctx.config.charts.dashboardRbac, thumbnailUrls: dashboardThumbnailUrls(deps.ctx.db, deps.ctx.config.thumbnails.enabled) };
  const service = new DashboardsService(repo, deps.favorites, deps.charts, options);
  const edits = new DashboardEditsService(repo, service, deps.datasets ?? null);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(dashboardsRoutes({ service, edits, repo, datasets: deps.datasets ?? null, rbac: options.rbac }));
  };
  return Object.assign(register, { service, edits });
}
