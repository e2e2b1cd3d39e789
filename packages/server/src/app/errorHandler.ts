import type { FastifyError, FastifyInstance } from 'fastify';
import { errorEntry } from '@tessera/core';
import { ApiError, notJson } from './httpErrors.js';
import { MAX_BODY_BYTES } from './jsonBody.js';

/**
 * One place turns failures into HTTP answers in Superset's shapes. The user's mistakes
 * (bad JSON, bad fields, unknown ids) get 4xx with a message; only our own bugs are 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(error.body);
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: 'Unsupported Media Type' });
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const message = `Request body is too large (the limit is ${MAX_BODY_BYTES / (1024 * 1024)} MB)`;
      return reply.code(413).send({ message, errors: [errorEntry('INVALID_PAYLOAD_FORMAT_ERROR', message, { max_bytes: MAX_BODY_BYTES })] });
    }
    if (fe.statusCode === 429) {
      return reply.code(429).send({ message: fe.message || 'Too many requests' });
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send(notJson().body);
    }
    if (fe.validation || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      return reply.code(fe.statusCode ?? 400).send({ message: fe.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      errors: [errorEntry('GENERIC_BACKEND_ERROR', 'An unexpected error occurred. The request id is ' + request.id)],
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: 'Not found' });
  });
}
