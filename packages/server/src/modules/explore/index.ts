import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import type { ChartsService } from '../charts/charts.service.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import type { KeyValueService } from '../keyValue/keyValue.service.js';
import { exploreRoutes } from './explore.routes.js';
import { ExploreRepository } from './explore.repository.js';
import { ExploreService } from './explore.service.js';
import { sqlGuardOf } from '../security/sqlGuard.js';
import { QueryDatasources } from './queryDatasource.js';

export interface ExploreModuleDeps extends DataModuleDeps {
  datasets: DatasetsService;
  keyValue: KeyValueService;
  charts: ChartsService;
}

/** Explore bootstrap, explore permalinks and the form-data cache (facts §2.4, §2.6). */
export function exploreModule(deps: ExploreModuleDeps) {
  const queries = new QueryDatasources(new ExploreRepository(deps.ctx.db), deps.databases, sqlGuardOf(deps.ctx));
  const service = new ExploreService(deps.datasets, deps.charts, deps.keyValue, queries);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(exploreRoutes(service));
  };
  return Object.assign(register, { service });
}
