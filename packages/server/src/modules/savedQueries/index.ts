import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { registerFormFields } from '../tabState/formFields.js';
import { SavedQueriesRepository } from './savedQueries.repository.js';
import { savedQueriesRoutes } from './savedQueries.routes.js';
import { SavedQueriesService } from './savedQueries.service.js';
import { savedQueryLegacyRoutes } from './savedQueryLegacy.routes.js';

/** Saved queries: `/api/v1/saved_query/*` and the legacy `/savedqueryviewapi/api/*` form endpoints. */
export function savedQueriesModule(deps: DataModuleDeps) {
  const service = new SavedQueriesService(new SavedQueriesRepository(deps.ctx.db), deps.databases);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await registerFormFields(app);
    await app.register(savedQueriesRoutes(service, deps.databases));
    await app.register(savedQueryLegacyRoutes(service));
  };
  return Object.assign(register, { service });
}
