import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import { RowLevelFilters } from './rowLevelFilters.js';
import { RowLevelSecurityRepository } from './rowLevelSecurity.repository.js';
import { rowLevelSecurityRoutes } from './rowLevelSecurity.routes.js';
import { RowLevelSecurityService } from './rowLevelSecurity.service.js';

export type { RowLevelSecurityForData, RowLevelSecurityService } from './rowLevelSecurity.service.js';

/**
 * Row level security: `/api/v1/rowlevelsecurity/*` (admins), and the service the data paths read the rules through
 * (chart data for every query on a dataset, SQL Lab for its refusal).
 */
export function rowLevelSecurityModule(deps: ModuleDeps) {
  const repo = new RowLevelSecurityRepository(deps.ctx.db);
  const service = new RowLevelSecurityService(repo, new RowLevelFilters(repo));
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(rowLevelSecurityRoutes(service));
  };
  return Object.assign(register, { service });
}
