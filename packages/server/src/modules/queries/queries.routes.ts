import { stopQuerySchema, updatedSinceSchema } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { decodeRison, parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { jsonText } from '../../query-engine/jsonText.js';
import type { QueriesService } from './queries.service.js';

/** Query history and stop (class permission "Query"; stop_query maps to can_read, facts §2.0). */
export function queriesRoutes(service: QueriesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/query/', { config: { permission: ['can_read', 'Query'] } }, async (request) => {
      const { rows, count, columns, orderColumns } = await service.list(request.principal, parseListQuery((request.query as { q?: string }).q));
      return listResponse(rows, count, { title: 'List Query', columns, orderColumns });
    });

    app.get('/api/v1/query/updated_since', { config: { permission: ['can_read', 'Query'] } }, async (request, reply) => {
      const input = parseInput(updatedSinceSchema, decodeRison((request.query as { q?: string }).q) ?? {});
      const wait = input.wait_ms ? { waitMs: input.wait_ms, changedAfterMs: input.changed_after_ms ?? input.last_updated_ms } : undefined;
      const result = await service.updatedSince(request.principal, input.last_updated_ms, wait);
      return reply.type('application/json; charset=utf-8').send(jsonText({ result }));
    });

    app.get('/api/v1/query/:pk', { config: { permission: ['can_read', 'Query'] } }, async (request) => {
      return showResponse(await service.show(request.principal, pkParam(request.params)), 'Show Query');
    });

    app.post('/api/v1/query/stop', { config: { permission: ['can_read', 'Query'] } }, async (request) => {
      const input = parseInput(stopQuerySchema, request.body);
      await service.stop(request.principal, input.client_id);
      return { result: 'OK' };
    });
  };
}
