import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { embed, embeddedWorld, guestToken, type EmbeddedWorld } from '../embedded/__tests__/embeddedTestKit.js';
import { GUEST_ROUTES } from './guestAccess.js';

/**
 * `POST /api/v1/security/guest_token/` (Superset's tests/integration_tests/security/guest_token and api_tests
 * test_create_guest_access_token*) and what its token opens: the embedded dashboard's own reads and chart data, with
 * the token's RLS clauses; 401 for an expired or tampered token.
 */
const SECRET = 'guest-token-secret-for-the-test-suite-0123456789';
const GUEST_URL = '/api/v1/security/guest_token/';

describe('guest tokens', () => {
  let app: TestApp;
  let world: EmbeddedWorld;
  let uuid: string;
  let gamma: string;

  const body = (over: Record<string, unknown> = {}) => ({
    user: { username: 'bob', first_name: 'Bob', last_name: 'Host' },
    resources: [{ type: 'dashboard', id: uuid }],
    rls: [{ clause: "region = 'east'" }],
    ...over,
  });

  beforeAll(async () => {
    app = await startTestApp({ GUEST_TOKEN_JWT_SECRET: SECRET, GUEST_TOKEN_JWT_AUDIENCE: 'http://tessera.test/' });
    world = await embeddedWorld(app);
    uuid = await embed(app, world.dashboard);
    gamma = await createUserWithRole(app, 'gamma_host', 'Gamma');
  });
  afterAll(async () => app?.close());

  it('issues an HS256 JWT of type guest with the user, resources and RLS rules, valid for GUEST_TOKEN_JWT_EXP_SECONDS', async () => {
    const res = await app.api('POST', GUEST_URL, { body: body() });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.token as string);
    expect(claims).toMatchObject({
      user: { username: 'bob', first_name: 'Bob', last_name: 'Host' },
      resources: [{ type: 'dashboard', id: uuid }],
      rls_rules: [{ clause: "region = 'east'" }],
      aud: 'http://tessera.test/',
      type: 'guest',
    });
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('needs can_grant_guest_token: 401 anonymous, 403 for Gamma', async () => {
    expect((await app.api('POST', GUEST_URL, { token: null, body: body() })).status).toBe(401);
    expect((await app.api('POST', GUEST_URL, { token: gamma, body: body() })).status).toBe(403);
  });

  it('answers 400 with field errors for a bad body, and for a resource that is not an embedded dashboard', async () => {
    const noResources = await app.api('POST', GUEST_URL, { body: { user: {}, rls: [] } });
    expect(noResources).toMatchObject({ status: 400, body: { message: { resources: ['Missing data for required field.'] } } });
    const noRls = await app.api('POST', GUEST_URL, { body: { resources: [{ type: 'dashboard', id: uuid }] } });
    expect(noRls).toMatchObject({ status: 400, body: { message: { rls: ['Missing data for required field.'] } } });
    const badType = await app.api('POST', GUEST_URL, { body: body({ resources: [{ type: 'chart', id: uuid }] }) });
    expect(badType).toMatchObject({ status: 400, body: { message: { resources: { 0: { type: ['Must be one of: dashboard.'] } } } } });
    const badRule = await app.api('POST', GUEST_URL, { body: body({ rls: [{ dataset: 1, clause: 'a = 1', extra: 1 }] }) });
    expect(badRule).toMatchObject({ status: 400, body: { message: { rls: { 0: { extra: ['Unknown field.'] } } } } });
    const unknown = await app.api('POST', GUEST_URL, { body: body({ resources: [{ type: 'dashboard', id: '00000000-0000-0000-0000-000000000000' }] }) });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Embedded dashboard not found.' } });
  });

  it('records each grant in the audit log, without the clauses', async () => {
    await app.api('POST', GUEST_URL, { body: body() });
    const log = await app.api('GET', `/api/v1/audit_log/?q=(filters:!((col:action,opr:eq,value:guest_token.issue)))`);
    expect(log.status).toBe(200);
    const row = log.body.result[0];
    expect(row).toMatchObject({ action: 'guest_token.issue', username: 'admin', outcome: 'success', object_id: uuid });
    expect(row.details).toMatchObject({ guest: 'bob', rls_count: 1 });
    expect(JSON.stringify(row)).not.toContain('east');
  });

  describe('the guest', () => {
    const guest = (token: string) => ({ token: null, headers: { 'X-GuestToken': token } });
    const tableData = (token: string, datasetId: number, sliceId?: number) =>
      app.api('POST', `/api/v1/chart/data${sliceId ? `?form_data=${encodeURIComponent(JSON.stringify({ slice_id: sliceId }))}` : ''}`, {
        ...guest(token),
        body: {
          datasource: { id: datasetId, type: 'table' },
          queries: [{ columns: ['name', 'region'], orderby: [['name', true]], row_limit: 100 }],
          result_type: 'full',
          result_format: 'json',
          ...(sliceId ? { form_data: { slice_id: sliceId, viz_type: 'table' } } : {}),
        },
      });
    const regions = (res: { status: number; body: any }) => {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return [...new Set((res.body.result[0].data as { region: string }[]).map((r) => r.region))].sort();
    };

    it('reads its dashboard, its charts and datasets, and nothing else of the dashboards API', async () => {
      const token = await guestToken(app, uuid);
      expect((await app.api('GET', `/api/v1/dashboard/${world.dashboard}`, guest(token))).status).toBe(200);
      expect((await app.api('GET', '/api/v1/dashboard/embedded-people', guest(token))).status).toBe(200);
      const charts = await app.api('GET', `/api/v1/dashboard/${world.dashboard}/charts`, guest(token));
      expect(charts.body.result.map((c: { id: number }) => c.id)).toEqual([world.peopleChart]);
      expect((await app.api('GET', `/api/v1/dashboard/${world.dashboard}/datasets`, guest(token))).status).toBe(200);
      expect((await app.api('GET', `/api/v1/embedded_dashboard/${uuid}`, guest(token))).body.result.dashboard_id).toBe(world.dashboard);
      // Native time filters show what a range means.
      expect((await app.api('GET', "/api/v1/time_range/?q='Last%20week'", guest(token))).status).toBe(200);

      expect((await app.api('GET', `/api/v1/dashboard/${world.otherDashboard}`, guest(token))).status).toBe(403);
      expect((await app.api('GET', '/api/v1/dashboard/', guest(token))).status).toBe(403);
      expect((await app.api('GET', `/api/v1/dashboard/${world.dashboard}/embedded`, guest(token))).status).toBe(403);
      expect((await app.api('PUT', `/api/v1/dashboard/${world.dashboard}`, { ...guest(token), body: { dashboard_title: 'x' } })).status).toBe(403);
    });

    it('reads a draft dashboard its token names (the draft rule hides it from other non-owners)', async () => {
      const draft = await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Draft', published: false } });
      const draftUuid = await embed(app, draft.body.id as number);
      const token = await guestToken(app, draftUuid);
      expect((await app.api('GET', `/api/v1/dashboard/${draft.body.id}`, guest(token))).status).toBe(200);
      expect((await app.api('GET', `/api/v1/dashboard/${draft.body.id}/charts`, guest(token))).body.result).toEqual([]);
      expect((await app.api('GET', `/api/v1/dashboard/${world.dashboard}`, guest(token))).status).toBe(403);
    });

    it("gets chart data of its dashboard's charts with the token's RLS clause, and 403 for other charts and datasets", async () => {
      const east = await guestToken(app, uuid, [{ clause: "region = 'east'" }]);
      expect(regions(await tableData(east, world.people, world.peopleChart))).toEqual(['east']);
      const saved = await app.api('GET', `/api/v1/chart/${world.peopleChart}/data/`, guest(east));
      expect(regions(saved)).toEqual(['east']);
      // The admin (no RLS) sees both regions of the same query.
      const all = await app.api('POST', '/api/v1/chart/data', {
        body: { datasource: { id: world.people, type: 'table' }, queries: [{ columns: ['name', 'region'], row_limit: 100 }], result_type: 'full', result_format: 'json' },
      });
      expect(regions(all)).toEqual(['east', 'west']);

      expect((await tableData(east, world.people, world.looseChart)).status).toBe(403);
      expect((await app.api('GET', `/api/v1/chart/${world.looseChart}/data/`, guest(east))).status).toBe(403);
      expect((await tableData(east, world.secrets)).status).toBe(403);
      expect((await app.api('GET', `/api/v1/chart/${world.secretsChart}/data/`, guest(east))).status).toBe(403);
      // Native filter option queries name no chart: any query on the dashboard's datasets, RLS applied.
      expect(regions(await tableData(east, world.people))).toEqual(['east']);
    });

    it('keeps answers of tokens with other RLS apart in the cache, and applies a rule only to the dataset it names', async () => {
      const east = await guestToken(app, uuid, [{ dataset: world.people, clause: "region = 'east'" }]);
      const west = await guestToken(app, uuid, [{ dataset: world.people, clause: "region = 'west'" }]);
      const elsewhere = await guestToken(app, uuid, [{ dataset: world.secrets, clause: '1 = 0' }]);
      expect(regions(await tableData(east, world.people, world.peopleChart))).toEqual(['east']);
      expect(regions(await tableData(west, world.people, world.peopleChart))).toEqual(['west']);
      expect(regions(await tableData(elsewhere, world.people, world.peopleChart))).toEqual(['east', 'west']);
      const both = await guestToken(app, uuid, [{ clause: "region = 'east'" }, { clause: "name = 'Bob'" }]);
      const rows = (await tableData(both, world.people, world.peopleChart)).body.result[0].data;
      expect(rows).toEqual([{ name: 'Bob', region: 'east' }]);
    });

    it('is refused everything else: SQL Lab, chart, dataset and database lists, admin APIs', async () => {
      const token = await guestToken(app, uuid);
      const refused: [string, string, unknown?][] = [
        ['GET', '/api/v1/chart/'],
        ['GET', `/api/v1/chart/${world.peopleChart}`],
        ['GET', '/api/v1/dataset/'],
        ['GET', `/api/v1/dataset/${world.people}`],
        ['GET', '/api/v1/database/'],
        ['POST', '/api/v1/sqllab/execute/', { database_id: 1, sql: 'SELECT * FROM people' }],
        ['GET', '/api/v1/security/users/'],
        ['GET', '/api/v1/audit_log/'],
        ['GET', '/api/v1/rowlevelsecurity/'],
        ['POST', GUEST_URL, body()],
        ['GET', '/api/v1/me/'],
        ['GET', '/api/v1/async_event/'],
      ];
      for (const [method, url, payload] of refused) {
        const res = await app.api(method, url, { ...guest(token), ...(payload ? { body: payload } : {}) });
        expect([401, 403], `${method} ${url}: ${res.status}`).toContain(res.status);
      }
    });

    it('is refused (403) on every registered route but its own reads and the public ones, before any handler runs', async () => {
      const token = await guestToken(app, uuid);
      const failures: string[] = [];
      const calls = app.routes.flatMap((route) =>
        route.method
          .split(',')
          .filter((m) => m !== 'HEAD' && route.permission !== 'public' && !(`${m} ${route.url}` in GUEST_ROUTES))
          .map((method) => ({ method, url: route.url.replace(/:(\w+)(?:\([^)]*\))?|\*/g, String(world.dashboard)) })),
      );
      expect(calls.length).toBeGreaterThan(150);
      for (const call of calls) {
        const res = await app.api(call.method, call.url, { ...guest(token), ...(call.method === 'POST' || call.method === 'PUT' ? { body: {} } : {}) });
        if (res.status !== 403) failures.push(`${call.method} ${call.url}: ${res.status}`);
      }
      expect(failures).toEqual([]);
    });

    it('answers 401 to an expired, tampered, foreign or non-guest token', async () => {
      const key = new TextEncoder().encode(SECRET);
      const claims = { user: {}, resources: [{ type: 'dashboard', id: uuid }], rls_rules: [], type: 'guest' };
      const sign = (payload: Record<string, unknown>, exp: string | number, audience = 'http://tessera.test/', secret = key) =>
        new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setAudience(audience).setExpirationTime(exp).sign(secret);
      const valid = await sign(claims, '5m');
      const url = `/api/v1/dashboard/${world.dashboard}`;
      expect((await app.api('GET', url, guest(valid))).status).toBe(200);

      const expired = await sign(claims, Math.floor(Date.now() / 1000) - 10);
      const [head, payload, signature] = (await guestToken(app, uuid)).split('.');
      const widened = Buffer.from(JSON.stringify({ ...decodeJwt(valid), rls_rules: [] })).toString('base64url');
      const tampered = [head, widened, signature].join('.');
      const badSignature = [head, payload, `${signature!.slice(0, -4)}AAAA`].join('.');
      const foreign = await sign(claims, '5m', 'http://tessera.test/', new TextEncoder().encode('another-secret-another-secret-another-secret'));
      const otherAudience = await sign(claims, '5m', 'someone-else');
      const notGuest = await sign({ ...claims, type: 'access' }, '5m');
      for (const [name, token] of Object.entries({ expired, tampered, badSignature, foreign, otherAudience, notGuest, garbage: 'not-a-jwt' })) {
        const res = await app.api('GET', url, guest(token));
        expect(res.status, name).toBe(401);
        expect((await tableData(token, world.people, world.peopleChart)).status, name).toBe(401);
      }
    });

    it('skips CSRF as Superset does: a guest chart data POST needs no CSRF token even with a session cookie around', async () => {
      const token = await guestToken(app, uuid, [{ clause: "region = 'west'" }]);
      const res = await fetch(`${app.url}/api/v1/chart/data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-GuestToken': token, cookie: 'session=not-a-real-session' },
        body: JSON.stringify({ datasource: { id: world.people, type: 'table' }, queries: [{ columns: ['region'], row_limit: 10 }], result_type: 'full', result_format: 'json' }),
      });
      expect(res.status).toBe(200);
    });
  });
});

describe('guest tokens with GLOBAL_ASYNC_QUERIES on', () => {
  let app: TestApp;
  afterAll(async () => app?.close());

  it('answers a guest at once (its RLS lives on the request; it has no async event channel), with the clause applied', async () => {
    app = await startTestApp({ GLOBAL_ASYNC_QUERIES: 'on' });
    const world = await embeddedWorld(app);
    const token = await guestToken(app, await embed(app, world.dashboard), [{ clause: "region = 'west'" }]);
    const res = await app.api('POST', '/api/v1/chart/data', {
      token: null,
      headers: { 'X-GuestToken': token },
      body: { datasource: { id: world.people, type: 'table' }, queries: [{ columns: ['region'], row_limit: 10 }], result_type: 'full', result_format: 'json', force: true },
    });
    expect(res.status).toBe(200);
    expect(new Set(res.body.result[0].data.map((r: { region: string }) => r.region))).toEqual(new Set(['west']));
  });
});
