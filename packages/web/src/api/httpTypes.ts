export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint asks the base query for. */
export interface HttpRequest {
  url: string;
  method?: HttpMethod;
  /** Plain values are sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Extra query-string parameters. */
  params?: Record<string, string | number | boolean | undefined>;
  /** Request timeout in ms (0 = none). Defaults to DEFAULT_TIMEOUT_MS. */
  timeout?: number;
  /** false: a mutation the server exempts from CSRF (login), sent without fetching a token. */
  csrf?: boolean;
}

/** A failed request as the base query reports it (kept serialisable for the store). */
export type HttpError =
  | { status: number; statusText: string; data: unknown }
  | { status: 'FETCH_ERROR'; error: string }
  | { status: 'TIMEOUT_ERROR'; error: string; timeout: number };

/** Superset's web-server timeout (60 s) applies to every API request unless an endpoint overrides it. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export function isHttpError(value: unknown): value is HttpError {
  if (typeof value !== 'object' || value === null || !('status' in value)) return false;
  const { status } = value as { status: unknown };
  return typeof status === 'number' || status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

export function httpStatus(error: unknown): number | undefined {
  return isHttpError(error) && typeof error.status === 'number' ? error.status : undefined;
}
