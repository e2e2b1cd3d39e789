import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exploreFormDataCreateSchema, explorePermalinkCreateSchema, exploreQuerySchema } from '@tessera/core';
import { parseInput } from '../../app/validate.js';
import type { ExploreService } from './explore.service.js';
import { tabIdOf } from './formDataStore.js';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const keyOf = (request: FastifyRequest) => (request.params as { key: string }).key;
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const tabOf = (request: FastifyRequest) => tabIdOf(queryOf(request).tab_id);

const FORM_READ = { permission: ['can_read', 'ExploreFormDataRestApi'] as const };
const FORM_WRITE = { permission: ['can_write', 'ExploreFormDataRestApi'] as const };
const LINK_READ = { permission: ['can_read', 'ExplorePermalinkRestApi'] as const };
const LINK_WRITE = { permission: ['can_write', 'ExplorePermalinkRestApi'] as const };

/** `/api/v1/explore/*`: bootstrap, permalinks and the form-data cache (facts §2.4, §2.6). */
export function exploreRoutes(service: ExploreService) {
  return async function register(app: FastifyInstance): Promise<void> {
    // Opening the explorer is Superset's `can_explore` on the main application view (spec §6).
    app.get('/api/v1/explore/', { config: { permission: ['can_explore', 'Superset'] } }, async (request) => ({
      result: await service.bootstrap(request.principal, parseInput(exploreQuerySchema, request.query), queryOf(request)),
    }));

    app.post('/api/v1/explore/permalink', { config: LINK_WRITE }, async (request, reply) => {
      const key = await service.createPermalink(request.principal, parseInput(explorePermalinkCreateSchema, request.body));
      return reply.code(201).send({ key, url: `${origin(request)}/superset/explore/p/${key}/` });
    });

    app.get('/api/v1/explore/permalink/:key', { config: LINK_READ }, async (request) => service.getPermalink(request.principal, keyOf(request)));

    app.post('/api/v1/explore/form_data', { config: FORM_WRITE }, async (request, reply) => {
      const key = await service.createFormData(request.principal, parseInput(exploreFormDataCreateSchema, request.body), tabOf(request));
      return reply.code(201).send({ key });
    });

    app.get('/api/v1/explore/form_data/:key', { config: FORM_READ }, async (request) => ({
      form_data: await service.getFormData(request.principal, keyOf(request)),
    }));

    app.put('/api/v1/explore/form_data/:key', { config: FORM_WRITE }, async (request) => ({
      key: await service.updateFormData(request.principal, keyOf(request), parseInput(exploreFormDataCreateSchema, request.body), tabOf(request)),
    }));

    app.delete('/api/v1/explore/form_data/:key', { config: FORM_WRITE }, async (request) => {
      await service.deleteFormData(request.principal, keyOf(request), tabOf(request));
      return { message: 'Deleted successfully' };
    });
  };
}
