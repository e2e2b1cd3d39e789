import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorEntry, screenshotQuerySchema, thumbnailQuerySchema, type FieldMessages, type ThumbnailAcceptedResponse } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';
import { pkParam } from '../../app/params.js';
import { decodeRison } from '../../app/rison.js';
import { fieldErrors } from '../../app/validate.js';
import type { ChartScreenshotsService } from './chartScreenshots.service.js';

const READ = { permission: ['can_read', 'Chart'] as const };
// A picture is immutable per digest until forced again; private: it is drawn for one user.
const IMAGE_CACHE_CONTROL = 'private, max-age=3600';

function invalid(messages: FieldMessages): ApiError {
  return new ApiError(400, { message: messages, errors: [errorEntry('INVALID_PAYLOAD_SCHEMA_ERROR', 'Request is not valid.', { messages })] });
}

/** The rison `q` against its core schema; any mistake is a 400 in the catalogue's shape (with FAB's per-field message). */
function queryArgs<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  let decoded: unknown;
  try {
    decoded = decodeRison((request.query as Record<string, unknown> | undefined)?.q) ?? {};
  } catch {
    throw invalid({ q: ['Not a valid rison argument'] });
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

const searchOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at);
};

/** `/api/v1/chart/<pk>/thumbnail/<digest>/`, `/cache_screenshot/` and `/screenshot/<digest>/` (facts §2.4). */
export function chartScreenshotsRoutes(service: ChartScreenshotsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/chart/:pk/thumbnail/:digest/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const { digest } = request.params as { digest: string };
      const { force } = queryArgs(thumbnailQuerySchema, request);
      const answer = await service.thumbnail(request.principal, id, digest, Boolean(force));
      if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location + searchOf(request), 302);
      if (answer.kind === 'accepted') {
        const body: ThumbnailAcceptedResponse = { message: 'OK' };
        return reply.code(202).header('cache-control', 'no-store').send(body);
      }
      return reply
        .type('image/png')
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('last-modified', new Date(answer.updatedAt).toUTCString())
        .send(answer.image);
    });

    app.get('/api/v1/chart/:pk/cache_screenshot/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const answer = await service.cacheScreenshot(request.principal, id, queryArgs(screenshotQuerySchema, request));
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    });

    app.get('/api/v1/chart/:pk/screenshot/:digest/', { config: READ }, async (request, reply) => {
      const id = pkParam(request.params);
      const { digest } = request.params as { digest: string };
      const image = await service.screenshot(request.principal, id, digest);
      return reply.type('image/png').header('cache-control', IMAGE_CACHE_CONTROL).send(image);
    });
  };
}
