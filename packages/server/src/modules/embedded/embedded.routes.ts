import type { FastifyInstance } from 'fastify';
import { embeddedDashboardConfigSchema } from '@tessera/core';
import { parseInput } from '../../app/validate.js';
import type { EmbeddedService } from './embedded.service.js';

/** Reading follows the dashboard's visibility; changing needs can_write and ownership (checked by the service). */
const READ = { permission: ['can_read', 'Dashboard'] as const };
const WRITE = { permission: ['can_write', 'Dashboard'] as const };

const idOrSlugOf = (params: unknown) => (params as { id_or_slug: string }).id_or_slug;

/** `/api/v1/dashboard/<id_or_slug>/embedded` and `/api/v1/embedded_dashboard/<uuid>` (Superset's shapes). */
export function embeddedRoutes(service: EmbeddedService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/dashboard/:id_or_slug/embedded', { config: READ }, async (request) => ({
      result: await service.get(request.principal, idOrSlugOf(request.params)),
    }));

    // POST and PUT both create or replace (Superset's set_embedded answers both the same way).
    for (const method of ['post', 'put'] as const) {
      app[method]('/api/v1/dashboard/:id_or_slug/embedded', { config: WRITE }, async (request) => {
        const body = parseInput(embeddedDashboardConfigSchema, request.body);
        return { result: await service.set(request.principal, idOrSlugOf(request.params), body.allowed_domains) };
      });
    }

    app.delete('/api/v1/dashboard/:id_or_slug/embedded', { config: WRITE }, async (request) => {
      await service.delete(request.principal, idOrSlugOf(request.params));
      return { message: 'OK' };
    });

    app.get('/api/v1/embedded_dashboard/:uuid', { config: READ }, async (request) => ({
      result: await service.show(request.principal, (request.params as { uuid: string }).uuid),
    }));
  };
}
