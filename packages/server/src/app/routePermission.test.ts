import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { MissingRoutePermissionError, requireRoutePermissions } from './routePermission.js';

describe('route permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses to register a route that declares no permission', async () => {
    const app = Fastify();
    requireRoutePermissions(app);
    expect(() => app.get('/api/v1/forgotten', async () => 'x')).toThrow(MissingRoutePermissionError);
    await app.close();
  });

  it('every route of the real app declares a permission', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    for (const route of t.routes) expect(route.permission, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('only login, token, csrf, me and health routes are public under /api/v1', () => {
    const publicApi = t.routes
      .filter((r) => r.url.startsWith('/api/v1/') && r.permission === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicApi).toEqual(
      [
        'GET /api/v1/me/',
        'GET /api/v1/me/roles/',
        'GET /api/v1/security/csrf_token/',
        'POST /api/v1/security/login',
        'POST /api/v1/security/refresh',
      ].sort(),
    );
  });

  it('answers 401 to anonymous and 403 to a user without the pair', async () => {
    const anon = await t.api('GET', '/api/v1/security/users/', { token: null });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ message: 'Not authorized' });
  });
});
