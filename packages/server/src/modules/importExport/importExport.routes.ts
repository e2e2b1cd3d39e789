import type { FastifyInstance } from 'fastify';
import { exportIdsSchema, type BundleResource, type ImportResponse } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { decodeRison } from '../../app/rison.js';
import { SESSION_COOKIE } from '../auth/authenticate.js';
import type { ExportService } from './exportBundle.service.js';
import type { ImportService } from './importBundle.service.js';
import { readImportForm } from './importForm.js';

/** Each resource's API path and class permission name (facts §5). */
const RESOURCES: readonly { resource: BundleResource; view: string }[] = [
  { resource: 'chart', view: 'Chart' },
  { resource: 'dataset', view: 'Dataset' },
  { resource: 'database', view: 'Database' },
  { resource: 'dashboard', view: 'Dashboard' },
];

/** Superset's download helper names a cookie in `token` and waits for it to say the file is ready. */
const DOWNLOAD_TOKEN = /^[\w-]{1,64}$/;

/** `GET /api/v1/<resource>/export/?q=!(ids)` (can_export) and `POST /api/v1/<resource>/import/` (can_write). */
export function importExportRoutes(exporter: ExportService, importer: ImportService) {
  return async function register(app: FastifyInstance): Promise<void> {
    for (const { resource, view } of RESOURCES) {
      app.get(`/api/v1/${resource}/export/`, { config: { permission: ['can_export', view] } }, async (request, reply) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        const ids = exportIdsSchema.safeParse(decodeRison(query.q));
        if (!ids.success) throw badRequest('Not a valid rison argument');
        const bundle = await exporter.export(request.principal, resource, ids.data);
        // Never the app's own cookie: a link with token=session would sign the visitor out.
        if (typeof query.token === 'string' && DOWNLOAD_TOKEN.test(query.token) && query.token !== SESSION_COOKIE) {
          reply.setCookie(query.token, 'done', { maxAge: 600, path: '/', sameSite: 'lax' });
        }
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename=${bundle.filename}`)
          .send(bundle.data);
      });

      app.post(`/api/v1/${resource}/import/`, { config: { permission: ['can_write', view] } }, async (request): Promise<ImportResponse> => {
        await importer.import(request.principal, resource, await readImportForm(request));
        return { message: 'OK' };
      });
    }
  };
}
