import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasPermission, MAX_ID, RLS_VIEW, rlsCreateSchema, rlsUpdateSchema } from '@tessera/core';
import { badRequest, notFound } from '../../app/httpErrors.js';
import { filtersInfo, listResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { relatedPage, relatedQuery } from '../security/relatedUsers.js';
import { RLS_FILTERABLE, RLS_ORDER_COLUMNS } from './rlsListQuery.js';
import { RLS_LIST_COLUMNS, RLS_SHOW_COLUMNS, toRlsResult } from './rlsViews.js';
import type { RowLevelSecurityService } from './rowLevelSecurity.service.js';

/** Superset's class permission name (RLSRestApi.class_permission_name), read and write. */
export const READ = { permission: ['can_read', RLS_VIEW] as const };
export const WRITE = { permission: ['can_write', RLS_VIEW] as const };

const idList = z.array(z.number().int().positive().max(MAX_ID)).min(1);

/** The ids of a bulk delete (`?q=!(1,2)`); anything else is a 400, as FAB answers. */
function bulkIds(q: unknown): number[] {
  const parsed = idList.safeParse(decodeRison(q));
  if (!parsed.success) throw badRequest('Not a valid rison argument');
  return parsed.data;
}

const queryOf = (request: { query: unknown }) => (request.query ?? {}) as Record<string, unknown>;

/** `/api/v1/rowlevelsecurity/*` in FAB's shapes (Superset's RLSRestApi). */
export function rowLevelSecurityRoutes(service: RowLevelSecurityService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/rowlevelsecurity/', { config: READ }, async (request) => {
      const { rows, count } = await service.list(parseListQuery(queryOf(request).q));
      return listResponse(rows, count, { title: 'List Row Level Security', columns: RLS_LIST_COLUMNS, orderColumns: RLS_ORDER_COLUMNS });
    });

    app.get('/api/v1/rowlevelsecurity/_info', { config: READ }, async (request) => ({
      permissions: ['can_read', 'can_write'].filter((p) => hasPermission(request.principal, p, RLS_VIEW)),
      add_columns: {},
      edit_columns: {},
      filters: filtersInfo(RLS_FILTERABLE),
    }));

    // Options of the modal's pickers: every dataset (`text` is its schema-qualified name) and every role.
    app.get('/api/v1/rowlevelsecurity/related/:column', { config: READ }, async (request) => {
      const { column } = request.params as { column: string };
      const rq = parseInput(relatedQuery, decodeRison(queryOf(request).q) ?? {});
      if (column === 'tables') {
        const tables = await service.relatedTables(rq.filter);
        return relatedPage(
          tables.map((t) => ({ value: t.id, text: t.schema ? `${t.schema}.${t.table_name}` : t.table_name })),
          rq,
        );
      }
      if (column === 'roles') return relatedPage((await service.relatedRoles(rq.filter)).map((r) => ({ value: r.id, text: r.name })), rq);
      throw notFound();
    });

    app.get('/api/v1/rowlevelsecurity/:pk', { config: READ }, async (request) => {
      const show = await service.show(pkParam(request.params));
      return { id: show.id, result: show, description_columns: {}, label_columns: {}, show_columns: RLS_SHOW_COLUMNS, show_title: 'Show Row Level Security' };
    });

    app.post('/api/v1/rowlevelsecurity/', { config: WRITE }, async (request, reply) => {
      const show = await service.create(request.principal, parseInput(rlsCreateSchema, request.body));
      return reply.code(201).send({ id: show.id, result: toRlsResult(show) });
    });

    app.put('/api/v1/rowlevelsecurity/:pk', { config: WRITE }, async (request) => {
      const show = await service.update(request.principal, pkParam(request.params), parseInput(rlsUpdateSchema, request.body));
      return { id: show.id, result: toRlsResult(show) };
    });

    app.delete('/api/v1/rowlevelsecurity/:pk', { config: WRITE }, async (request) => {
      await service.delete([pkParam(request.params)]);
      return { message: 'OK' };
    });

    // Superset says "rules" whatever the number (its ngettext has the same text for both).
    app.delete('/api/v1/rowlevelsecurity/', { config: WRITE }, async (request) => {
      const n = await service.delete(bulkIds(queryOf(request).q));
      return { message: `Deleted ${n} rules` };
    });
  };
}
