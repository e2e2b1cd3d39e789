import { DATASOURCE_TYPES, errorEntry, queryContextSchema, type QueryContext } from '@tessera/core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ApiError, badRequest } from '../../app/httpErrors.js';
import { JsonText } from '../../app/jsonBody.js';
import { fieldErrors } from '../../app/validate.js';
import { deepFreeze } from './deepFreeze.js';
import type { ChartDataAnswer } from './chartData.service.js';

/** A JSON-encoded form field (Superset's postPayload) or the value itself. */
export function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ApiError(400, { message: 'Request is not JSON', errors: [errorEntry('INVALID_PAYLOAD_FORMAT_ERROR', 'Request is not JSON')] });
  }
}

/**
 * The query context of a chart data request: a JSON body, or the form field `form_data` holding it
 * as JSON (explore's download form posts it that way). A bad one is a 400 with the field messages.
 */
const PARSED_LIMIT = 256;
/**
 * Dashboards send the same few query contexts again and again: validated ones are kept by their JSON
 * text, so a repeat costs one JSON.stringify instead of a schema walk. Callers get a shallow copy
 * (they may set top-level fields such as force); nested parts are never changed by the engine.
 */
const parsedContexts = new Map<string, QueryContext>();

export function parseQueryContext(body: unknown): QueryContext {
  // A JSON body as sent (routes with `jsonText`): a repeat is found by its text and never parsed.
  const text = body instanceof JsonText ? body.text : JSON.stringify(body ?? null);
  const known = parsedContexts.get(text);
  if (known) return { ...known };
  const context = validateQueryContext(body instanceof JsonText ? body.parse() : body);
  // Shared between requests (and keyed by identity in chartCacheKey): a change would be a bug, so it throws.
  deepFreeze(context.queries);
  if (parsedContexts.size >= PARSED_LIMIT) parsedContexts.delete(parsedContexts.keys().next().value!);
  parsedContexts.set(text, context);
  return { ...context };
}

function validateQueryContext(body: unknown): QueryContext {
  const raw = body && typeof body === 'object' && !Array.isArray(body) && 'form_data' in body && !('queries' in body) ? jsonField((body as { form_data: unknown }).form_data) : body;
  const type = (raw as { datasource?: { type?: unknown } } | null)?.datasource?.type;
  if (typeof type === 'string' && !(DATASOURCE_TYPES as readonly string[]).includes(type)) {
    const message = `Unknown datasource type: ${type}`;
    throw new ApiError(400, { message, errors: [errorEntry('UNKNOWN_DATASOURCE_TYPE_ERROR', message)] });
  }
  const parsed = queryContextSchema.safeParse(withLegacyQueryFields(raw ?? {}));
  if (!parsed.success) throw invalidPayload(parsed.error);
  return parsed.data;
}

/** Superset's deprecated top-level query fields, which its QueryObject moves into `extras`. */
const DEPRECATED_EXTRAS = ['where', 'having', 'time_grain_sqla'] as const;

/**
 * Query objects as older clients send them, in today's shape: a non-empty `where`/`having`/`time_grain_sqla`
 * at the top replaces the one in `extras` (as Superset's QueryObject does), and a null `orderby` means none.
 * Anything else is left to the schema.
 */
function withLegacyQueryFields(raw: unknown): unknown {
  const queries = (raw as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(queries)) return raw;
  const upgrade = (q: unknown): unknown => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) return q;
    const { orderby, ...rest } = q as Record<string, unknown>;
    const out: Record<string, unknown> = orderby === null ? rest : { ...rest, orderby };
    const moved = DEPRECATED_EXTRAS.filter((field) => out[field] !== undefined);
    if (moved.length === 0) return out;
    const extras = out.extras && typeof out.extras === 'object' && !Array.isArray(out.extras) ? { ...(out.extras as Record<string, unknown>) } : {};
    for (const field of moved) {
      if (out[field]) extras[field] = out[field];
      delete out[field];
    }
    return { ...out, extras };
  };
  return { ...(raw as Record<string, unknown>), queries: queries.map(upgrade) };
}

/** The 400 of a payload that fails its schema: field messages at the top and in one INVALID_PAYLOAD_SCHEMA_ERROR entry. */
export function invalidPayload(error: z.ZodError): ApiError {
  const messages = fieldErrors(error);
  return new ApiError(400, { message: messages, errors: [errorEntry('INVALID_PAYLOAD_SCHEMA_ERROR', 'Request is not valid.', { messages })] });
}

/** A saved chart's `query_context` as a query context; a 400 when it is missing or unreadable. */
export function savedQueryContext(text: string | null): QueryContext {
  const missing = () => badRequest('Chart has no query context saved. Please save the chart again.');
  if (!text) throw missing();
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    throw missing();
  }
  return parseQueryContext(saved);
}

/** `slice_id` from the `form_data` query parameter (`?form_data={"slice_id":N}`), if any. */
export function sliceIdOf(formData: unknown): number | null {
  if (typeof formData !== 'string') return null;
  try {
    const id = (JSON.parse(formData) as { slice_id?: unknown }).slice_id;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export const truthy = (v: unknown): boolean => v === true || v === 'true' || v === '1' || v === 'True';

export function sendAnswer(reply: FastifyReply, answer: ChartDataAnswer) {
  if (answer.kind === 'json') return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.json);
  return reply.code(200).type(answer.contentType).header('content-disposition', `attachment; filename="${answer.filename}"`).send(answer.body);
}
