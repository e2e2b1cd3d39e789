import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { annotationLayerCreateSchema, annotationLayerUpdateSchema, hasPermission } from '@tessera/core';
import { badRequest, notFound } from '../../app/httpErrors.js';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { relatedPage, relatedQuery } from '../security/relatedUsers.js';
import { ANNOTATION_LAYER_ORDER } from './annotationLayers.repository.js';
import type { AnnotationLayersService } from './annotationLayers.service.js';
import { LAYER_LIST_COLUMNS, LAYER_SHOW_COLUMNS, layerResult, toLayerShow } from './annotationViews.js';

/** Superset's class permission name for both annotation APIs. */
export const READ = { permission: ['can_read', 'Annotation'] as const };
export const WRITE = { permission: ['can_write', 'Annotation'] as const };

const idList = z.array(z.number().int().positive()).min(1);

/** The ids of a bulk delete (`?q=!(1,2)`); anything else is a 400, as FAB answers. */
export function bulkIds(q: unknown): number[] {
  const parsed = idList.safeParse(decodeRison(q));
  if (!parsed.success) throw badRequest('Not a valid rison argument');
  return parsed.data;
}

const plural = (n: number, one: string, many: string) => `Deleted ${n} ${n === 1 ? one : many}`;

/** `/api/v1/annotation_layer/*` in FAB's shapes (facts §2.0). */
export function annotationLayerRoutes(service: AnnotationLayersService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/annotation_layer/', { config: READ }, async (request) => {
      const { rows, count } = await service.listLayers(parseListQuery((request.query as Record<string, unknown>).q));
      return listResponse(rows, count, { title: 'List Annotation Layer', columns: LAYER_LIST_COLUMNS, orderColumns: Object.keys(ANNOTATION_LAYER_ORDER) });
    });

    app.get('/api/v1/annotation_layer/_info', { config: READ }, async (request) => ({
      permissions: ['can_read', 'can_write'].filter((p) => hasPermission(request.principal, p, 'Annotation')),
      add_columns: [],
      edit_columns: [],
      filters: {
        name: [
          { name: 'Contains', operator: 'ct' },
          { name: 'Equal to', operator: 'eq' },
          { name: 'Starts with', operator: 'sw' },
          { name: 'All Text', operator: 'annotation_layer_all_text' },
        ],
        descr: [{ name: 'Contains', operator: 'ct' }],
        created_by: [{ name: 'Relation', operator: 'rel_o_m' }],
        changed_by: [{ name: 'Relation', operator: 'rel_o_m' }],
      },
    }));

    // Options of the list's people filters (FAB's related endpoint).
    app.get('/api/v1/annotation_layer/related/:column', { config: READ }, async (request) => {
      const { column } = request.params as { column: string };
      if (column !== 'created_by' && column !== 'changed_by') throw notFound();
      const rq = parseInput(relatedQuery, decodeRison((request.query as Record<string, unknown>).q) ?? {});
      return relatedPage(await service.relatedUsers(rq.filter), rq);
    });

    app.get('/api/v1/annotation_layer/:pk', { config: READ }, async (request) => {
      const row = await service.layer(pkParam(request.params));
      return { ...showResponse(toLayerShow(row), 'Show Annotation Layer'), show_columns: LAYER_SHOW_COLUMNS };
    });

    app.post('/api/v1/annotation_layer/', { config: WRITE }, async (request, reply) => {
      const row = await service.createLayer(request.principal, parseInput(annotationLayerCreateSchema, request.body));
      return reply.code(201).send({ id: row.id, result: layerResult(row) });
    });

    app.put('/api/v1/annotation_layer/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      const row = await service.updateLayer(request.principal, id, parseInput(annotationLayerUpdateSchema, request.body));
      return { id, result: layerResult(row) };
    });

    app.delete('/api/v1/annotation_layer/:pk', { config: WRITE }, async (request) => {
      await service.deleteLayers([pkParam(request.params)]);
      return { message: 'OK' };
    });

    app.delete('/api/v1/annotation_layer/', { config: WRITE }, async (request) => {
      const n = await service.deleteLayers(bulkIds((request.query as Record<string, unknown>).q));
      return { message: plural(n, 'annotation layer', 'annotation layers') };
    });
  };
}
