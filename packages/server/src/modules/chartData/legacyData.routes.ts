import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FormData, QueryObject } from '@tessera/core';
import { badRequest } from '../../app/httpErrors.js';
import { jsonField, sendAnswer, truthy } from './chartDataInput.js';
import type { LegacyDataService } from './legacyData.service.js';

const sendJsonText = (reply: FastifyReply, text: string) => reply.code(200).type('application/json; charset=utf-8').send(text);

const positiveInt = (value: unknown, fallback: number): number => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Superset's legacy views over the chart data engine (facts §2.2, §2.3): CSRF-exempt like Superset's list. */
export function legacyDataRoutes(service: LegacyDataService, samplesPerPage: number) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/superset/explore_json/', { config: { permission: ['can_explore_json', 'Superset'], csrfExempt: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const body = (request.body ?? {}) as { form_data?: unknown };
      const raw = body.form_data ?? query.form_data;
      const formData = jsonField(raw);
      if (!formData || typeof formData !== 'object' || Array.isArray(formData)) throw badRequest('form_data is required');
      const mode = (['csv', 'query', 'results', 'samples'] as const).find((switchName) => truthy(query[switchName])) ?? 'full';
      return sendAnswer(reply, await service.exploreJson(request.principal, formData as FormData, truthy(query.force), mode));
    });

    app.post('/datasource/samples', { config: { permission: ['can_read', 'Dataset'], csrfExempt: true } }, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const id = positiveInt(q.datasource_id, 0);
      if (!q.datasource_type || id === 0) throw badRequest({ datasource_id: ['Missing data for required field.'] });
      const payload = (request.body && typeof request.body === 'object' ? request.body : {}) as Partial<QueryObject>;
      const text = await service.samples(request.principal, {
        type: q.datasource_type,
        id,
        force: truthy(q.force),
        page: positiveInt(q.page, 1),
        perPage: positiveInt(q.per_page, samplesPerPage),
        payload,
      });
      return sendJsonText(reply, text);
    });

    app.get('/superset/fetch_datasource_metadata', { config: { permission: ['can_fetch_datasource_metadata', 'Superset'] } }, async (request) => {
      const { datasourceKey } = request.query as { datasourceKey?: string };
      if (!datasourceKey) throw badRequest('datasourceKey is required');
      return service.datasourceMetadata(request.principal, datasourceKey);
    });

    app.get('/api/v1/datasource/:type/:id/column/:column/values/', { config: { permission: ['can_read', 'Dataset'] } }, async (request, reply) => {
      const { type, id, column } = request.params as { type: string; id: string; column: string };
      const pk = positiveInt(id, 0);
      if (pk === 0) throw badRequest('Invalid datasource id');
      return sendJsonText(reply, await service.columnValues(request.principal, type, pk, column));
    });
  };
}
