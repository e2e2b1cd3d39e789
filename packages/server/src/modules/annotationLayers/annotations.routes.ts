import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { annotationCreateSchema, annotationUpdateSchema } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { bulkIds, READ, WRITE } from './annotationLayers.routes.js';
import { ANNOTATION_ORDER } from './annotationLayers.repository.js';
import type { AnnotationLayersService } from './annotationLayers.service.js';
import { ANNOTATION_LIST_COLUMNS, ANNOTATION_SHOW_COLUMNS, annotationResult } from './annotationViews.js';

const annotationParams = z.object({ annotation_id: z.coerce.number().int().positive() });

/** A non-numeric annotation id names nothing: 404, like the layer id. */
function annotationIdParam(params: unknown): number {
  const parsed = annotationParams.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.annotation_id;
}

const BASE = '/api/v1/annotation_layer/:pk/annotation/';

/** `/api/v1/annotation_layer/<pk>/annotation/*`: a layer's annotations; a missing layer is 404 everywhere. */
export function annotationRoutes(service: AnnotationLayersService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get(BASE, { config: READ }, async (request) => {
      const { rows, count } = await service.listAnnotations(pkParam(request.params), parseListQuery((request.query as Record<string, unknown>).q));
      return listResponse(rows, count, { title: 'List Annotation', columns: ANNOTATION_LIST_COLUMNS, orderColumns: Object.keys(ANNOTATION_ORDER) });
    });

    app.get(`${BASE}:annotation_id`, { config: READ }, async (request) => {
      const shown = await service.showAnnotation(pkParam(request.params), annotationIdParam(request.params));
      return { ...showResponse(shown, 'Show Annotation'), show_columns: ANNOTATION_SHOW_COLUMNS };
    });

    app.post(BASE, { config: WRITE }, async (request, reply) => {
      const layerId = pkParam(request.params);
      const row = await service.createAnnotation(request.principal, layerId, parseInput(annotationCreateSchema, request.body));
      return reply.code(201).send({ id: row.id, result: annotationResult(row) });
    });

    app.put(`${BASE}:annotation_id`, { config: WRITE }, async (request) => {
      const id = annotationIdParam(request.params);
      const row = await service.updateAnnotation(request.principal, pkParam(request.params), id, parseInput(annotationUpdateSchema, request.body));
      return { id, result: annotationResult(row) };
    });

    app.delete(`${BASE}:annotation_id`, { config: WRITE }, async (request) => {
      await service.deleteAnnotations(pkParam(request.params), [annotationIdParam(request.params)]);
      return { message: 'OK' };
    });

    app.delete(BASE, { config: WRITE }, async (request) => {
      const n = await service.deleteAnnotations(pkParam(request.params), bulkIds((request.query as Record<string, unknown>).q));
      return { message: `Deleted ${n} ${n === 1 ? 'annotation' : 'annotations'}` };
    });
  };
}
