import { parseJson } from './parseJson';

export const CSRF_TOKEN_URL = '/api/v1/security/csrf_token/';

let pending: Promise<string | null> | null = null;

async function fetchCsrfToken(): Promise<string | null> {
  const response = await globalThis.fetch(CSRF_TOKEN_URL, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const body = parseJson(await response.text()) as { result?: unknown } | null;
  return typeof body?.result === 'string' ? body.result : null;
}

/**
 * The CSRF token for mutating requests, fetched lazily once and cached.
 * A failed fetch is not cached, so the next mutation tries again.
 */
export function getCsrfToken(): Promise<string | null> {
  pending ??= fetchCsrfToken()
    .catch(() => null)
    .then((token) => {
      if (token === null) pending = null;
      return token;
    });
  return pending;
}

/** Forget the cached token (after a CSRF failure, login or logout: the token is bound to the session). */
export function resetCsrfToken(): void {
  pending = null;
}
