import type { FastifyInstance } from 'fastify';
import { datasetCreateSchema, datasetGetOrCreateSchema, hasPermission } from '@tessera/core';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { DATASET_ORDER } from './datasets.repository.js';
import type { DatasetsService } from './datasets.service.js';
import { LIST_COLUMNS } from './datasetViews.js';

const READ = { permission: ['can_read', 'Dataset'] as const };
const WRITE = { permission: ['can_write', 'Dataset'] as const };

/** `/api/v1/dataset/*`: what SQL Lab uses (facts §2.2). */
export function datasetsRoutes(service: DatasetsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/dataset/', { config: READ }, async (request) => {
      const q = parseListQuery((request.query as Record<string, unknown>).q);
      const { rows, count } = await service.list(request.principal, q);
      return listResponse(rows, count, { title: 'List Sqla Table', columns: LIST_COLUMNS, orderColumns: Object.keys(DATASET_ORDER) });
    });

    app.get('/api/v1/dataset/_info', { config: READ }, async (request) => ({
      permissions: ['can_read', 'can_write', 'can_export'].filter((p) => hasPermission(request.principal, p, 'Dataset')),
    }));

    // The rison `q` (columns/keys) is accepted and the full result returned: clients read a subset.
    app.get('/api/v1/dataset/:pk', { config: READ }, async (request) =>
      showResponse(await service.show(request.principal, pkParam(request.params)), 'Show Sqla Table'),
    );

    app.post('/api/v1/dataset/', { config: WRITE }, async (request, reply) => {
      const created = await service.create(request.principal, parseInput(datasetCreateSchema, request.body));
      return reply.code(201).send({ id: created.id, result: created });
    });

    app.post('/api/v1/dataset/get_or_create/', { config: WRITE }, async (request) => ({
      result: { table_id: await service.getOrCreate(request.principal, parseInput(datasetGetOrCreateSchema, request.body)) },
    }));

    app.delete('/api/v1/dataset/:pk', { config: WRITE }, async (request) => {
      await service.delete(request.principal, pkParam(request.params));
      return { message: 'OK' };
    });
  };
}
