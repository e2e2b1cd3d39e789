import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { registerFormFields } from './formFields.js';
import { sqllabBootstrap } from './sqllabBootstrap.js';
import { TabStateRepository } from './tabState.repository.js';
import { tabStateRoutes } from './tabState.routes.js';
import { TabStateService } from './tabState.service.js';

/** SQL Lab editor tabs persisted per user (legacy `/tabstateview/`, `/tableschemaview/`) and the page bootstrap. */
export function tabStateModule(deps: DataModuleDeps) {
  const repo = new TabStateRepository(deps.ctx.db);
  const service = new TabStateService(repo, deps.databases);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await registerFormFields(app);
    await app.register(tabStateRoutes(service));
    app.get('/api/v1/sqllab/', { config: { permission: ['can_read', 'SQLLab'] } }, async (request) => ({
      result: await sqllabBootstrap(request.principal, { config: deps.ctx.config, databases: deps.databases, repo, tabs: service }),
    }));
  };
  return Object.assign(register, { service });
}
