import type { FastifyInstance } from 'fastify';
import {
  dashboardColorsSchema,
  dashboardCopySchema,
  dashboardCreateSchema,
  dashboardFiltersSchema,
  dashboardUpdateSchema,
  hasPermission,
} from '@tessera/core';
import { badRequest, notFound } from '../../app/httpErrors.js';
import { filtersInfo, listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { FAB_TEXT_OPS } from '../../metadata-store/fabColumnFilter.js';
import { idsFromRison } from '../charts/charts.routes.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { relatedPage, relatedQuery } from '../security/relatedUsers.js';
import { dashboardDatasets } from './dashboardDatasets.js';
import type { DashboardEditsService } from './dashboardEdits.service.js';
import { DASHBOARD_ORDER, type DashboardsRepository } from './dashboards.repository.js';
import type { DashboardsService } from './dashboards.service.js';
import { dashboardTabs } from './dashboardTabs.js';
import { LIST_COLUMNS } from './dashboardViews.js';

export interface DashboardsRouteDeps {
  service: DashboardsService;
  edits: DashboardEditsService;
  repo: DashboardsRepository;
  datasets: DatasetsService | null;
  rbac: boolean;
}

const USER_RELATIONS = new Set(['owners', 'created_by', 'changed_by']);

/** `?mark_updated=` of the colours endpoint: true unless it says false (Superset's default). */
function markUpdated(query: Record<string, unknown>): boolean {
  const raw = query.mark_updated;
  if (raw === undefined) return true;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw badRequest({ mark_updated: ['Not a valid boolean.'] });
}

const READ = { permission: ['can_read', 'Dashboard'] as const };
const WRITE = { permission: ['can_write', 'Dashboard'] as const };

function idOrSlug(params: unknown): string {
  const value = (params as { id_or_slug?: unknown }).id_or_slug;
  if (typeof value !== 'string' || value === '') throw notFound();
  return value;
}

/** `/api/v1/dashboard/*` in Superset's shapes (facts §2.5). */
export function dashboardsRoutes({ service, edits, repo, datasets, rbac }: DashboardsRouteDeps) {
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
        id: [
          { name: 'Is favorite', operator: 'dashboard_is_favorite' },
          { name: 'Is certified', operator: 'dashboard_is_certified' },
        ],
        owners: [{ name: 'Relation as many', operator: 'rel_m_m' }],
        published: [{ name: 'Equal to', operator: 'eq' }],
        created_by: [{ name: 'Relation', operator: 'rel_o_m' }, { name: 'Created by me', operator: 'dashboard_created_by_me' }],
        changed_by: [{ name: 'Relation', operator: 'rel_o_m' }],
      },
    }));

    // Options of the list's people filters (owners, created by, modified by) and of the roles field.
    app.get('/api/v1/dashboard/related/:column', { config: READ }, async (request) => {
      const { column } = request.params as { column: string };
      const rq = parseInput(relatedQuery, decodeRison(query(request).q) ?? {});
      if (USER_RELATIONS.has(column)) return relatedPage(await repo.relatedOwners(rq.filter), rq);
      if (column === 'roles') return relatedPage(await repo.relatedRoles(rq.filter), rq);
      throw notFound();
    });

    app.get('/api/v1/dashboard/favorite_status/', { config: READ }, async (request) => ({
      result: await service.favoriteStatus(request.principal, idsFromRison(query(request).q)),
    }));

    app.get('/api/v1/dashboard/:id_or_slug', { config: READ }, async (request) =>
      showResponse(await service.show(request.principal, idOrSlug(request.params)), 'Show Dashboard'),
    );

    app.get('/api/v1/dashboard/:id_or_slug/charts', { config: READ }, async (request) => ({
      result: await service.chartsOf(request.principal, idOrSlug(request.params)),
    }));

    app.get('/api/v1/dashboard/:id_or_slug/datasets', { config: READ }, async (request) => {
      const row = await service.find(request.principal, idOrSlug(request.params));
      if (!datasets) return { result: [] };
      return { result: await dashboardDatasets(request.principal, await repo.chartDatasources(row.id), datasets) };
    });

    app.get('/api/v1/dashboard/:id_or_slug/tabs', { config: READ }, async (request) => {
      const row = await service.find(request.principal, idOrSlug(request.params));
      return { result: dashboardTabs(row.position_json) };
    });

    app.put('/api/v1/dashboard/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      return edits.update(request.principal, id, parseInput(dashboardUpdateSchema, request.body));
    });

    app.put('/api/v1/dashboard/:pk/colors', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      return edits.colors(request.principal, id, parseInput(dashboardColorsSchema, request.body), markUpdated(query(request)));
    });

    app.put('/api/v1/dashboard/:pk/filters', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      return edits.filters(request.principal, id, parseInput(dashboardFiltersSchema, request.body));
    });

    app.post('/api/v1/dashboard/:id_or_slug/copy/', { config: WRITE }, async (request) => {
      const copied = await edits.copy(request.principal, idOrSlug(request.params), parseInput(dashboardCopySchema, request.body), rbac);
      return { result: copied };
    });

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
