import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import type { DashboardsService } from '../dashboards/index.js';
import { EmbeddedRepository } from './embedded.repository.js';
import { embeddedRoutes } from './embedded.routes.js';
import { EmbeddedService } from './embedded.service.js';
import { appBootstrap } from '../web/appBootstrap.js';
import { embeddedPageRoutes } from './embeddedPage.routes.js';

export { EmbeddedService } from './embedded.service.js';

export interface EmbeddedModuleDeps extends ModuleDeps {
  dashboards: DashboardsService;
}

/** Embedded dashboards: their configuration API and the `/embedded/<uuid>` page (facts §5 embedded). */
export function embeddedModule(deps: EmbeddedModuleDeps) {
  const service = new EmbeddedService(new EmbeddedRepository(deps.ctx.db), deps.dashboards);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(embeddedRoutes(service));
    await app.register(embeddedPageRoutes(service, deps.ctx.config.webDist, () => appBootstrap(deps.ctx.config)));
  };
  return Object.assign(register, { service });
}
