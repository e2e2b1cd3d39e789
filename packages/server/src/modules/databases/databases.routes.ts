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
import { audited, databaseAuditDetails } from '../audit/index.js';
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
      await request.audit({ action: 'database.create', objectType: 'Database', objectId: created.id, details: databaseAuditDetails(created) });
      return reply.code(201).send({ id: created.id, result: created });
    });

    app.put('/api/v1/database/:pk', { config: WRITE }, async (request) => {
      const id = pkParam(request.params);
      const input = parseInput(databaseUpdateSchema, request.body);
      const updated = await service.update(request.principal, id, input);
      await request.audit({ action: 'database.update', objectType: 'Database', objectId: id, details: { ...databaseAuditDetails(updated), changed: Object.keys(input) } });
      return { id, result: updated };
    });

    app.delete('/api/v1/database/:pk', { config: WRITE }, async (request) => {
      const gone = await service.findVisible(request.principal, pkParam(request.params));
      await service.delete(request.principal, gone.id);
      await request.audit({ action: 'database.delete', objectType: 'Database', objectId: gone.id, details: { database_name: gone.database_name, engine: gone.backend } });
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
      const input = parseInput(testConnectionSchema, request.body);
      await audited(request, { action: 'database.test_connection', objectType: 'Database', details: databaseAuditDetails(input) }, service.testConnection(input));
      return { message: 'OK' };
    });

    app.post('/api/v1/database/validate_parameters/', { config: WRITE }, async (request) => {
      await service.validateParameters(parseInput(validateParametersSchema, request.body));
      return { message: 'OK' };
    });
  };
}
