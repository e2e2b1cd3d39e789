import { errorEntry, MAX_JSON_DEPTH, type ErrorEntry, type ErrorType, type FieldMessages } from '@tessera/core';

/**
 * An error that already knows its HTTP answer. Services throw these; the error handler writes them.
 * Body shapes follow Superset: `{message}` (string or per-field object) or `{errors: [...]}`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, { message });
export const forbidden = (message = 'Forbidden') => new ApiError(403, { message });
export const unauthorized = (message = 'Not authorized') => new ApiError(401, { message });
export const badRequest = (message: string | FieldMessages) => new ApiError(400, { message });
export const unprocessable = (message: string | FieldMessages) => new ApiError(422, { message });
/** FAB's answer to a body that is not JSON (broken, or sent as another content type). */
export const notJson = () => new ApiError(400, { errors: [errorEntry('INVALID_PAYLOAD_FORMAT_ERROR', 'Request is not JSON')], message: 'Request is not JSON' });

/**
 * JSON nesting deeper than core's MAX_JSON_DEPTH, in the body itself (`field` null) or in a field, as the catalogue's
 * payload-format error: refused before anything recursive reads it.
 */
export function jsonTooDeep(field: string | null): ApiError {
  const message = `${field ? `${field}: JSON` : 'Request JSON'} nests deeper than ${MAX_JSON_DEPTH} levels`;
  return new ApiError(400, { message, errors: [errorEntry('INVALID_PAYLOAD_FORMAT_ERROR', message, { max_depth: MAX_JSON_DEPTH, ...(field ? { field } : {}) })] });
}

/**
 * The same error with its first entry's message also at the top (`{message, errors}`): chart data answers
 * carry both, as scripts read `.message` and the explorer reads `errors`.
 */
export function withTopMessage(err: ApiError): ApiError {
  const first = (err.body.errors as { message: string }[] | undefined)?.[0];
  return first && err.body.message === undefined ? new ApiError(err.statusCode, { message: first.message, ...err.body }) : err;
}

/** `{errors: [...]}` with the catalogue's issue codes. */
export function errorsResponse(status: number, entries: ErrorEntry[]): ApiError {
  return new ApiError(status, { errors: entries });
}

export function catalogueError(
  status: number,
  type: ErrorType,
  message?: string,
  extra: Record<string, unknown> = {},
): ApiError {
  return errorsResponse(status, [errorEntry(type, message, extra)]);
}
