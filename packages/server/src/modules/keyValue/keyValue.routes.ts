import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { kvStoreSchema, sqlLabPermalinkSchema } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { parseInput } from '../../app/validate.js';
import { formFields } from '../tabState/formFields.js';
import { keyFromUuid, uuidFromKey, type KeyValueService } from './keyValue.service.js';

const kvId = z.object({ id: z.coerce.number().int().positive() });

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function parseStored(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw notFound();
  }
}

/** The legacy KV store (`/kv/*`, shared SQL Lab links before 5.0) and SQL Lab permalinks. */
export function keyValueRoutes(kv: KeyValueService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/kv/store/', { config: { permission: ['can_store', 'KV'] } }, async (request) => {
      // The form field `data` is the JSON text itself (not JSON-encoded twice), so read it raw.
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const { data } = parseInput(kvStoreSchema, body);
      const entry = await kv.put('kv', data, { createdBy: request.principal.id });
      return { id: String(entry.id) };
    });

    const getValue = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const parsed = kvId.safeParse(request.params);
      if (!parsed.success) throw notFound();
      const entry = await kv.getById('kv', parsed.data.id);
      if (!entry) throw notFound();
      return reply.type('text/plain; charset=utf-8').send(entry.value);
    };
    app.get('/kv/:id/', { config: { permission: ['can_get_value', 'KV'] } }, getValue);
    app.get('/kv/:id', { config: { permission: ['can_get_value', 'KV'] } }, getValue);

    app.post('/api/v1/sqllab/permalink', { config: { permission: ['can_write', 'SqlLabPermalinkRestApi'] } }, async (request, reply) => {
      const state = parseInput(sqlLabPermalinkSchema, formFields(request));
      const entry = await kv.put('sqllab_permalink', JSON.stringify(state), { createdBy: request.principal.id });
      const key = keyFromUuid(entry.uuid);
      return reply.code(201).send({ key, url: `${origin(request)}/sqllab/p/${key}/` });
    });

    app.get('/api/v1/sqllab/permalink/:key', { config: { permission: ['can_read', 'SqlLabPermalinkRestApi'] } }, async (request) => {
      const { key } = request.params as { key: string };
      // Links shared before 5.0 point at the legacy store: `kv:<id>`.
      const legacy = /^kv:(\d+)$/.exec(key);
      if (legacy) {
        const entry = await kv.getById('kv', Number(legacy[1]));
        if (!entry) throw notFound();
        return parseStored(entry.value);
      }
      const uuid = uuidFromKey(key);
      const entry = uuid ? await kv.getByUuid('sqllab_permalink', uuid) : null;
      if (!entry) throw notFound();
      return parseStored(entry.value);
    });
  };
}
