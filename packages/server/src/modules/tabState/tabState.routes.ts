import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  migrateQuerySchema,
  tableSchemaCreateSchema,
  tableSchemaExpandedSchema,
  tabStateCreateSchema,
  tabStateUpdateSchema,
  type Principal,
} from '@tessera/core';
import { notFound, unauthorized } from '../../app/httpErrors.js';
import { pkParam } from '../../app/params.js';
import { parseInput } from '../../app/validate.js';
import { formFields } from './formFields.js';
import type { TabStateService } from './tabState.service.js';

const tab = (perm: string) => ({ permission: [perm, 'TabStateView'] as const });
const tableSchema = (perm: string) => ({ permission: [perm, 'TableSchemaView'] as const });

const queryParams = z.object({ pk: z.coerce.number().int().positive(), clientId: z.string().min(1).max(64) });

/** Legacy views answer JSON scalars (`"OK"`, `12`), not objects. */
const sendJson = (reply: FastifyReply, value: unknown) => reply.type('application/json').send(JSON.stringify(value));

function user(request: FastifyRequest): Principal & { id: number } {
  const principal = request.principal;
  if (principal.id === null) throw unauthorized();
  return { ...principal, id: principal.id };
}

/** `/tabstateview/*` and `/tableschemaview/*` (facts §2.1), form-encoded or JSON bodies. */
export function tabStateRoutes(service: TabStateService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/tabstateview/', { config: tab('can_post') }, async (request) => {
      const { queryEditor } = parseInput(tabStateCreateSchema, formFields(request));
      return { id: await service.create(user(request), queryEditor) };
    });

    app.get('/tabstateview/:pk', { config: tab('can_get') }, async (request) => service.get(user(request), pkParam(request.params)));

    app.put('/tabstateview/:pk', { config: tab('can_put') }, async (request, reply) => {
      const id = pkParam(request.params);
      const input = parseInput(tabStateUpdateSchema, formFields(request));
      return sendJson(reply, await service.update(user(request), id, input));
    });

    app.delete('/tabstateview/:pk', { config: tab('can_delete') }, async (request, reply) => {
      await service.delete(user(request), pkParam(request.params));
      return sendJson(reply, 'OK');
    });

    app.post('/tabstateview/:pk/activate', { config: tab('can_activate') }, async (request, reply) =>
      sendJson(reply, await service.activate(user(request), pkParam(request.params))),
    );

    app.post('/tabstateview/:pk/migrate_query', { config: tab('can_migrate_query') }, async (request, reply) => {
      const id = pkParam(request.params);
      const { queryId } = parseInput(migrateQuerySchema, formFields(request));
      return sendJson(reply, await service.migrateQuery(user(request), id, queryId));
    });

    app.delete('/tabstateview/:pk/query/:clientId', { config: tab('can_delete_query') }, async (request, reply) => {
      const parsed = queryParams.safeParse(request.params);
      if (!parsed.success) throw notFound();
      await service.deleteQuery(user(request), parsed.data.pk, parsed.data.clientId);
      return sendJson(reply, 'OK');
    });

    app.post('/tableschemaview/', { config: tableSchema('can_post') }, async (request) => {
      const { table } = parseInput(tableSchemaCreateSchema, formFields(request));
      return { id: await service.addTableSchema(user(request), table) };
    });

    app.post('/tableschemaview/:pk/expanded', { config: tableSchema('can_expanded') }, async (request) => {
      const id = pkParam(request.params);
      const { expanded } = parseInput(tableSchemaExpandedSchema, formFields(request));
      return service.setExpanded(user(request), id, expanded);
    });

    app.delete('/tableschemaview/:pk', { config: tableSchema('can_delete') }, async (request, reply) => {
      await service.deleteTableSchema(user(request), pkParam(request.params));
      return sendJson(reply, 'OK');
    });
  };
}
