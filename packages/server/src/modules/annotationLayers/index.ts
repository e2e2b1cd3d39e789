import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { AnnotationLayersRepository } from './annotationLayers.repository.js';
import { annotationLayerRoutes } from './annotationLayers.routes.js';
import { AnnotationLayersService } from './annotationLayers.service.js';
import { annotationRoutes } from './annotations.routes.js';

export type { AnnotationLayersService } from './annotationLayers.service.js';

/** The service over the metadata database; chart data reads native layers through it. */
export function annotationLayersService(db: MetadataDb): AnnotationLayersService {
  return new AnnotationLayersService(new AnnotationLayersRepository(db));
}

/** Native annotation layers: `/api/v1/annotation_layer/*` and its `/annotation/` sub-resource. */
export function annotationLayersModule(deps: ModuleDeps) {
  const service = annotationLayersService(deps.ctx.db);
  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(annotationLayerRoutes(service));
    await app.register(annotationRoutes(service));
  };
  return Object.assign(register, { service });
}
