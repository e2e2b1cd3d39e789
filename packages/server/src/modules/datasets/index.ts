import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { DatasetsRepository } from './datasets.repository.js';
import { datasetsRoutes } from './datasets.routes.js';
import { DatasetsService } from './datasets.service.js';
import { sqlGuardOf } from '../security/sqlGuard.js';

/** Datasets: create, show, list, edit, refresh, duplicate, related objects, delete. */
export function datasetsModule(deps: DataModuleDeps) {
  const service = new DatasetsService(new DatasetsRepository(deps.ctx.db), deps.databases, deps.security, sqlGuardOf(deps.ctx));
  service.registerGuards();
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(datasetsRoutes(service));
  };
  return Object.assign(register, { service });
}
