import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dashboardPermalinkPath, dashboardPermalinkStateSchema, filterStateValueSchema, type DashboardPermalinkCreated } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { pkParam } from '../../app/params.js';
import { parseInput } from '../../app/validate.js';
import { tabIdOf } from '../explore/formDataStore.js';
import type { DashboardFilterStateService } from './dashboardFilterState.service.js';
import type { DashboardPermalinksService } from './dashboardPermalinks.service.js';

const LINK_READ = { permission: ['can_read', 'DashboardPermalinkRestApi'] as const };
const LINK_WRITE = { permission: ['can_write', 'DashboardPermalinkRestApi'] as const };
const STATE_READ = { permission: ['can_read', 'DashboardFilterStateRestApi'] as const };
const STATE_WRITE = { permission: ['can_write', 'DashboardFilterStateRestApi'] as const };

/** Keys are 22 url-safe characters; anything else names nothing (checked again against the store). */
const KEY = /^[A-Za-z0-9_-]{1,64}$/;

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const tabOf = (request: FastifyRequest) => tabIdOf(((request.query ?? {}) as Record<string, unknown>).tab_id);

function keyOf(request: FastifyRequest): string {
  const { key } = request.params as { key?: unknown };
  if (typeof key !== 'string' || !KEY.test(key)) throw notFound();
  return key;
}

/** Superset's permalink POST takes an id or a slug. */
function idOrSlugOf(request: FastifyRequest): string {
  const { pk } = request.params as { pk?: unknown };
  if (typeof pk !== 'string' || pk === '' || pk.length > 255) throw notFound();
  return pk;
}

/** `/api/v1/dashboard/<pk>/permalink`, `/api/v1/dashboard/permalink/<key>` and `/api/v1/dashboard/<pk>/filter_state[/<key>]` (facts §2.5). */
export function dashboardStateRoutes(permalinks: DashboardPermalinksService, filterState: DashboardFilterStateService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/v1/dashboard/:pk/permalink', { config: LINK_WRITE }, async (request, reply) => {
      const state = parseInput(dashboardPermalinkStateSchema, request.body);
      const key = await permalinks.create(request.principal, idOrSlugOf(request), state);
      const body: DashboardPermalinkCreated = { key, url: `${origin(request)}${dashboardPermalinkPath(key)}` };
      return reply.code(201).send(body);
    });

    app.get('/api/v1/dashboard/permalink/:key', { config: LINK_READ }, async (request) => permalinks.read(request.principal, keyOf(request)));

    app.post('/api/v1/dashboard/:pk/filter_state', { config: STATE_WRITE }, async (request, reply) => {
      const id = pkParam(request.params);
      const { value } = parseInput(filterStateValueSchema, request.body);
      return reply.code(201).send({ key: await filterState.create(request.principal, id, value, tabOf(request)) });
    });

    app.get('/api/v1/dashboard/:pk/filter_state/:key', { config: STATE_READ }, async (request) => ({
      value: await filterState.get(request.principal, pkParam(request.params), keyOf(request)),
    }));

    app.put('/api/v1/dashboard/:pk/filter_state/:key', { config: STATE_WRITE }, async (request) => {
      const id = pkParam(request.params);
      const { value } = parseInput(filterStateValueSchema, request.body);
      return { key: await filterState.update(request.principal, id, keyOf(request), value, tabOf(request)) };
    });

    app.delete('/api/v1/dashboard/:pk/filter_state/:key', { config: STATE_WRITE }, async (request) => {
      await filterState.delete(request.principal, pkParam(request.params), keyOf(request), tabOf(request));
      return { message: 'Deleted successfully' };
    });
  };
}
