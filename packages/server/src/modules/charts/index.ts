import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { thumbnailUrlOf } from '../../screenshots/chartDigest.js';
import { DatasetsRepository } from '../datasets/datasets.repository.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { ChartsRepository } from './charts.repository.js';
import { chartsRoutes } from './charts.routes.js';
import { ChartsService } from './charts.service.js';
import { DashboardLinks } from './dashboardLinks.js';
import { FavoritesRepository } from './favorites.repository.js';

export { ChartsService, type ChartForData } from './charts.service.js';
export { FavoritesRepository, type FavoriteClass } from './favorites.repository.js';

export interface ChartsModuleDeps extends DataModuleDeps {
  datasets: DatasetsService;
}

/** Charts (slices): CRUD, list, favorites (facts §2.4). */
export function chartsModule(deps: ChartsModuleDeps) {
  const favorites = new FavoritesRepository(deps.ctx.db);
  const repo = new ChartsRepository(deps.ctx.db, new DatasetsRepository(deps.ctx.db), favorites);
  const thumbnails = deps.ctx.config.thumbnails.enabled ? thumbnailUrlOf : undefined;
  const service = new ChartsService(repo, favorites, deps.datasets, new DashboardLinks(deps.ctx.db), thumbnails, deps.ctx.log);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(chartsRoutes(service));
  };
  return Object.assign(register, { service, favorites });
}
