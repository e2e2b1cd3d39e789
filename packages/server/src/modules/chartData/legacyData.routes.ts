import { CHART_CONSTANTS, queryObjectSchema, type FormData } from '@tessera/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../app/httpErrors.js';
import { invalidPayload, jsonField, sendAnswer, truthy } from './chartDataInput.js';
import type { LegacyDataService } from './legacyData.service.js';

const sendJsonText = (reply: FastifyReply, text: string) => reply.code(200).type('application/json; charset=utf-8').send(text);

const positiveInt = (value: unknown, fallback: number): number => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** A query-string integer of at least `min` (and at most `max`), in marshmallow's words as Superset answers them. */
const intParam = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, 'Not a valid integer.')
    .transform(Number)
    .pipe(z.number().min(min, `Must be greater than or equal to ${min}.`).max(max, `Must be less than or equal to ${max}.`));

/**
 * Superset's SamplesRequestSchema (query string) and SamplesPayloadSchema (the body, a query object's filter
 * part). A page larger than SAMPLES_ROW_LIMIT but within Superset's default of 1000 is cut down by the service.
 */
const samplesParamsSchema = (rowLimit: number) =>
  z.object({
    datasource_type: z.string().min(1),
    datasource_id: intParam(1),
    force: z.string().optional(),
    page: intParam(1).default(1),
    per_page: intParam(1, CHART_CONSTANTS.SAMPLES_ROW_LIMIT).default(rowLimit),
  });
const samplesPayloadSchema = queryObjectSchema.pick({ filters: true, time_range: true, granularity: true, extras: true });

const objectOrNull = (raw: unknown): Record<string, unknown> | null => {
  const value = jsonField(raw);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('form_data is required');
  return value as Record<string, unknown>;
};

/** Superset's legacy views over the chart data engine (facts §2.2, §2.3): CSRF-exempt like Superset's list. */
export function legacyDataRoutes(service: LegacyDataService, samplesRowLimit: number) {
  const paramsSchema = samplesParamsSchema(samplesRowLimit);

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/superset/explore_json/', { config: { permission: ['can_explore_json', 'Superset'], csrfExempt: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const body = (request.body ?? {}) as { form_data?: unknown };
      // Superset's get_form_data: the body's form data, with the query string's over it.
      const fromBody = objectOrNull(body.form_data);
      const fromQuery = objectOrNull(query.form_data);
      if (!fromBody && !fromQuery) throw badRequest('form_data is required');
      const formData = { ...fromBody, ...fromQuery } as FormData;
      const mode = (['csv', 'query', 'results', 'samples'] as const).find((switchName) => truthy(query[switchName])) ?? 'full';
      return sendAnswer(reply, await service.exploreJson(request.principal, formData, truthy(query.force), mode));
    });

    app.post('/datasource/samples', { config: { permission: ['can_read', 'Dataset'], csrfExempt: true } }, async (request, reply) => {
      const params = paramsSchema.safeParse(request.query ?? {});
      if (!params.success) throw invalidPayload(params.error);
      const payload = samplesPayloadSchema.safeParse(request.body ?? {});
      if (!payload.success) throw invalidPayload(payload.error);
      const text = await service.samples(request.principal, {
        type: params.data.datasource_type,
        id: params.data.datasource_id,
        force: truthy(params.data.force),
        page: params.data.page,
        perPage: params.data.per_page,
        payload: payload.data,
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
