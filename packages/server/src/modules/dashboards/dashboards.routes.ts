import type { FastifyInstance } from 'fastify';
import { dashboardCreateSchema, hasPermission } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { filtersInfo, listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { FAB_TEXT_OPS } from '../../metadata-store/fabColumnFilter.js';
import { idsFromRison } from '../charts/charts.routes.js';
import { DASHBOARD_ORDER } from './dashboards.repository.js';
import type { DashboardsService } from './dashboards.service.js';
import { LIST_COLUMNS } from './dashboardViews.js';

const READ = { permission: ['can_read', 'Dashboard'] as const };
const WRITE = { permission: ['can_write', 'Dashboard'] as const };

function idOrSlug(params: unknown): string {
  const value = (params as { id_or_slug?: unknown }).id_or_slug;
  if (typeof value !== 'string' || value === '') throw notFound();
  return value;
}

/** `/api/v1/dashboard/*`, the part the chart save modal and lists need (facts §2.5). */
export function dashboardsRoutes(service: DashboardsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, unknown>;

    app.get('/api/v1/dashboard/', { config: READ }, async (request) => {
      const { rows, count } = await service.list(request.principal, parseListQuery(query(request).q));
      return listResponse(rows, count, { title: 'List Dashboard', columns: LIST_COLUMNS, orderColumns: Object.keys(DASHBOARD_ORDER) });
    });

    app.get('/api/v1/dashboard/_info', { config: READ }, async (request) => ({
      permissions: ['can_read', 'can_write', 'can_export'].filter((p) => hasPermission(request.principal, p, 'Dashboard')),
      add_columns: [],
      edit_columns: [],
      filters: {
        ...filtersInfo({ dashboard_title: ['title_or_slug', ...FAB_TEXT_OPS] }),
        id: [{ name: 'Is favorite', operator: 'dashboard_is_favorite' }],
        owners: [{ name: 'Relation as many', operator: 'rel_m_m' }],
        published: [{ name: 'Equal to', operator: 'eq' }],
        created_by: [{ name: 'Relation', operator: 'rel_o_m' }, { name: 'Created by me', operator: 'dashboard_created_by_me' }],
      },
    }));

    app.get('/api/v1/dashboard/favorite_status/', { config: READ }, async (request) => ({
      result: await service.favoriteStatus(request.principal, idsFromRison(query(request).q)),
    }));

    app.get('/api/v1/dashboard/:id_or_slug', { config: READ }, async (request) =>
      showResponse(await service.show(request.principal, idOrSlug(request.params)), 'Show Dashboard'),
    );

    app.get('/api/v1/dashboard/:id_or_slug/charts', { config: READ }, async (request) => ({
      result: await service.chartsOf(request.principal, idOrSlug(request.params)),
    }));

    app.post('/api/v1/dashboard/', { config: WRITE }, async (request, reply) => {
      const created = await service.create(request.principal, parseInput(dashboardCreateSchema, request.body));
      return reply.code(201).send(created);
    });

    app.delete('/api/v1/dashboard/:pk', { config: WRITE }, async (request) => {
      await service.delete(request.principal, [pkParam(request.params)]);
      return { message: 'OK' };
    });

    app.delete('/api/v1/dashboard/', { config: WRITE }, async (request) => {
      const n = await service.delete(request.principal, idsFromRison(query(request).q));
      return { message: `Deleted ${n} dashboard${n === 1 ? '' : 's'}` };
    });

    for (const method of ['post', 'delete'] as const) {
      app[method]('/api/v1/dashboard/:pk/favorites/', { config: READ }, async (request) => {
        await service.setFavorite(request.principal, pkParam(request.params), method === 'post');
        return { result: 'OK' };
      });
    }
  };
}
