import { expect, test, type Page } from '@playwright/test';
import { DashboardPage, signIn } from '../pages/dashboard.js';

type Component = { type: string; children?: string[]; meta?: { chartId?: number; text?: string } };

/** The example dashboard's charts by tab title ('' for those above the tabs), read from its saved layout. */
async function chartsByTab(page: Page, slug: string): Promise<{ title: string; charts: Map<string, number[]> }> {
  const res = await page.request.get(`/api/v1/dashboard/${slug}`);
  expect(res.status(), await res.text()).toBe(200);
  const { dashboard_title: title, position_json: positions } = ((await res.json()) as { result: { dashboard_title: string; position_json: string } }).result;
  const layout = JSON.parse(positions) as Record<string, Component>;
  const charts = new Map<string, number[]>();
  const walk = (id: string, tab: string) => {
    const c = layout[id];
    if (!c) return;
    if (c.type === 'CHART') charts.set(tab, [...(charts.get(tab) ?? []), c.meta!.chartId!]);
    for (const child of c.children ?? []) walk(child, c.type === 'TAB' ? (c.meta?.text ?? '') : tab);
  };
  walk('ROOT_ID', '');
  return { title, charts };
}

test.describe('Example dashboards (first start)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the home page lists the latest dashboards and charts (the examples on a fresh start), each a link', async ({ page }) => {
    // Other specs of the run add dashboards of their own: the home page shows the newest six, whichever they are.
    const res = await page.request.get(`/api/v1/dashboard/?q=(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:6)`);
    const latest = ((await res.json()) as { result: { dashboard_title: string }[] }).result.map((d) => d.dashboard_title);
    const fresh = latest.includes('USA Births Names');
    if (fresh) expect(latest).toEqual(expect.arrayContaining(['USA Births Names', "World Bank's Data", 'Sales Dashboard', 'Flights']));
    await page.goto('/superset/welcome/');
    const dashboards = page.locator('[data-test="home-dashboards"]');
    for (const title of latest) await expect(dashboards.getByRole('link', { name: title, exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-test="home-charts"] a[href*="slice_id="]').first()).toBeVisible();
    const open = fresh ? 'USA Births Names' : latest[0]!;
    await dashboards.getByRole('link', { name: open, exact: true }).click();
    await expect(new DashboardPage(page).title()).toHaveText(open, { timeout: 30_000 });
    if (fresh) await expect(page).toHaveURL(/\/superset\/dashboard\/births\/$/);
  });

  for (const slug of ['births', 'world_health', 'sales', 'flights']) {
    test(`/superset/dashboard/${slug}/ draws every chart, on every tab, without an error`, async ({ page }) => {
      test.setTimeout(120_000);
      const { title, charts } = await chartsByTab(page, slug);
      const dashboard = new DashboardPage(page);
      await dashboard.open(slug);
      await expect(dashboard.title()).toHaveText(title);
      for (const [tab, ids] of charts) {
        if (tab) await dashboard.tab(tab).click();
        for (const id of ids) {
          await dashboard.holder(id).scrollIntoViewIfNeeded();
          await expect(dashboard.renderedChart(id), `chart ${id} on "${tab || 'top'}"`).toBeVisible({ timeout: 45_000 });
        }
        await expect(page.locator('[data-test="chart-container"][data-status="failed"]')).toHaveCount(0);
      }
      // The example's native filters are in the filter bar.
      const filters = (await (await page.request.get(`/api/v1/dashboard/${slug}`)).json()) as { result: { json_metadata: string } };
      for (const f of JSON.parse(filters.result.json_metadata).native_filter_configuration as { id: string }[]) {
        await expect(page.locator(`[data-test="filter-control-${f.id}"]`)).toBeAttached();
      }
    });
  }
});
