import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../app/httpErrors.js';
import type { Secrets } from '../../app/secrets.js';
import type { RequestPrincipal } from '../security/security.service.js';
import type { AuthService } from './auth.service.js';

export const SESSION_COOKIE = 'session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    principal: RequestPrincipal;
  }
}

export function csrfBinding(principal: RequestPrincipal): string {
  return principal.sessionId ? `session:${principal.sessionId}` : 'anonymous';
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

/** Turns an embedded dashboard's guest token into its principal (401 for a bad one); see modules/guestToken. */
export interface GuestAuthenticator {
  principalFor(token: string): Promise<RequestPrincipal>;
}

function guestTokenOf(request: FastifyRequest): string | null {
  const header = request.headers['x-guesttoken'];
  const token = Array.isArray(header) ? header[0] : header;
  return token?.trim() ? token.trim() : null;
}

/**
 * Resolves the caller on every request, then enforces CSRF on mutating cookie-authenticated requests.
 * Bearer and guest-token requests are exempt: a browser never attaches those headers on its own.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService, secrets: Secrets, guests: GuestAuthenticator | null = null): void {
  app.decorateRequest('principal', null as unknown as RequestPrincipal);
  app.addHook('onRequest', async (request) => {
    // A guest token wins over a session cookie: an embedded page acts as its guest, whoever is signed in.
    const guestToken = guests ? guestTokenOf(request) : null;
    if (guests && guestToken !== null) {
      request.principal = await guests.principalFor(guestToken);
      return;
    }
    const bearer = request.routeOptions.config?.bearerIsRefreshToken ? null : bearerOf(request);
    request.principal = await auth.resolve(bearer, request.cookies[SESSION_COOKIE] ?? null);
    if (SAFE_METHODS.has(request.method) || request.principal.via !== 'session') return;
    if (request.routeOptions.config?.csrfExempt) return;
    const header = request.headers['x-csrftoken'] ?? request.headers['x-csrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!secrets.verifyCsrf(csrfBinding(request.principal), token)) {
      throw new ApiError(400, { message: 'The CSRF token is missing or invalid.', error_type: 'FRONTEND_CSRF_ERROR' });
    }
  });
}
