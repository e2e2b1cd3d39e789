import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { registerFormFields } from '../tabState/formFields.js';
import { keyValueRoutes } from './keyValue.routes.js';
import { KeyValueService } from './keyValue.service.js';

/** Key/value store: the legacy `/kv/` endpoints, SQL Lab permalinks, and `service` for other permalinks. */
export function keyValueModule(deps: DataModuleDeps) {
  const service = new KeyValueService(deps.ctx.db);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await registerFormFields(app);
    await app.register(keyValueRoutes(service));
  };
  return Object.assign(register, { service });
}
