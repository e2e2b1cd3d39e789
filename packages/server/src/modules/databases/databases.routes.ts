import type { FastifyInstance } from 'fastify';
import {
  databaseCreateSchema,
  databaseUpdateSchema,
  hasPermission,
  testConnectionSchema,
  validateParametersSchema,
} from '@tessera/core';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import type { DatabasesService } from './databases.service.js';
import { availableEngines, LIST_COLUMNS, ORDER_COLUMNS } from './databaseViews.js';

const READ = { permission: ['can_read', 'Database'] as const };
const WRITE = { permission: ['can_write', 'Database'] as const };
const PERMISSIONS = ['can_read', 'can_write', 'can_upload', 'can_export'] as const;

/** `/api/v1/database/*` CRUD and connection checks, in Superset's shapes (facts §2.0, §2.2). */
export function databasesRoutes(service: DatabasesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/database/', { config: READ }, async (request) => {
      const q = parseListQuery((request.query as Record<string, unknown>).q);
      const { rows, count } = await service.list(request.principal, q);
      return listResponse(rows, count, { title: 'List Database', columns: LIST_COLUMNS, orderColumns: [...ORDER_COLUMNS] });
    });

    // The list page asks which buttons to show.
    app.get('/api/v1/database/_info', { config: READ }, async (request) => ({
      permissions: PERMISSIONS.filter((p) => hasPermission(request.principal, p, 'Database')),
    }));

    app.get('/api/v1/database/available/', { config: READ }, async () => ({ databases: availableEngines() }));

    app.get('/api/v1/database/:pk', { config: READ }, async (request) =>
      showResponse(await service.show(request.principal, pkParam(request.params)), 'Show Database'),
    );

    app.get('/api/v1/database/:pk/connection', { config: WRITE }, async (request) => {
      const info = await service.connectionInfo(request.principal, pkParam(request.params));
      return { id: info.id, result: info };
    });

    app.post('/api/v1/database/', { config: WRITE }, async (request, reply) => {
      const created = await service.create(request.principal, parseInput(databaseCreateSchema, request.body));
      return reply.code(201).send({ id: created.id, result: created });
    });

    app.put('/api/v1/database/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      return { id, result: await service.update(request.principal, id, parseInput(databaseUpdateSchema, request.body)) };
    });

    app.delete('/api/v1/database/:pk', { config: WRITE }, async (request) => {
      await service.delete(request.principal, pkParam(request.params));
      return { message: 'OK' };
    });

    // Hook: charts, dashboards and SQL Lab tabs are counted here once those modules exist.
    app.get('/api/v1/database/:pk/related_objects/', { config: READ }, async (request) => {
      await service.findVisible(request.principal, pkParam(request.params));
      return {
        charts: { count: 0, result: [] },
        dashboards: { count: 0, result: [] },
        sqllab_tab_states: { count: 0, result: [] },
      };
    });

    app.post('/api/v1/database/test_connection/', { config: WRITE }, async (request) => {
      await service.testConnection(parseInput(testConnectionSchema, request.body));
      return { message: 'OK' };
    });

    app.post('/api/v1/database/validate_parameters/', { config: WRITE }, async (request) => {
      await service.validateParameters(parseInput(validateParametersSchema, request.body));
      return { message: 'OK' };
    });
  };
}
