import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasPermission, savedQueryCreateSchema, savedQueryUpdateSchema } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import type { DatabasesService } from '../databases/databases.service.js';
import { SAVED_QUERY_ORDER } from './savedQueries.repository.js';
import type { SavedQueriesService } from './savedQueries.service.js';
import { LIST_COLUMNS, SHOW_COLUMNS } from './savedQueryViews.js';

const READ = { permission: ['can_read', 'SavedQuery'] as const };
const WRITE = { permission: ['can_write', 'SavedQuery'] as const };
const idList = z.array(z.number().int().positive()).min(1);
const relatedQuery = z.object({ filter: z.string().default(''), page: z.number().int().min(0).default(0), page_size: z.number().int().min(1).max(100).default(100) }).loose();

/** `/api/v1/saved_query/*` in FAB's shapes (facts §2.0, §2.1). */
export function savedQueriesRoutes(service: SavedQueriesService, databases: DatabasesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/saved_query/', { config: READ }, async (request) => {
      const q = parseListQuery((request.query as Record<string, unknown>).q);
      const { rows, count } = await service.list(request.principal, q);
      return listResponse(rows, count, { title: 'List Saved Query', columns: LIST_COLUMNS, orderColumns: Object.keys(SAVED_QUERY_ORDER) });
    });

    app.get('/api/v1/saved_query/_info', { config: READ }, async (request) => ({
      permissions: ['can_read', 'can_write', 'can_export'].filter((p) => hasPermission(request.principal, p, 'SavedQuery')),
      add_columns: [],
      edit_columns: [],
      filters: {
        label: [{ name: 'Contains', operator: 'ct' }],
        all_text: [{ name: 'All Text', operator: 'all_text' }],
        database: [{ name: 'Relation', operator: 'rel_o_m' }],
        schema: [{ name: 'Equal to', operator: 'eq' }],
        created_by: [{ name: 'Relation', operator: 'rel_o_m' }],
        id: [{ name: 'Is favorite', operator: 'saved_query_is_fav' }],
      },
    }));

    app.get('/api/v1/saved_query/distinct/schema', { config: READ }, async (request) => {
      const schemas = await service.distinctSchemas(request.principal);
      return { count: schemas.length, result: schemas.map((s) => ({ text: s, value: s })) };
    });

    app.get('/api/v1/saved_query/related/database', { config: READ }, async (request) => {
      const rq = parseInput(relatedQuery, decodeRison((request.query as Record<string, unknown>).q) ?? {});
      const { rows, count } = await databases.list(request.principal, {
        filters: rq.filter ? [{ col: 'database_name', opr: 'ct', value: rq.filter }] : [],
        order_column: 'database_name',
        order_direction: 'asc',
        page: rq.page,
        page_size: rq.page_size,
      });
      return { count, result: rows.map((d) => ({ value: d.id, text: d.database_name })) };
    });

    app.get('/api/v1/saved_query/related/created_by', { config: READ }, async (request) => {
      const users = await service.creators(request.principal);
      return { count: users.length, result: users.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim() })) };
    });

    app.get('/api/v1/saved_query/:pk', { config: READ }, async (request) => {
      const shown = await service.show(request.principal, pkParam(request.params));
      return { ...showResponse(shown, 'Show Saved Query'), show_columns: SHOW_COLUMNS };
    });

    app.post('/api/v1/saved_query/', { config: WRITE }, async (request, reply) => {
      const row = await service.create(request.principal, parseInput(savedQueryCreateSchema, request.body));
      return reply.code(201).send({ id: row.id, result: resultOf(row) });
    });

    app.put('/api/v1/saved_query/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      const row = await service.update(request.principal, id, parseInput(savedQueryUpdateSchema, request.body));
      return { id, result: resultOf(row) };
    });

    app.delete('/api/v1/saved_query/:pk', { config: WRITE }, async (request) => {
      await service.delete(request.principal, [pkParam(request.params)]);
      return { message: 'OK' };
    });

    app.delete('/api/v1/saved_query/', { config: WRITE }, async (request) => {
      const parsed = idList.safeParse(decodeRison((request.query as Record<string, unknown>).q));
      if (!parsed.success) throw badRequest('Not a valid rison argument');
      const n = await service.delete(request.principal, parsed.data);
      return { message: `Deleted ${n} saved ${n === 1 ? 'query' : 'queries'}` };
    });
  };
}

/** POST/PUT echo the written fields, as FAB's add/edit schemas do. */
function resultOf(row: { db_id: number; label: string; description: string; catalog: string | null; schema: string | null; sql: string; template_parameters: string | null; extra_json: string }) {
  return {
    db_id: row.db_id,
    label: row.label,
    description: row.description,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    template_parameters: row.template_parameters,
    extra_json: row.extra_json,
  };
}
