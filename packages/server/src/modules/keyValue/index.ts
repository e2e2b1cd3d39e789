import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { registerFormFields } from '../tabState/formFields.js';
import { ApiError } from '../../app/httpErrors.js';
import { keyValueRoutes } from './keyValue.routes.js';
import { KeyValueService } from './keyValue.service.js';
import { SharedQueriesService } from './sharedQueries.service.js';

/** Key/value store: the legacy `/kv/` endpoints, SQL Lab permalinks, and `service` for other permalinks. */
export function keyValueModule(deps: DataModuleDeps) {
  const service = new KeyValueService(deps.ctx.db);
  const shared = new SharedQueriesService(service, (principal, id) =>
    deps.databases.findVisible(principal, id).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ApiError && err.statusCode === 404) return false;
        throw err;
      },
    ),
  );
  const register = async function register(app: FastifyInstance): Promise<void> {
    await registerFormFields(app);
    await app.register(keyValueRoutes(service, shared));
  };
  return Object.assign(register, { service });
}
