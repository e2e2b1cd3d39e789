import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_BOOTSTRAP_ELEMENT_ID } from '@tessera/core';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { gammaWithDatasets } from '../dashboards/__tests__/dashboardTestKit.js';
import { embeddedWorld, webShell, type EmbeddedWorld } from './__tests__/embeddedTestKit.js';

/**
 * `/api/v1/dashboard/<id_or_slug>/embedded`, `/api/v1/embedded_dashboard/<uuid>` and the `/embedded/<uuid>` page
 * (Superset's tests/integration_tests/embedded: api_tests, dao_tests and test_view, with its referrer rule).
 */
describe('embedded dashboards', () => {
  let app: TestApp;
  let world: EmbeddedWorld;
  let shell: string;
  let viewer: string;
  let stranger: string;

  const embeddedUrl = (idOrSlug: string | number) => `/api/v1/dashboard/${idOrSlug}/embedded`;
  const page = (uuid: string, headers: Record<string, string> = {}) => fetch(`${app.url}/embedded/${uuid}`, { headers });

  beforeAll(async () => {
    shell = webShell();
    app = await startTestApp({ WEB_DIST: shell });
    world = await embeddedWorld(app);
    // Sees the dashboard (it may read its dataset) but owns nothing.
    viewer = (await gammaWithDatasets(app, 'viewer', [world.people])).token;
    // May read no dataset: the dashboards are hidden from them.
    stranger = await createUserWithRole(app, 'stranger', 'Gamma');
  });
  afterAll(async () => {
    await app?.close();
    rmSync(shell, { recursive: true, force: true });
  });

  it('answers 404 until the dashboard is embedded, then creates, replaces (same uuid) and deletes its configuration', async () => {
    expect((await app.api('GET', embeddedUrl(world.dashboard))).status).toBe(404);

    const created = await app.api('POST', embeddedUrl(world.dashboard), { body: { allowed_domains: ['https://host.example.com'] } });
    expect(created.status).toBe(200);
    expect(created.body.result).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      allowed_domains: ['https://host.example.com'],
      dashboard_id: world.dashboard,
      changed_on: expect.any(String),
      changed_by: { id: 1, first_name: expect.any(String), last_name: expect.any(String) },
    });
    const uuid = created.body.result.uuid as string;

    // PUT (and POST again) replace the domains and keep the uuid, as Superset's upsert does.
    const replaced = await app.api('PUT', embeddedUrl('embedded-people'), { body: { allowed_domains: [] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.result).toMatchObject({ uuid, allowed_domains: [], dashboard_id: world.dashboard });
    expect((await app.api('GET', embeddedUrl('embedded-people'))).body.result).toMatchObject({ uuid, allowed_domains: [] });

    const shown = await app.api('GET', `/api/v1/embedded_dashboard/${uuid}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toEqual({ uuid, dashboard_id: world.dashboard, allowed_domains: [], changed_on: expect.any(String) });

    expect(await app.api('DELETE', embeddedUrl(world.dashboard))).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('GET', embeddedUrl(world.dashboard))).status).toBe(404);
    expect((await app.api('GET', `/api/v1/embedded_dashboard/${uuid}`)).status).toBe(404);
  });

  it('answers 404 for an embedded id that does not exist', async () => {
    expect((await app.api('GET', '/api/v1/embedded_dashboard/bad-uuid')).status).toBe(404);
    expect((await app.api('GET', '/api/v1/embedded_dashboard/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await app.api('GET', embeddedUrl(999999))).status).toBe(404);
  });

  it('lets only owners and admins change it: 401 anonymous, 403 for a viewer, 404 for a user who cannot see the dashboard', async () => {
    const body = { allowed_domains: [] };
    expect((await app.api('POST', embeddedUrl(world.dashboard), { token: null, body })).status).toBe(401);
    expect((await app.api('GET', embeddedUrl(world.dashboard), { token: null })).status).toBe(401);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await app.api(method, embeddedUrl(world.dashboard), { token: viewer, ...(method === 'DELETE' ? {} : { body }) });
      expect(res.status, method).toBe(403);
      expect((await app.api(method, embeddedUrl(world.dashboard), { token: stranger, ...(method === 'DELETE' ? {} : { body }) })).status, method).toBe(404);
    }
    const uuid = (await app.api('POST', embeddedUrl(world.dashboard), { body })).body.result.uuid as string;
    // Reading follows the dashboard's visibility.
    expect((await app.api('GET', embeddedUrl(world.dashboard), { token: viewer })).body.result.uuid).toBe(uuid);
    expect((await app.api('GET', embeddedUrl(world.dashboard), { token: stranger })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/embedded_dashboard/${uuid}`, { token: stranger })).status).toBe(404);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const missing = await app.api('POST', embeddedUrl(world.dashboard), { body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: { allowed_domains: ['Missing data for required field.'] } } });
    const notList = await app.api('PUT', embeddedUrl(world.dashboard), { body: { allowed_domains: 'a.com' } });
    expect(notList).toMatchObject({ status: 400, body: { message: { allowed_domains: ['Not a valid list.'] } } });
    expect((await app.api('PUT', embeddedUrl(world.dashboard), { body: { allowed_domains: [''] } })).status).toBe(400);
  });

  describe('the /embedded/<uuid> page', () => {
    it('serves the app with the dashboard in its bootstrap, framable from anywhere when no domain is listed', async () => {
      await app.api('PUT', embeddedUrl(world.dashboard), { body: { allowed_domains: [] } });
      const uuid = (await app.api('GET', embeddedUrl(world.dashboard))).body.result.uuid as string;
      const res = await page(uuid);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
      const html = await res.text();
      const json = new RegExp(`<script id="${EMBEDDED_BOOTSTRAP_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1];
      expect(JSON.parse(json ?? 'null')).toEqual({ uuid, dashboard_id: world.dashboard, allowed_domains: [] });
      // The app shell, with the feature flags every page of the app carries.
      expect(html).toMatch(/<div id="root" data-bootstrap="[^"]*ESCAPE_MARKDOWN_HTML/);
      // Other pages keep refusing to be framed.
      const other = await fetch(`${app.url}/superset/welcome/`);
      expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });

    it("checks the framing page's origin against the allowed domains (403 otherwise), and says so in frame-ancestors", async () => {
      const uuid = (await app.api('PUT', embeddedUrl(world.dashboard), { body: { allowed_domains: ['http://host.example.com:9000', 'other.example.org'] } })).body.result
        .uuid as string;
      const allowed = await page(uuid, { referer: 'http://host.example.com:9000/reports/sales?x=1', 'sec-fetch-dest': 'iframe' });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('content-security-policy')).toContain('frame-ancestors http://host.example.com:9000 other.example.org');
      expect((await page(uuid, { referer: 'https://other.example.org/' })).status).toBe(200);

      const wrongPort = await page(uuid, { referer: 'http://host.example.com:9001/' });
      expect(wrongPort.status).toBe(403);
      expect(await wrongPort.text()).toContain('http://host.example.com:9001');
      // The refusal itself may be shown in the frame (it says why, and holds nothing).
      expect(wrongPort.headers.get('content-security-policy')).toContain('frame-ancestors *');
      expect((await page(uuid, { referer: 'https://evil.example.net/' })).status).toBe(403);
      // No referrer at all: Superset's test_get_embedded_dashboard_referrer_not_allowed.
      expect((await page(uuid)).status).toBe(403);
    });

    it('refuses destinations that are not a frame or a page, and answers 404 for an id that is not embedded', async () => {
      const uuid = (await app.api('PUT', embeddedUrl(world.dashboard), { body: { allowed_domains: [] } })).body.result.uuid as string;
      expect((await page(uuid, { 'sec-fetch-dest': 'image' })).status).toBe(403);
      expect((await page(uuid, { 'sec-fetch-dest': 'iframe' })).status).toBe(200);
      expect((await page('bad-uuid')).status).toBe(404);
      expect((await page('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    });
  });
});
