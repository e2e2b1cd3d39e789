import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { getCsrfToken, resetCsrfToken } from './csrfToken';
import { getGuestToken, guestTokenHeaders } from './guestToken';
import { DEFAULT_TIMEOUT_MS, type HttpError, type HttpRequest } from './httpTypes';
import { parseJson } from './parseJson';
import { sessionExpired } from './sessionExpired';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls whose 401 means "not logged in" rather than "session expired". */
const AUTH_URL_PREFIXES = ['/login', '/api/v1/me/'];

function buildUrl({ url, params }: HttpRequest): string {
  if (!params) return url;
  const search = Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

function isCsrfFailure(status: number, text: string): boolean {
  return (status === 400 || status === 403) && /csrf/i.test(text);
}

async function buildInit(request: HttpRequest, method: string, signal: AbortSignal): Promise<RequestInit> {
  const headers: Record<string, string> = { Accept: 'application/json', ...guestTokenHeaders() };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  if (MUTATING.has(method) && request.csrf !== false && getGuestToken() === null) {
    const token = await getCsrfToken();
    if (token) headers['X-CSRFToken'] = token;
  }
  return { method, headers, body, credentials: 'same-origin', signal };
}

interface RawResult {
  response: Response;
  text: string;
}

async function send(request: HttpRequest, method: string, signal: AbortSignal): Promise<RawResult> {
  const response = await globalThis.fetch(buildUrl(request), await buildInit(request, method, signal));
  return { response, text: await response.text() };
}

/**
 * The one base query of the app: fetch with the session cookie, a CSRF header on mutations (refetching the
 * token once when the server rejects it), lossless JSON parsing and a timeout.
 */
export const tesseraBaseQuery: BaseQueryFn<HttpRequest | string, unknown, HttpError> = async (arg, api) => {
  const request: HttpRequest = typeof arg === 'string' ? { url: arg } : arg;
  const method = request.method ?? 'GET';
  const timeout = request.timeout ?? DEFAULT_TIMEOUT_MS;

  const controller = new AbortController();
  let timedOut = false;
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
  const forwardAbort = () => controller.abort();
  api.signal.addEventListener('abort', forwardAbort);

  try {
    let { response, text } = await send(request, method, controller.signal);
    if (MUTATING.has(method) && isCsrfFailure(response.status, text)) {
      resetCsrfToken();
      ({ response, text } = await send(request, method, controller.signal));
    }
    const data = parseBody(text);
    if (response.ok) return { data, meta: { status: response.status } };
    // A guest's 401 is its token expiring (the host sends a fresh one): there is no session to sign in again to.
    if (response.status === 401 && getGuestToken() === null && !AUTH_URL_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      api.dispatch(sessionExpired());
    }
    return { error: { status: response.status, statusText: response.statusText, data } };
  } catch (caught) {
    if (timedOut) return { error: { status: 'TIMEOUT_ERROR', error: 'Request timed out', timeout } };
    return { error: { status: 'FETCH_ERROR', error: String(caught) } };
  } finally {
    clearTimeout(timer);
    api.signal.removeEventListener('abort', forwardAbort);
  }
};
