import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Superset's legacy views (tab state, table schema, KV, saved-query form) post `multipart/form-data` or
 * urlencoded fields whose values are JSON-encoded (`queryEditor={"name":...}`, `expanded=true`). Newer
 * clients post JSON. `formFields` gives one object either way.
 */
export async function registerFormFields(app: FastifyInstance): Promise<void> {
  // Fields only: a file part is refused by busboy's limit, so nothing is ever written to disk.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fieldSize: 20 * 1024 * 1024, fields: 100 },
  });
}

/** Decodes a form value as JSON when it is JSON; a bare word (`SELECT 1` sent unencoded) stays text. */
export function decodeField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function isJsonRequest(request: FastifyRequest): boolean {
  return /^application\/(.+\+)?json/i.test(request.headers['content-type'] ?? '');
}

/** The request body as an object, form values JSON-decoded. */
export function formFields(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  if (isJsonRequest(request)) return body as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, decodeField(v)]));
}
