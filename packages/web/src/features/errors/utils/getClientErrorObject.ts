import { CLIENT_ERROR_MESSAGES, issueCodesFor, type ErrorType, type FieldMessages } from '@tessera/core';
import type { ClientErrorEntry, ClientErrorObject } from './clientErrorTypes';
import { ERROR_CODE_LOOKUP } from './errorCodeLookup';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function frontendError(type: ErrorType, message: string, extra: JsonObject = {}): ClientErrorEntry {
  return { message, error_type: type, level: 'error', extra: { ...extra, issue_codes: issueCodesFor(type) } };
}

function timeoutError(timeoutMs?: number): ClientErrorObject {
  const extra = timeoutMs ? { timeout: timeoutMs / 1000 } : {};
  return {
    error: CLIENT_ERROR_MESSAGES.timeout,
    errors: [frontendError('FRONTEND_TIMEOUT_ERROR', CLIENT_ERROR_MESSAGES.timeout, extra)],
  };
}

function networkError(): ClientErrorObject {
  return {
    error: CLIENT_ERROR_MESSAGES.network,
    errors: [frontendError('FRONTEND_NETWORK_ERROR', CLIENT_ERROR_MESSAGES.network)],
  };
}

function csrfError(base: Omit<ClientErrorObject, 'error'>): ClientErrorObject {
  return {
    ...base,
    error: CLIENT_ERROR_MESSAGES.sessionTimedOut,
    errors: [frontendError('FRONTEND_CSRF_ERROR', CLIENT_ERROR_MESSAGES.sessionTimedOut)],
  };
}

function firstFieldMessage(message: JsonObject): string | undefined {
  const first = Object.values(message)[0];
  if (typeof first === 'string') return asString(first);
  if (Array.isArray(first)) return asString(first[0]);
  if (isObject(first)) return firstFieldMessage(first);
  return undefined;
}

const mentionsCsrf = (text: string | undefined) => text !== undefined && /csrf/i.test(text);

/** Superset's parseErrorJson: a JSON error body to a ClientErrorObject (`error` may still be missing). */
function parseErrorJson(body: JsonObject): Partial<ClientErrorObject> {
  const result: Partial<ClientErrorObject> = {};
  let error = asString(body.error);
  let description = asString(body.description);

  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const entries = body.errors.filter(isObject) as unknown as ClientErrorEntry[];
    const first = entries[0];
    result.errors = entries;
    if (first) {
      error = asString(first.message) ?? error;
      description = description ?? asString(first.message);
      const link = isObject(first.extra) ? asString(first.extra.link) : undefined;
      if (link) result.link = link;
    }
  }

  if (typeof body.message === 'string') result.message = body.message;
  // Not checked further: readers flatten it and skip anything that is not text.
  if (isObject(body.message)) result.fieldErrors = body.message as FieldMessages;
  if (!error && body.message !== undefined && body.message !== null) {
    if (isObject(body.message)) error = firstFieldMessage(body.message) ?? CLIENT_ERROR_MESSAGES.invalidInput;
    else if (typeof body.message === 'string') error = body.message;
  }

  if (description) result.description = description;
  if (typeof body.stack === 'string' && body.stack) {
    result.stacktrace = body.stack;
    error = CLIENT_ERROR_MESSAGES.unexpectedPrefix + (description ?? CLIENT_ERROR_MESSAGES.noDescription);
  } else if (mentionsCsrf(error) || mentionsCsrf(result.message)) {
    return csrfError(result);
  }
  if (error) result.error = error;
  return result;
}

function fromHttpResponse(status: number, statusText: string | undefined, data: unknown): ClientErrorObject {
  const base = { status, ...(statusText ? { statusText } : {}) };
  if (isObject(data)) {
    const parsed = parseErrorJson(data);
    return { ...base, ...parsed, error: parsed.error ?? ERROR_CODE_LOOKUP[status] ?? statusText ?? CLIENT_ERROR_MESSAGES.generic };
  }
  const text = typeof data === 'string' ? data : undefined;
  if (mentionsCsrf(text)) return csrfError(base);
  return { ...base, error: ERROR_CODE_LOOKUP[status] ?? asString(statusText) ?? asString(text) ?? CLIENT_ERROR_MESSAGES.generic };
}

/**
 * Normalises any failure into `{error, errors?, link?, status?, statusText?, message?}`
 * (spec charts-dashboards-reports §8). Accepts a text, an Error (TypeError = failed fetch, AbortError/TimeoutError =
 * timeout), an RTK Query error from our base query (`{status, data}`, `FETCH_ERROR`, `TIMEOUT_ERROR`) or a parsed body.
 */
export function getClientErrorObject(input: unknown): ClientErrorObject {
  if (typeof input === 'string') return { error: input || CLIENT_ERROR_MESSAGES.generic };

  // DOMException is not an Error subclass everywhere (jsdom), so look at the name first.
  const name = isObject(input) || input instanceof Error ? (input as { name?: unknown }).name : undefined;
  if (name === 'AbortError' || name === 'TimeoutError') return timeoutError();
  if (input instanceof Error) {
    if (input instanceof TypeError) return networkError();
    return { error: asString(input.message) ?? CLIENT_ERROR_MESSAGES.generic };
  }

  if (!isObject(input)) return { error: CLIENT_ERROR_MESSAGES.generic };

  if (input.status === 'FETCH_ERROR') return networkError();
  if (input.status === 'TIMEOUT_ERROR' || input.statusText === 'timeout') {
    return timeoutError(typeof input.timeout === 'number' ? input.timeout : undefined);
  }
  if (typeof input.status === 'number' && 'data' in input) {
    return fromHttpResponse(input.status, asString(input.statusText), input.data);
  }

  // A parsed body (or an RTK SerializedError: {name, message, stack}).
  const parsed = parseErrorJson(input);
  const status = typeof input.status === 'number' ? input.status : undefined;
  return {
    ...parsed,
    ...(status !== undefined ? { status } : {}),
    ...(asString(input.statusText) ? { statusText: asString(input.statusText) } : {}),
    error: parsed.error ?? asString(input.statusText) ?? (status ? ERROR_CODE_LOOKUP[status] : undefined) ?? CLIENT_ERROR_MESSAGES.generic,
  };
}

/** Reads a raw fetch Response (JSON or not) and normalises it. */
export async function getClientErrorObjectFromResponse(response: Response): Promise<ClientErrorObject> {
  const text = await response.text().catch(() => '');
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return fromHttpResponse(response.status, response.statusText, data);
}
