import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '@tessera/core';
import type { RoutePermission, RouteRecord } from '../app/routePermission.js';
import { describeAnswer } from './__tests__/flightsMarkers.js';
import { fillPath, methodsOf, missingValue, OBJECT_PARAMS, paramsOf, queryFor, realValue } from './__tests__/routePaths.js';
import { CALLER_NAMES, startSecurityWorld, writeWebShell, type Caller, type SecurityWorld } from './__tests__/securityWorld.js';

/**
 * The route inventory: every route the running server registered (the permission registry that refuses a route
 * without one), called by every caller of the role matrix. A caller whose roles lack the route's permission is
 * refused before the handler runs: 401 when nobody is signed in, 403 otherwise, never 200 and never 500. Routes open
 * to anonymous callers or to any signed-in user are listed here with their reason, so a new one fails this suite
 * until someone says why it is open.
 */

/** Open to anyone: why, and what an anonymous call without a body answers. */
const PUBLIC_ROUTES: Record<string, { reason: string; anonymous: number }> = {
  'GET /health': { reason: 'load balancers probe it without credentials', anonymous: 200 },
  'GET /healthcheck': { reason: "Superset's name for /health", anonymous: 200 },
  'POST /api/v1/security/login': { reason: 'how an API client gets its first token', anonymous: 400 },
  'POST /api/v1/security/refresh': { reason: 'carries a refresh token, which its handler checks', anonymous: 401 },
  'GET /api/v1/security/csrf_token/': { reason: 'a signed-in session asks it for its token; answers 401 itself to anonymous callers', anonymous: 401 },
  'POST /login/': { reason: 'the web login form', anonymous: 400 },
  'GET /logout/': { reason: 'ends the session its cookie names, if any', anonymous: 302 },
  'POST /logout/': { reason: 'ends the session its cookie names, if any', anonymous: 302 },
  'GET /api/v1/me/': { reason: 'the web app asks it to learn whether to show the login page; answers 401 itself', anonymous: 401 },
  'GET /api/v1/me/roles/': { reason: 'as /api/v1/me/: answers 401 itself to anonymous callers', anonymous: 401 },
  'GET /*': { reason: 'the web app shell and its static files (API prefixes answer 404 there)', anonymous: 200 },
  'GET /embedded/:uuid': {
    reason: 'the embedded dashboard page a host application frames; it holds no data (the guest token it is handed reads that), 404 for an id that is not embedded',
    anonymous: 404,
  },
};

/** Open to any signed-in user, whatever their roles. */
const AUTHENTICATED_ROUTES: Record<string, string> = {
  'GET /api/v1/time_range/': 'turns a time range text into dates; reads no data',
  'GET /api/v1/async_event/': "reads only the caller's own event channel",
};

/** Routes that change something yet need only a read permission (Superset's method map says so for each). */
const READ_PERMISSION_CHANGES: Record<string, string> = {
  'POST /api/v1/query/stop': "Superset's stop_query is can_read; the service stops only the caller's own runs",
  'POST /api/v1/sqllab/format_sql/': 'formats the SQL text it is sent; stores nothing',
  'POST /api/v1/chart/data': "reads data (Superset's `data` is can_read); CSV and XLSX also need can_csv",
  'POST /datasource/samples': 'reads samples of a dataset the caller may query',
  'POST /api/v1/chart/:pk/favorites/': "a favourite is the caller's own mark on a chart they see (Superset: can_read)",
  'DELETE /api/v1/chart/:pk/favorites/': 'removes the mark above',
  'POST /api/v1/dashboard/:pk/favorites/': "a favourite is the caller's own mark on a dashboard they see (Superset: can_read)",
  'DELETE /api/v1/dashboard/:pk/favorites/': 'removes the mark above',
  'POST /api/v1/dashboard/:pk/cache_dashboard_screenshot/':
    "queues a picture of a dashboard the caller sees, drawn as the caller (Superset's method map: can_read)",
};

/** GET routes whose made-up object is not a plain 404 for the admin, with the answer and why. */
const MISSING_OBJECT_ANSWERS: Record<string, { status: number; reason: string }> = {};

const CONCURRENCY = 6;

interface Call {
  route: RouteRecord;
  method: string;
  caller: Caller;
  url: string;
}

const label = (route: RouteRecord, method: string) => `${method} ${route.url}`;

function mayCall(caller: Caller, permission: RoutePermission): boolean {
  if (permission === 'public') return true;
  if (permission === 'authenticated') return caller.id !== null;
  return hasPermission(caller.principal, permission[0], permission[1]);
}

describe('route inventory: every route against every role', () => {
  let world: SecurityWorld;
  let webDir: string;
  let routes: RouteRecord[];

  beforeAll(async () => {
    webDir = writeWebShell(mkdtempSync(path.join(tmpdir(), 'tessera-shell-')));
    // Thumbnails on so their routes are registered; no browser: a render the sweep queues fails at once.
    world = await startSecurityWorld({ WEB_DIST: webDir, THUMBNAILS: 'on', CHROMIUM_PATH: path.join(webDir, 'no-chromium') });
    routes = world.app.routes;
  }, 180_000);
  afterAll(async () => {
    await world?.app.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  async function send(call: Call): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {};
    if (call.caller.token) headers.authorization = `Bearer ${call.caller.token}`;
    let body: string | undefined;
    if (call.method === 'POST' || call.method === 'PUT') {
      headers['content-type'] = 'application/json';
      body = '{}';
    }
    const res = await fetch(world.app.url + call.url, { method: call.method, headers, body, redirect: 'manual' });
    const text = call.method === 'HEAD' ? '' : await res.text();
    return { status: res.status, body: text };
  }

  /** Sends the calls a few at a time and returns a line for each answer `ok` rejects. */
  async function sweep(calls: Call[], ok: (call: Call, status: number) => boolean, expected: (call: Call) => string): Promise<string[]> {
    const failures: string[] = [];
    for (let i = 0; i < calls.length; i += CONCURRENCY) {
      await Promise.all(
        calls.slice(i, i + CONCURRENCY).map(async (call) => {
          const answer = await send(call);
          if (!ok(call, answer.status)) failures.push(`${call.caller.name}: ${describeAnswer(`${call.method} ${call.url}`, answer)} (expected ${expected(call)})`);
        }),
      );
    }
    return failures;
  }

  const callsFor = (caller: Caller, keep: (route: RouteRecord, method: string) => boolean, value = realValue): Call[] =>
    routes.flatMap((route) =>
      methodsOf(route)
        .filter((method) => keep(route, method))
        .map((method) => ({ route, method, caller, url: fillPath(route.url, (name) => value(world, route.url, name)) + (method === 'GET' ? queryFor(world, route.url) : '') })),
    );

  it('finds every registered route in the permission registry, and the router serves each', () => {
    expect(routes.length).toBeGreaterThan(150);
    const unserved = routes.flatMap((route) => methodsOf(route).filter((method) => !world.app.app.hasRoute({ method: method as 'GET', url: route.url })).map((m) => label(route, m)));
    expect(unserved).toEqual([]);
  });

  it('opens to anonymous callers only the routes listed here, each with its reason', () => {
    const open = routes.filter((r) => r.permission === 'public').flatMap((r) => methodsOf(r).map((m) => label(r, m)));
    expect(open.sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it('opens to any signed-in user only the routes listed here, each with its reason', () => {
    const open = routes.filter((r) => r.permission === 'authenticated').flatMap((r) => methodsOf(r).map((m) => label(r, m)));
    expect(open.sort()).toEqual(Object.keys(AUTHENTICATED_ROUTES).sort());
  });

  it('guards every route that changes something with more than a read permission, unless listed here', () => {
    const readOnly = routes.flatMap((r) =>
      methodsOf(r)
        .filter((m) => m !== 'GET' && Array.isArray(r.permission) && r.permission[0] === 'can_read')
        .map((m) => label(r, m)),
    );
    expect(readOnly.sort()).toEqual(Object.keys(READ_PERMISSION_CHANGES).sort());
  });

  // Anonymous callers hold the Public role's permissions (none unless an admin grants some).
  it('answers anonymous callers 401 on every route the Public role lacks (HEAD too), and the public ones as listed', async () => {
    const anonymous = world.callers.Public;
    const guarded = callsFor(anonymous, (route) => !mayCall(anonymous, route.permission));
    const heads = guarded.filter((c) => c.method === 'GET').map((c) => ({ ...c, method: 'HEAD' }));
    const failures = await sweep([...guarded, ...heads], (_c, status) => status === 401, () => '401');
    const open = callsFor(anonymous, (route) => route.permission === 'public');
    failures.push(...(await sweep(open, (c, status) => status === PUBLIC_ROUTES[label(c.route, c.method)]?.anonymous, (c) => String(PUBLIC_ROUTES[label(c.route, c.method)]?.anonymous))));
    // Static files of the shell are public too; API prefixes under the catch-all are not the shell.
    const asset = await send({ route: routes[0]!, method: 'GET', caller: anonymous, url: '/assets/app.js' });
    expect(asset.status).toBe(200);
    const apiMiss = await send({ route: routes[0]!, method: 'GET', caller: anonymous, url: '/api/v1/no_such_thing/' });
    expect(apiMiss.status).toBe(404);
    expect(failures).toEqual([]);
  });

  it.each(CALLER_NAMES.filter((n) => n !== 'Public'))('answers %s 403 on every route its roles lack the permission for', async (name) => {
    const caller = world.callers[name];
    const denied = callsFor(caller, (route) => !mayCall(caller, route.permission));
    if (name === 'Admin') expect(denied).toEqual([]);
    else expect(denied.length).toBeGreaterThan(0);
    const failures = await sweep(denied, (_c, status) => status === 403, () => '403');
    expect(failures).toEqual([]);
  });

  it('answers every GET route below 500 for each caller holding its permission, on real objects of others', async () => {
    const calls = CALLER_NAMES.flatMap((name) => callsFor(world.callers[name], (route, method) => method === 'GET' && mayCall(world.callers[name], route.permission)));
    const failures = await sweep(calls, (_c, status) => status < 500, () => 'below 500');
    expect(failures).toEqual([]);
  });

  it('answers the admin 404 on every GET route naming an object that does not exist', async () => {
    const admin = world.callers.Admin;
    const calls = callsFor(admin, (route, method) => method === 'GET' && paramsOf(route.url).some((p) => OBJECT_PARAMS.has(p)), missingValue);
    const failures = await sweep(
      calls,
      (c, status) => status === (MISSING_OBJECT_ANSWERS[label(c.route, c.method)]?.status ?? 404),
      (c) => String(MISSING_OBJECT_ANSWERS[label(c.route, c.method)]?.status ?? 404),
    );
    expect(failures).toEqual([]);
  });
});
