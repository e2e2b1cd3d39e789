import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loginRequestSchema, safeRedirectPath } from '@tessera/core';
import { ApiError, unauthorized } from '../../app/httpErrors.js';
import type { Secrets } from '../../app/secrets.js';
import { parseInput } from '../../app/validate.js';
import { audited, auditedLogin } from '../audit/index.js';
import type { AuthService } from './auth.service.js';
import { csrfBinding, SESSION_COOKIE } from './authenticate.js';

const webLoginSchema = z.object({
  username: z.string().min(1, 'Missing data for required field.'),
  password: z.string().min(1, 'Missing data for required field.'),
  next: z.string().optional(),
});

/** Where login sends the user: `next` when it is a path on this site (core's rule, shared with the web login page). */
export function safeNext(next: string | undefined): string {
  return safeRedirectPath(next, '/superset/welcome/');
}

function isFormPost(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

export function authRoutes(auth: AuthService, secrets: Secrets, secureCookies: boolean) {
  return async function register(app: FastifyInstance): Promise<void> {
    const setSession = async (reply: FastifyReply, userId: Parameters<AuthService['startSession']>[0]) => {
      const { cookie, maxAgeS } = await auth.startSession(userId);
      reply.setCookie(SESSION_COOKIE, cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: maxAgeS,
      });
    };

    app.post('/api/v1/security/login', { config: { permission: 'public', csrfExempt: true } }, async (request) => {
      const body = parseInput(loginRequestSchema, request.body);
      if (body.provider !== 'db') throw unauthorized('Only the "db" provider is supported');
      const user = await auditedLogin(request, body.username, 'api', auth.authenticate(body.username, body.password, request.ip));
      return auth.issueTokens(user, body.refresh);
    });

    app.post('/api/v1/security/refresh', { config: { permission: 'public', csrfExempt: true, bearerIsRefreshToken: true } }, async (request) => {
      const header = request.headers.authorization ?? '';
      const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
      if (!token) throw unauthorized('Missing refresh token');
      const refreshed = await audited(request, { action: 'auth.token_refresh' }, auth.refreshAs(token), ({ user }) => ({ userId: user.id, username: user.username }));
      return refreshed.tokens;
    });

    // Signed-in callers only, as Superset answers: login itself needs no token (it is CSRF-exempt), and an
    // anonymous caller has no session for a token to protect.
    app.get('/api/v1/security/csrf_token/', { config: { permission: 'public' } }, async (request) => {
      if (!request.principal.user) throw unauthorized();
      return { result: secrets.csrfToken(csrfBinding(request.principal)) };
    });

    // The web login form: JSON from the React page, or a classic form post (redirects like FAB's /login/).
    app.post('/login/', { config: { permission: 'public', csrfExempt: true } }, async (request, reply) => {
      const form = isFormPost(request);
      try {
        const body = parseInput(webLoginSchema, request.body);
        const user = await auditedLogin(request, body.username, 'web', auth.authenticate(body.username, body.password, request.ip));
        if (request.principal.sessionId) await auth.endSession(request.principal.sessionId);
        await setSession(reply, user);
        if (form) return reply.redirect(safeNext(body.next), 302);
        return { result: auth.me(user), redirect: safeNext(body.next) };
      } catch (err) {
        if (form && err instanceof ApiError) {
          const msg = typeof err.body.message === 'string' ? err.body.message : 'Invalid login. Please try again.';
          return reply.redirect(`/login/?error=${encodeURIComponent(msg)}`, 302);
        }
        throw err;
      }
    });

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.principal.sessionId) await auth.endSession(request.principal.sessionId);
      if (request.principal.user) await request.audit({ action: 'auth.logout' });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.redirect('/login/', 302);
    };
    app.get('/logout/', { config: { permission: 'public' } }, logout);
    app.post('/logout/', { config: { permission: 'public', csrfExempt: true } }, logout);

    app.get('/api/v1/me/', { config: { permission: 'public' } }, async (request) => {
      const { user } = request.principal;
      if (!user) throw unauthorized();
      return { result: auth.me(user) };
    });

    app.get('/api/v1/me/roles/', { config: { permission: 'public' } }, async (request) => {
      const { principal } = request;
      if (!principal.user) throw unauthorized();
      return { result: auth.meRoles({ ...principal, user: principal.user }) };
    });
  };
}
