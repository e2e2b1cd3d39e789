import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorEntry, type FieldMessages, type ThumbnailAcceptedResponse } from '@tessera/core';
import { ApiError } from '../app/httpErrors.js';
import { decodeRison } from '../app/rison.js';
import { fieldErrors } from '../app/validate.js';
import type { ScreenshotTaskAnswer, ThumbnailAnswer } from './renderRequests.js';

/** The HTTP side shared by the chart and dashboard picture routes (facts §2.4, §2.5). */

// A picture is immutable per digest until forced again; private: it is drawn for one user.
export const IMAGE_CACHE_CONTROL = 'private, max-age=3600';

/** A 400 in the catalogue's shape, with FAB's per-field messages. */
export function invalidQuery(messages: FieldMessages): ApiError {
  return new ApiError(400, { message: messages, errors: [errorEntry('INVALID_PAYLOAD_SCHEMA_ERROR', 'Request is not valid.', { messages })] });
}

/** The rison `q` against its core schema; any mistake is a 400 in the catalogue's shape. */
export function screenshotQueryArgs<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  let decoded: unknown;
  try {
    decoded = decodeRison((request.query as Record<string, unknown> | undefined)?.q) ?? {};
  } catch {
    throw invalidQuery({ q: ['Not a valid rison argument'] });
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) throw invalidQuery(fieldErrors(parsed.error));
  return parsed.data;
}

const searchOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at);
};

/** A thumbnail answer as HTTP: a redirect to the current digest (query kept), 202 while drawn, or the PNG. */
export function sendThumbnail(request: FastifyRequest, reply: FastifyReply, answer: ThumbnailAnswer): FastifyReply {
  if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location + searchOf(request), 302);
  if (answer.kind === 'accepted') {
    const body: ThumbnailAcceptedResponse = { message: 'OK' };
    return reply.code(202).header('cache-control', 'no-store').send(body);
  }
  return reply
    .type('image/png')
    .header('cache-control', IMAGE_CACHE_CONTROL)
    .header('last-modified', new Date(answer.updatedAt).toUTCString())
    .send(answer.image);
}

/** A cache_screenshot answer: its state changes with every poll, so it is never cached. */
export function sendScreenshotTask<B>(reply: FastifyReply, answer: ScreenshotTaskAnswer<B>): FastifyReply {
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}
