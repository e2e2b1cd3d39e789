/** The dashboard bench's server, its admin client, the dashboard it builds and the signed-in browser context (shared with the profiler). */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { BENCH_CHARTS, benchLayout } from './benchCharts.js';
import { WATCH_CHARTS } from './pageWatch.js';
import { startServer as startBenchServer } from '../shared/serverProcess.js';

export { freePort, rssOf, stopServer } from '../shared/serverProcess.js';

export const PASSWORD = 'bench-admin-password';
export const TITLE = 'Bench: 50 charts';
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDist = path.join(root, 'packages/web/dist');
export const serverMain = path.join(root, 'packages/server/dist/main.js');
export const built = process.env.BENCH_SERVER === 'built';

/** From source (tsx) unless BENCH_SERVER=built; thumbnails off: the bench measures dashboards, not pictures. */
export function startServer(dir: string, port: number): Promise<ChildProcess> {
  const args = built ? [serverMain] : ['--conditions=tessera-source', '--import', 'tsx', path.join(root, 'packages/server/src/main.ts')];
  return startBenchServer({ root, args, dir, port, adminPassword: PASSWORD, webDist, env: { THUMBNAILS: 'off' }, timeoutMs: 240_000 });
}

export type Api = (method: string, p: string, body?: unknown) => Promise<Record<string, any>>;

export async function apiClient(base: string): Promise<Api> {
  const login = await fetch(`${base}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return async (method, p, body) => {
    const res = await fetch(base + p, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, any>;
  };
}

/** The dashboard, its 50 charts (on it from their creation) and its two-tab layout. */
export async function createDashboard(api: Api): Promise<{ id: number; chartIds: number[] }> {
  const datasets = await api('GET', `/api/v1/dataset/?q=${encodeURIComponent('(page_size:100)')}`);
  const datasetId = new Map<string, number>((datasets.result as { id: number; table_name: string }[]).map((d) => [d.table_name, d.id]));
  const dashboard = await api('POST', '/api/v1/dashboard/', { dashboard_title: TITLE });
  const charts: { id: number; name: string }[] = [];
  for (const spec of BENCH_CHARTS) {
    const id = datasetId.get(spec.table);
    if (id === undefined) throw new Error(`no dataset ${spec.table}`);
    const created = await api('POST', '/api/v1/chart/', {
      slice_name: spec.name,
      viz_type: spec.vizType,
      datasource_id: id,
      datasource_type: 'table',
      params: JSON.stringify({ ...spec.params, datasource: `${id}__table` }),
      dashboards: [dashboard.id],
    });
    charts.push({ id: created.id as number, name: spec.name });
  }
  await api('PUT', `/api/v1/dashboard/${dashboard.id}`, { dashboard_title: TITLE, published: true, position_json: JSON.stringify(benchLayout(charts, TITLE)) });
  return { id: dashboard.id as number, chartIds: charts.map((c) => c.id) };
}

export async function signIn(browser: Browser, base: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/welcome/);
  await page.close();
  await context.addInitScript(WATCH_CHARTS);
  return context;
}

