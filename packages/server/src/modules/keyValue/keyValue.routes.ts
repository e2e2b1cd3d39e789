import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { kvStoreSchema, sqlLabPermalinkSchema } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { parseInput } from '../../app/validate.js';
import { formFields } from '../tabState/formFields.js';
import { keyFromUuid, uuidFromKey, type KeyValueService } from './keyValue.service.js';
import type { SharedQueriesService } from './sharedQueries.service.js';

/** A legacy KV key: 22 url-safe characters (128 random bits), or an old numeric id (its owner only). */
const KV_KEY = '(?:\\d{1,15}|[A-Za-z0-9_-]{22})';
const kvKey = z.object({ id: z.string().regex(new RegExp(`^${KV_KEY}$`)) });
const legacyPermalink = new RegExp(`^kv:(${KV_KEY})$`);

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function parseStored(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw notFound();
  }
}

/** The legacy KV store (`/kv/*`, shared SQL Lab links before 5.0) and SQL Lab permalinks. */
export function keyValueRoutes(kv: KeyValueService, shared: SharedQueriesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/kv/store/', { config: { permission: ['can_store', 'KV'] } }, async (request) => {
      // The form field `data` is the JSON text itself (not JSON-encoded twice), so read it raw.
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const { data } = parseInput(kvStoreSchema, body);
      return { id: await shared.store(request.principal, data) };
    });

    const getValue = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const parsed = kvKey.safeParse(request.params);
      if (!parsed.success) throw notFound();
      return reply.type('text/plain; charset=utf-8').send(await shared.read(request.principal, parsed.data.id));
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
      // Links shared before 5.0 point at the legacy store: `kv:<key>`, read by its rules.
      const legacy = legacyPermalink.exec(key);
      if (legacy) return parseStored(await shared.read(request.principal, legacy[1]!));
      const uuid = uuidFromKey(key);
      const entry = uuid ? await kv.getByUuid('sqllab_permalink', uuid) : null;
      if (!entry) throw notFound();
      return parseStored(entry.value);
    });
  };
}
