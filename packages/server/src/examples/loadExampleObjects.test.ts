import pino from 'pino';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePositionJson } from '@tessera/core';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { EXAMPLE_DASHBOARDS } from './exampleObjects/exampleDashboards.js';
import { loadExampleObjects } from './loadExampleObjects.js';
import { prepareExamples } from './prepareExamples.js';

const SLUGS = ['births', 'world_health', 'sales', 'flights'];

describe('loadExampleObjects', () => {
  let app: TestApp;
  const log = pino({ level: 'silent' });

  const dashboards = async () =>
    (await app.api('GET', `/api/v1/dashboard/?q=${rison.encode({ page_size: 100 })}`)).body.result as { id: number; slug: string; dashboard_title: string; published: boolean; owners: { id: number }[] }[];
  const chartCount = async () => (await app.api('GET', '/api/v1/chart/')).body.count as number;

  beforeAll(async () => {
    app = await startTestApp({ EXAMPLES: 'on' });
    await prepareExamples(app, log);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('creates the four example dashboards, published, with a slug, owned by the admin, quickly', async () => {
    const started = Date.now();
    await loadExampleObjects(app, log);
    // The loader runs before the server listens: it must not hold up the start (about 0.2 s here; the bound leaves room for a busy machine).
    expect(Date.now() - started).toBeLessThan(2000);
    const list = await dashboards();
    expect(list.map((d) => d.slug).sort()).toEqual([...SLUGS].sort());
    const me = (await app.api('GET', '/api/v1/me/')).body.result as { id: number };
    for (const d of list) {
      expect(d.published).toBe(true);
      expect(d.owners.map((o) => o.id)).toEqual([me.id]);
    }
    expect(list.find((d) => d.slug === 'births')!.dashboard_title).toBe('USA Births Names');
    expect(list.find((d) => d.slug === 'world_health')!.dashboard_title).toBe("World Bank's Data");
  });

  it('lays out every chart of a dashboard, with tabs where Superset has them, and scopes its native filters to them', async () => {
    for (const example of EXAMPLE_DASHBOARDS) {
      const shown = (await app.api('GET', `/api/v1/dashboard/${example.slug}`)).body.result;
      const charts = (await app.api('GET', `/api/v1/dashboard/${example.slug}/charts`)).body.result as { id: number; slice_name: string; form_data: { viz_type: string } }[];
      expect(charts.map((c) => c.slice_name).sort()).toEqual(example.charts.map((c) => c.name).sort());
      expect(new Set(charts.map((c) => c.form_data.viz_type)).size).toBeGreaterThanOrEqual(4);
      expect(validatePositionJson(shown.position_json)).toBeNull();
      const layout = JSON.parse(shown.position_json) as Record<string, { type: string; meta?: { chartId?: number; text?: string } }>;
      const placed = Object.values(layout).filter((c) => c?.type === 'CHART').map((c) => c.meta!.chartId);
      expect(placed.sort()).toEqual(charts.map((c) => c.id).sort());
      const tabs = Object.values(layout).filter((c) => c?.type === 'TAB').map((c) => c.meta!.text);
      expect(tabs).toEqual(example.tabs.map((t) => t.title));
      const metadata = JSON.parse(shown.json_metadata);
      const filters = metadata.native_filter_configuration as { id: string; name: string; chartsInScope: number[] }[];
      expect(filters.map((f) => f.name)).toEqual(example.filters.map((f) => f.name));
      for (const f of filters) {
        expect(f.id).toMatch(/^NATIVE_FILTER-[\w-]{10}$/);
        expect(f.chartsInScope.sort()).toEqual(charts.map((c) => c.id).sort());
      }
    }
  });

  it("answers every example chart's saved query with rows", async () => {
    const charts = (await app.api('GET', `/api/v1/chart/?q=${rison.encode({ page_size: 100 })}`)).body.result as { id: number; slice_name: string }[];
    expect(charts).toHaveLength(EXAMPLE_DASHBOARDS.reduce((n, d) => n + d.charts.length, 0));
    for (const chart of charts) {
      const res = await app.api('GET', `/api/v1/chart/${chart.id}/data/`);
      expect({ chart: chart.slice_name, status: res.status }).toEqual({ chart: chart.slice_name, status: 200 });
      const rows = (res.body.result as { data: unknown[] }[])[0]!.data;
      expect({ chart: chart.slice_name, rows: rows.length > 0 }).toEqual({ chart: chart.slice_name, rows: true });
    }
  }, 60_000);

  it('does not create them again at the next start', async () => {
    const before = await chartCount();
    await loadExampleObjects(app, log);
    expect((await dashboards()).map((d) => d.slug).sort()).toEqual([...SLUGS].sort());
    expect(await chartCount()).toBe(before);
  });

  it("leaves the user's deletions and edits as they are", async () => {
    const births = (await dashboards()).find((d) => d.slug === 'births')!;
    const sales = (await dashboards()).find((d) => d.slug === 'sales')!;
    const salesCharts = (await app.api('GET', `/api/v1/dashboard/sales/charts`)).body.result as { id: number }[];
    expect((await app.api('DELETE', `/api/v1/dashboard/${births.id}`)).status).toBe(200);
    expect((await app.api('DELETE', `/api/v1/chart/${salesCharts[0]!.id}`)).status).toBe(200);
    expect((await app.api('PUT', `/api/v1/dashboard/${sales.id}`, { body: { dashboard_title: 'My sales' } })).status).toBe(200);
    const charts = await chartCount();
    await loadExampleObjects(app, log);
    expect((await dashboards()).map((d) => d.slug).sort()).toEqual(['flights', 'sales', 'world_health']);
    expect((await dashboards()).find((d) => d.slug === 'sales')!.dashboard_title).toBe('My sales');
    expect(await chartCount()).toBe(charts);
  });

  it('creates nothing when examples are off', async () => {
    const off = await startTestApp({ EXAMPLES: 'off' });
    try {
      await loadExampleObjects(off, log);
      expect((await off.api('GET', '/api/v1/dashboard/')).body.count).toBe(0);
      expect((await off.api('GET', '/api/v1/chart/')).body.count).toBe(0);
    } finally {
      await off.close();
    }
  });
});
