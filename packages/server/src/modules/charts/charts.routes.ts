import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chartCreateSchema, chartUpdateSchema, hasPermission, MAX_ID } from '@tessera/core';
import { badRequest, notFound } from '../../app/httpErrors.js';
import { filtersInfo, listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { relatedPage, relatedQuery } from '../security/relatedUsers.js';
import { CHART_FILTERABLE } from './chartListQuery.js';
import { CHART_ORDER } from './charts.repository.js';
import type { ChartsService } from './charts.service.js';
import { LIST_COLUMNS } from './chartViews.js';

const READ = { permission: ['can_read', 'Chart'] as const };
const WRITE = { permission: ['can_write', 'Chart'] as const };
const USER_RELATIONS = new Set(['owners', 'created_by', 'changed_by', 'last_saved_by']);
/**
 * Any integer ids, as Superset's rison schema takes them: one that names no chart (0, -1) is a 404 from the
 * service, not a parse error. Bounded to the id column's 32 bits so no store is asked for a value it cannot hold.
 */
const idList = z.array(z.number().int().min(-MAX_ID - 1).max(MAX_ID)).min(1);

export function idsFromRison(q: unknown): number[] {
  const parsed = idList.safeParse(decodeRison(q));
  if (!parsed.success) throw badRequest('Not a valid rison argument');
  return parsed.data;
}

/** `/api/v1/chart/*` in FAB's shapes (facts §2.0, §2.4). `/api/v1/chart/data` belongs to the chartData module. */
export function chartsRoutes(service: ChartsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, unknown>;

    app.get('/api/v1/chart/', { config: READ }, async (request) => {
      const { rows, count } = await service.list(request.principal, parseListQuery(query(request).q));
      return listResponse(rows, count, { title: 'List Slice', columns: LIST_COLUMNS, orderColumns: Object.keys(CHART_ORDER) });
    });

    app.get('/api/v1/chart/_info', { config: READ }, async (request) => ({
      permissions: ['can_read', 'can_write', 'can_export', 'can_warm_up_cache'].filter((p) => hasPermission(request.principal, p, 'Chart')),
      add_columns: [],
      edit_columns: [],
      filters: filtersInfo(CHART_FILTERABLE),
    }));

    // Options of the list's relation filters: people for owners/created_by/changed_by, dashboards for dashboards.
    app.get('/api/v1/chart/related/:column', { config: READ }, async (request) => {
      const { column } = request.params as { column: string };
      const rq = parseInput(relatedQuery, decodeRison(query(request).q) ?? {});
      let all: { value: number; text: string; extra: object }[];
      if (column === 'dashboards') all = await service.relatedDashboards(request.principal, rq.filter);
      else if (USER_RELATIONS.has(column)) all = await service.relatedOwners(rq.filter);
      else throw notFound();
      return relatedPage(all, rq);
    });

    app.get('/api/v1/chart/distinct/viz_type', { config: READ }, async (request) => {
      const types = await service.distinctVizTypes(request.principal);
      return { count: types.length, result: types.map((t) => ({ text: t, value: t })) };
    });

    app.get('/api/v1/chart/favorite_status/', { config: READ }, async (request) => ({
      result: await service.favoriteStatus(request.principal, idsFromRison(query(request).q)),
    }));

    // The rison `q` (columns/keys, e.g. `columns:!(dashboards.id)`) is accepted; the full result is returned.
    app.get('/api/v1/chart/:pk', { config: READ }, async (request) => {
      decodeRison(query(request).q);
      return showResponse(await service.show(request.principal, pkParam(request.params)), 'Show Slice');
    });

    app.post('/api/v1/chart/', { config: WRITE }, async (request, reply) => {
      const created = await service.create(request.principal, parseInput(chartCreateSchema, request.body));
      return reply.code(201).send(created);
    });

    app.put('/api/v1/chart/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      const result = await service.update(request.principal, id, parseInput(chartUpdateSchema, request.body));
      return { id, result };
    });

    app.delete('/api/v1/chart/:pk', { config: WRITE }, async (request) => {
      await service.delete(request.principal, [pkParam(request.params)]);
      return { message: 'OK' };
    });

    app.delete('/api/v1/chart/', { config: WRITE }, async (request) => {
      const n = await service.delete(request.principal, idsFromRison(query(request).q));
      return { message: `Deleted ${n} chart${n === 1 ? '' : 's'}` };
    });

    for (const method of ['post', 'delete'] as const) {
      app[method]('/api/v1/chart/:pk/favorites/', { config: READ }, async (request) => {
        await service.setFavorite(request.principal, pkParam(request.params), method === 'post');
        return { result: 'OK' };
      });
    }
  };
}
