import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppBootstrap } from '@tessera/core';
import { startTestApp, type TestApp } from '../../test/testApp.js';

/** A built page stand-in: the server only needs index.html to serve client routes. */
function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  return dir;
}

function bootstrapOf(html: string): AppBootstrap {
  const match = /<div id="root" data-bootstrap="([^"]*)"><\/div>/.exec(html);
  if (!match) throw new Error(`no bootstrap in ${html}`);
  const text = match[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return JSON.parse(text) as AppBootstrap;
}

describe('the served page', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it("carries the feature flags the web reads, on every client route, with the server's settings", async () => {
    const plain = await startTestApp({ WEB_DIST: fakeDist() });
    apps.push(plain);
    const page = await plain.api('GET', '/superset/dashboard/1/', { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(bootstrapOf(String(page.body)).common.feature_flags).toEqual({
      DASHBOARD_RBAC: false,
      ESCAPE_MARKDOWN_HTML: false,
      DASHBOARD_CROSS_FILTERS: true,
      GLOBAL_ASYNC_QUERIES: false,
    });

    const flagged = await startTestApp({ WEB_DIST: fakeDist(), DASHBOARD_RBAC: 'on', ESCAPE_MARKDOWN_HTML: 'on' });
    apps.push(flagged);
    const flags = bootstrapOf(String((await flagged.api('GET', '/dashboard/list/', { token: null })).body)).common.feature_flags;
    expect(flags).toMatchObject({ DASHBOARD_RBAC: true, ESCAPE_MARKDOWN_HTML: true });
  });
});
