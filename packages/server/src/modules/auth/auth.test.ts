import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, TEST_ADMIN_PASSWORD, TEST_USER_PASSWORD, type TestApp } from '../../test/testApp.js';

async function webLogin(t: TestApp, username: string, password: string) {
  const res = await fetch(`${t.url}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.get('set-cookie') ?? '';
  return { res, cookie: cookie.split(';')[0] ?? '', setCookie: cookie };
}

describe('auth over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('issues access and refresh tokens in Superset’s shape, and refresh gives a new access token', async () => {
    const res = await t.api('POST', '/api/v1/security/login', {
      token: null,
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD, provider: 'db', refresh: true },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'refresh_token']);
    const me = await t.api('GET', '/api/v1/me/', { token: res.body.access_token });
    expect(me.body.result).toMatchObject({ username: 'admin', is_active: true, is_anonymous: false });

    const refreshed = await t.api('POST', '/api/v1/security/refresh', { token: res.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.access_token).toBe('string');
    // A refresh token is not an access token.
    expect((await t.api('GET', '/api/v1/me/', { token: res.body.refresh_token })).status).toBe(401);
  });

  it('rejects wrong credentials with 401 and a message, and bad bodies with field errors', async () => {
    const wrong = await t.api('POST', '/api/v1/security/login', { token: null, body: { username: 'admin', password: 'nope-x' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid login. Please try again.' });
    const missing = await t.api('POST', '/api/v1/security/login', { token: null, body: { username: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message.password).toBeDefined();
  });

  it('rate-limits failed logins per user and IP with 429', async () => {
    const body = { username: 'ratelimited', password: 'wrong-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.api('POST', '/api/v1/security/login', { token: null, body })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await t.api('POST', '/api/v1/security/login', { token: null, body });
    expect(limited.body.message).toMatch(/Too many login attempts/);
    // Another user from the same IP is not locked out by that.
    const ok = await t.api('POST', '/api/v1/security/login', { token: null, body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(ok.status).toBe(200);
  });

  it('web login sets an httpOnly SameSite=Lax session cookie; mutations need X-CSRFToken', async () => {
    const { res, cookie, setCookie } = await webLogin(t, 'admin', TEST_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await fetch(`${t.url}/api/v1/me/`, { headers: { cookie } });
    expect(me.status).toBe(200);

    const noToken = await fetch(`${t.url}/api/v1/security/roles/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'csrf-role' }),
    });
    expect(noToken.status).toBe(400);
    expect(await noToken.text()).toContain('CSRF');

    const csrf = (await (await fetch(`${t.url}/api/v1/security/csrf_token/`, { headers: { cookie } })).json()) as { result: string };
    const withToken = await fetch(`${t.url}/api/v1/security/roles/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrftoken': csrf.result },
      body: JSON.stringify({ name: 'csrf-role' }),
    });
    expect(withToken.status).toBe(201);
  });

  it('bearer requests are exempt from CSRF', async () => {
    const res = await t.api('POST', '/api/v1/security/roles/', { body: { name: 'bearer-role' } });
    expect(res.status).toBe(201);
  });

  it('a classic form post redirects: to next on success, back to /login/ with the error on failure', async () => {
    const ok = await fetch(`${t.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: TEST_ADMIN_PASSWORD, next: '/sqllab/' }).toString(),
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/sqllab/');
    const external = await fetch(`${t.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: TEST_ADMIN_PASSWORD, next: '//evil.example/' }).toString(),
    });
    expect(external.headers.get('location')).toBe('/superset/welcome/');
    const bad = await fetch(`${t.url}/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: 'wrong' }).toString(),
    });
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toMatch(/^\/login\/\?error=/);
  });

  it('redirects after login only to paths on this site, however next is spelled', async () => {
    const formLogin = (next: string) =>
      fetch(`${t.url}/login/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'admin', password: TEST_ADMIN_PASSWORD, next }).toString(),
      });
    // `next=/%09/evil.example/` in the form arrives as `/<tab>/evil.example/`, which browsers follow to evil.example.
    // (core's safeRedirectPath.test.ts holds the whole corpus; logins are slow, so a few here.)
    const hostile = ['/\t/evil.example/', '/%09/evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/', '/..//evil.example/'];
    for (const next of hostile) {
      const res = await formLogin(next);
      expect(res.status, JSON.stringify(next)).toBe(302);
      expect(res.headers.get('location'), JSON.stringify(next)).toBe('/superset/welcome/');
    }
    expect((await formLogin('/sqllab/?dbid=1#tab')).headers.get('location')).toBe('/sqllab/?dbid=1#tab');
    // The JSON login (the web page) names the same target.
    const json = await fetch(`${t.url}/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD, next: '/\t/evil.example/' }),
    });
    expect(((await json.json()) as { redirect: string }).redirect).toBe('/superset/welcome/');
  });

  it('answers the CSRF token to signed-in callers only, as Superset does', async () => {
    const anonymous = await fetch(`${t.url}/api/v1/security/csrf_token/`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Not authorized' });
    const { cookie } = await webLogin(t, 'admin', TEST_ADMIN_PASSWORD);
    const signedIn = await fetch(`${t.url}/api/v1/security/csrf_token/`, { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { result: string }).result).toMatch(/\S{20,}/);
    expect((await t.api('GET', '/api/v1/security/csrf_token/')).status).toBe(200);
  });

  it('logout ends the session', async () => {
    const { cookie } = await webLogin(t, 'admin', TEST_ADMIN_PASSWORD);
    const out = await fetch(`${t.url}/logout/`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login/');
    expect((await fetch(`${t.url}/api/v1/me/`, { headers: { cookie } })).status).toBe(401);
  });

  it('me/roles lists roles as permission/view pairs', async () => {
    const res = await t.api('GET', '/api/v1/me/roles/');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.result.roles)).toEqual(['Admin']);
    expect(res.body.result.roles.Admin).toContainEqual(['can_write', 'Dashboard']);
    expect(res.body.result.permissions).toEqual({ database_access: [], datasource_access: [] });
  });

  it('a Gamma user is forbidden from user administration; a deactivated user cannot log in and loses sessions', async () => {
    const gamma = await createUserWithRole(t, 'gina', 'Gamma');
    const forbidden = await t.api('GET', '/api/v1/security/users/', { token: gamma });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'Forbidden' });

    const { cookie } = await webLogin(t, 'gina', TEST_USER_PASSWORD);
    expect((await fetch(`${t.url}/api/v1/me/`, { headers: { cookie } })).status).toBe(200);
    const users = await t.api('GET', `/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:gina)))`);
    const id = users.body.result[0].id as number;
    expect((await t.api('PUT', `/api/v1/security/users/${id}`, { body: { active: false } })).status).toBe(200);
    expect((await fetch(`${t.url}/api/v1/me/`, { headers: { cookie } })).status).toBe(401);
    expect((await t.api('GET', '/api/v1/me/', { token: gamma })).status).toBe(401);
    const relogin = await webLogin(t, 'gina', TEST_USER_PASSWORD);
    expect(relogin.res.status).toBe(401);
  });

  it('an admin cannot deactivate or delete themself', async () => {
    const me = await t.api('GET', '/api/v1/me/');
    const res = await t.api('PUT', `/api/v1/security/users/${me.body.result.id}`, { body: { active: false } });
    expect(res.status).toBe(422);
    expect((await t.api('DELETE', `/api/v1/security/users/${me.body.result.id}`)).status).toBe(422);
  });
});
