import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DASHBOARD_DOWNLOAD_FORMATS,
  dashboardPermalinkStateSchema,
  screenshotQuerySchema,
  thumbnailQuerySchema,
  type DashboardDownloadFormat,
} from '@tessera/core';
import { pkParam } from '../../app/params.js';
import { parseInput } from '../../app/validate.js';
import { IMAGE_CACHE_CONTROL, invalidQuery, screenshotQueryArgs, sendScreenshotTask, sendThumbnail } from '../../screenshots/screenshotRoutes.js';
import type { DashboardScreenshotsService } from './dashboardScreenshots.service.js';

const READ = { permission: ['can_read', 'Dashboard'] as const };

function downloadFormat(request: FastifyRequest): DashboardDownloadFormat {
  const raw = (request.query as Record<string, unknown> | undefined)?.download_format;
  const value = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  if (value === undefined) return 'png';
  if (typeof value === 'string' && (DASHBOARD_DOWNLOAD_FORMATS as readonly string[]).includes(value)) return value as DashboardDownloadFormat;
  throw invalidQuery({ download_format: [`Must be one of: ${DASHBOARD_DOWNLOAD_FORMATS.join(', ')}.`] });
}

/** `/api/v1/dashboard/<pk>/thumbnail/<digest>/`, `/cache_dashboard_screenshot/` and `/screenshot/<key>/` (facts §2.5). */
export function dashboardScreenshotsRoutes(service: DashboardScreenshotsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/dashboard/:pk/thumbnail/:digest/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const { digest } = request.params as { digest: string };
      const { force } = screenshotQueryArgs(thumbnailQuerySchema, request);
      return sendThumbnail(request, reply, await service.thumbnail(request.principal, id, digest, Boolean(force)));
    });

    app.post('/api/v1/dashboard/:pk/cache_dashboard_screenshot/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const query = screenshotQueryArgs(screenshotQuerySchema, request);
      // The body is optional (an empty state is the dashboard as saved).
      const state = parseInput(dashboardPermalinkStateSchema, request.body ?? {});
      return sendScreenshotTask(reply, await service.cacheScreenshot(request.principal, id, state, query));
    });

    app.get('/api/v1/dashboard/:pk/screenshot/:digest/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const format = downloadFormat(request);
      const { digest } = request.params as { digest: string };
      const file = await service.screenshot(request.principal, id, digest, format);
      reply.header('cache-control', IMAGE_CACHE_CONTROL);
      if (file.format === 'pdf') return reply.type('application/pdf').header('content-disposition', 'inline; filename=dashboard.pdf').send(file.bytes);
      return reply.type('image/png').send(file.bytes);
    });
  };
}
