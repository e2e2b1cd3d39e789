import type { FastifyInstance } from 'fastify';
import { screenshotQuerySchema, thumbnailQuerySchema } from '@tessera/core';
import { pkParam } from '../../app/params.js';
import { IMAGE_CACHE_CONTROL, screenshotQueryArgs, sendScreenshotTask, sendThumbnail } from '../../screenshots/screenshotRoutes.js';
import type { ChartScreenshotsService } from './chartScreenshots.service.js';

const READ = { permission: ['can_read', 'Chart'] as const };

/** `/api/v1/chart/<pk>/thumbnail/<digest>/`, `/cache_screenshot/` and `/screenshot/<digest>/` (facts §2.4). */
export function chartScreenshotsRoutes(service: ChartScreenshotsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/chart/:pk/thumbnail/:digest/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const { digest } = request.params as { digest: string };
      const { force } = screenshotQueryArgs(thumbnailQuerySchema, request);
      return sendThumbnail(request, reply, await service.thumbnail(request.principal, id, digest, Boolean(force)));
    });

    app.get('/api/v1/chart/:pk/cache_screenshot/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      return sendScreenshotTask(reply, await service.cacheScreenshot(request.principal, id, screenshotQueryArgs(screenshotQuerySchema, request)));
    });

    app.get('/api/v1/chart/:pk/screenshot/:digest/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const { digest } = request.params as { digest: string };
      const image = await service.screenshot(request.principal, id, digest);
      return reply.type('image/png').header('cache-control', IMAGE_CACHE_CONTROL).send(image);
    });
  };
}
