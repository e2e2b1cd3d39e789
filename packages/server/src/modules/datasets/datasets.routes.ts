import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { datasetCreateSchema, datasetDuplicateSchema, datasetGetOrCreateSchema, datasetUpdateSchema, hasPermission, type Principal } from '@tessera/core';
import { badRequest, notFound } from '../../app/httpErrors.js';
import { filtersInfo, listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { selectColumns } from '../../app/selectColumns.js';
import { parseInput } from '../../app/validate.js';
import { relatedPage, relatedQuery } from '../security/relatedUsers.js';
import { DATASET_ORDER } from './datasets.repository.js';
import type { DatasetsService } from './datasets.service.js';
import { DATASET_FILTERABLE } from './datasetListQuery.js';
import { LIST_COLUMNS } from './datasetViews.js';
import { toExploreDataset } from './datasourceData.js';
import { isTrueFlag, renderContext, renderDatasetFields } from './datasetRendered.js';

const USER_RELATIONS = new Set(['owners', 'created_by', 'changed_by']);
const DISTINCT_COLUMNS = new Set(['schema', 'catalog']);

const READ = { permission: ['can_read', 'Dataset'] as const };
const WRITE = { permission: ['can_write', 'Dataset'] as const };
const idList = z.array(z.number().int().positive()).min(1);
const names = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined);

/**
 * FAB's `_info.permissions`: Superset names duplicate, get_or_create and warm-up apart (clients show the
 * "Duplicate" action on `can_duplicate`); here all three are guarded by can_write on Dataset, so they follow it.
 */
function datasetInfoPermissions(principal: Principal): string[] {
  const own = ['can_read', 'can_write', 'can_export'].filter((p) => hasPermission(principal, p, 'Dataset'));
  return own.includes('can_write') ? [...own, 'can_duplicate', 'can_get_or_create_dataset', 'can_warm_up_cache'] : own;
}

/** `/api/v1/dataset/*` (facts §2.2). */
export function datasetsRoutes(service: DatasetsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, unknown>;

    app.get('/api/v1/dataset/', { config: READ }, async (request) => {
      const q = parseListQuery(query(request).q);
      const { rows, count } = await service.list(request.principal, q);
      return listResponse(rows, count, { title: 'List Sqla Table', columns: LIST_COLUMNS, orderColumns: Object.keys(DATASET_ORDER) });
    });
    app.get('/api/v1/dataset/_info', { config: READ }, async (request) => ({
      permissions: datasetInfoPermissions(request.principal),
      add_columns: [],
      edit_columns: [],
      filters: filtersInfo(DATASET_FILTERABLE),
    }));
    // The people behind the list's owner, "Created by" and "Modified by" filters.
    app.get('/api/v1/dataset/related/:column', { config: READ }, async (request) => {
      const { column } = request.params as { column: string };
      if (!USER_RELATIONS.has(column)) throw notFound();
      const rq = parseInput(relatedQuery, decodeRison(query(request).q) ?? {});
      const all = await service.relatedOwners(rq.filter);
      return relatedPage(all, rq);
    });
    app.get('/api/v1/dataset/related/database', { config: READ }, async (request) => {
      const rq = parseInput(relatedQuery, decodeRison(query(request).q) ?? {});
      return service.relatedDatabases(request.principal, rq.filter, rq.page, rq.page_size);
    });
    // FAB's distinct: `q=(filter,page,page_size)` narrows and pages the values; other columns are a 404.
    app.get('/api/v1/dataset/distinct/:column', { config: READ }, async (request) => {
      const { column } = request.params as { column: string };
      if (!DISTINCT_COLUMNS.has(column)) throw notFound();
      const rq = parseInput(relatedQuery, decodeRison(query(request).q) ?? {});
      const values = await service.distinct(request.principal, column as 'schema' | 'catalog', rq.filter);
      return relatedPage(values.map((v) => ({ text: v, value: v })), rq);
    });
    // The rison `q` (columns/keys) selects fields (app/fieldSelection); `include_rendered_sql` adds rendered templates.
    app.get('/api/v1/dataset/:pk', { config: READ }, async (request, reply) => {
      const shown = await service.show(request.principal, pkParam(request.params));
      const body = showResponse(shown, 'Show Sqla Table');
      if (!isTrueFlag(query(request).include_rendered_sql)) return body;
      // Rendered after the selection, as Superset does, so the rendered fields survive it: a JSON text skips the
      // selection hook, which would drop them.
      const q = decodeRison(query(request).q) as { columns?: unknown; keys?: unknown } | undefined;
      const selected = selectColumns(body, { columns: names(q?.columns), keys: names(q?.keys) }) as typeof body;
      const context = renderContext(shown.template_params, query(request), request.principal);
      const rendered = { ...selected, result: renderDatasetFields(selected.result as unknown as Record<string, unknown>, context) };
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(rendered));
    });
    app.get('/api/v1/dataset/:pk/related_objects', { config: READ }, async (request) =>
      service.relatedObjects(request.principal, pkParam(request.params)),
    );
    app.post('/api/v1/dataset/', { config: WRITE }, async (request, reply) => {
      const created = await service.create(request.principal, parseInput(datasetCreateSchema, request.body));
      // As Superset (`data=new_model.data`): the new dataset as the explorer reads it, beside the echoed request.
      const data = toExploreDataset(await service.show(request.principal, created.id));
      return reply.code(201).send({ ...created, data });
    });
    app.post('/api/v1/dataset/duplicate', { config: WRITE }, async (request, reply) => {
      return reply.code(201).send(await service.duplicate(request.principal, parseInput(datasetDuplicateSchema, request.body)));
    });
    app.post('/api/v1/dataset/get_or_create/', { config: WRITE }, async (request) => ({
      result: { table_id: await service.getOrCreate(request.principal, parseInput(datasetGetOrCreateSchema, request.body)) },
    }));
    app.put('/api/v1/dataset/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      const override = isTrueFlag(query(request).override_columns);
      const result = await service.update(request.principal, id, parseInput(datasetUpdateSchema, request.body), override);
      return { id, result };
    });
    app.put('/api/v1/dataset/:pk/refresh', { config: WRITE }, async (request) => {
      await service.refresh(request.principal, pkParam(request.params));
      return { message: 'OK' };
    });
    for (const kind of ['column', 'metric'] as const) {
      app.delete(`/api/v1/dataset/:pk/${kind}/:child`, { config: WRITE }, async (request) => {
        const childId = pkParam({ pk: (request.params as { child: string }).child });
        await service.deleteChild(request.principal, pkParam(request.params), kind, childId);
        return { message: 'OK' };
      });
    }
    app.delete('/api/v1/dataset/:pk', { config: WRITE }, async (request) => {
      await service.delete(request.principal, pkParam(request.params));
      return { message: 'OK' };
    });
    app.delete('/api/v1/dataset/', { config: WRITE }, async (request) => {
      const parsed = idList.safeParse(decodeRison(query(request).q));
      if (!parsed.success) throw badRequest('Not a valid rison argument');
      const n = await service.deleteMany(request.principal, parsed.data);
      return { message: `Deleted ${n} dataset${n === 1 ? '' : 's'}` };
    });
  };
}
