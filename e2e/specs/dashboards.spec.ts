import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { exampleDatasetId } from '../pages/chartList.js';
import {
  DashboardPage,
  E2E_VIEWER_PASSWORD,
  chartDataSliceId,
  chartIdsOf,
  createChartWithParams,
  createDashboard,
  createGammaViewer,
  signIn,
  getDashboard,
  rowsLayout,
  tabbedLayout,
  tableParams,
} from '../pages/dashboard.js';
import { apiCall } from '../pages/explore.js';

// The machine running e2e is shared and often loaded: a dashboard with its charts can take more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Two table charts on birth_names: rows per gender ("boy", "girl") and per state ("CA", ...). */
async function makeCharts(page: Page, prefix: string): Promise<{ datasetId: number; byGender: number; byState: number }> {
  const datasetId = await exampleDatasetId(page, 'birth_names');
  const byGender = await createChartWithParams(page, datasetId, `${prefix} by gender`, tableParams(datasetId, 'gender'));
  const byState = await createChartWithParams(page, datasetId, `${prefix} by state`, tableParams(datasetId, 'state'));
  return { datasetId, byGender, byState };
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe('Dashboards', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('opens by slug and by id: the title, the charts drawn with their data', async ({ page }) => {
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e open ${tag}`);
    const title = `E2E open ${tag}`;
    const slug = `e2e-open-${tag}`;
    const id = await createDashboard(page, { dashboard_title: title, slug }, rowsLayout([[byGender, byState]]));
    const dashboard = new DashboardPage(page);

    await dashboard.open(slug);
    await expect(dashboard.title()).toHaveText(title);
    await expect(page).toHaveTitle(title);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.holder(byGender)).toContainText(`e2e open ${tag} by gender`);
    await expect(dashboard.holder(byGender).getByText('boy', { exact: true })).toBeVisible();
    await expect(dashboard.holder(byGender).getByText('girl', { exact: true })).toBeVisible();
    await expect(dashboard.holder(byState).getByText('CA', { exact: true })).toBeVisible();
    await expect(dashboard.editButton()).toBeVisible();

    // By id: the same dashboard opens (the address may keep the id or show the slug).
    await dashboard.open(id);
    await expect(dashboard.title()).toHaveText(title);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/superset/dashboard/(${slug}|${id})/`));
  });

  test('edit=true opens edit mode for an admin; standalone 1, 2 and 3 hide the nav, the title, the chart menus', async ({ page }) => {
    const tag = unique();
    const { datasetId, byGender, byState } = await makeCharts(page, `e2e modes ${tag}`);
    const byName = await createChartWithParams(page, datasetId, `e2e modes ${tag} by name`, tableParams(datasetId, 'name'));
    // Charts 800 px high, one per row: the last one starts more than two screens down.
    const charts = [byGender, byState, byName];
    const id = await createDashboard(page, { dashboard_title: `E2E modes ${tag}` }, rowsLayout(charts.map((c) => [c]), { width: 12, height: 100 }));
    const dashboard = new DashboardPage(page);

    await dashboard.open(id, '?edit=true');
    await expect(dashboard.root()).toHaveAttribute('data-edit-mode', 'true');
    await expect(dashboard.saveButton()).toBeVisible();
    await expect(dashboard.discardButton()).toBeVisible();
    await expect(page.locator('[data-test="dashboard-builder-sidepane"]')).toBeVisible();
    await expect(dashboard.editButton()).toHaveCount(0);

    await dashboard.open(id, '?standalone=1');
    await expect(dashboard.title()).toBeVisible();
    await expect(dashboard.nav()).toHaveCount(0);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });

    await dashboard.open(id);
    await expect(dashboard.nav()).toBeVisible();

    await dashboard.open(id, '?standalone=2');
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.header()).toHaveCount(0);
    await expect(dashboard.nav()).toHaveCount(0);
    await expect(page.locator('[data-test="slice-header-menu"]').first()).toBeAttached();

    // Report mode: no header, no chart menus, and every chart drawn at once, far-down ones included, without scrolling.
    await dashboard.open(id, '?standalone=3');
    await expect(dashboard.rendered()).toHaveCount(charts.length, { timeout: 45_000 });
    await expect(dashboard.header()).toHaveCount(0);
    await expect(dashboard.nav()).toHaveCount(0);
    await expect(page.locator('[data-test="slice-header-menu"]')).toHaveCount(0);
    await expect(page.locator('[data-test="slice-header-title"]').first()).toBeVisible();
  });

  test('tabs: the charts of a hidden tab query nothing until the tab is first shown, then draw', async ({ page }) => {
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e tabs ${tag}`);
    const id = await createDashboard(page, { dashboard_title: `E2E tabs ${tag}` }, tabbedLayout([byGender], [byState]));
    const queried: number[] = [];
    page.on('request', (request) => {
      const sliceId = request.method() === 'POST' ? chartDataSliceId(request.url()) : null;
      if (sliceId !== null) queried.push(sliceId);
    });
    const dashboard = new DashboardPage(page);

    await dashboard.open(id);
    await expect(dashboard.tab('First tab')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    expect(queried).toContain(byGender);
    expect(queried).not.toContain(byState);
    await expect(dashboard.holder(byState)).not.toBeVisible();

    const second = page.waitForRequest((request) => request.method() === 'POST' && chartDataSliceId(request.url()) === byState);
    await dashboard.tab('Second tab').click();
    await second;
    await expect(dashboard.tab('Second tab')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.holder(byState).getByText('CA', { exact: true })).toBeVisible();

    // Back and forth: a tab already shown keeps its drawing and asks nothing again.
    const before = queried.length;
    await dashboard.tab('First tab').click();
    await expect(dashboard.renderedChart(byGender)).toBeVisible();
    await dashboard.tab('Second tab').click();
    await expect(dashboard.renderedChart(byState)).toBeVisible();
    expect(queried.length).toBe(before);
  });

  test('a chart goes full screen from its menu and comes back', async ({ page }) => {
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e full ${tag}`);
    const id = await createDashboard(page, { dashboard_title: `E2E full ${tag}` }, rowsLayout([[byGender, byState]], { width: 4 }));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    const holder = dashboard.holder(byGender);
    const small = (await holder.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(small.width).toBeLessThan(viewport.width / 2);

    await dashboard.chartMenu(byGender, 'toggle_fullscreen');
    await expect(holder).toHaveAttribute('data-full-size', 'true');
    await expect.poll(async () => (await holder.boundingBox())?.width ?? 0).toBeGreaterThan(viewport.width * 0.9);
    await expect(dashboard.renderedChart(byGender)).toBeVisible();
    await expect(holder.getByText('girl', { exact: true })).toBeVisible();

    await dashboard.chartMenu(byGender, 'toggle_fullscreen');
    await expect(holder).not.toHaveAttribute('data-full-size', 'true');
    await expect.poll(async () => (await holder.boundingBox())?.width ?? 0).toBeLessThan(viewport.width / 2);

    // Escape leaves full screen too.
    await dashboard.chartMenu(byGender, 'toggle_fullscreen');
    await expect(holder).toHaveAttribute('data-full-size', 'true');
    await page.keyboard.press('Escape');
    await expect(holder).not.toHaveAttribute('data-full-size', 'true');
  });

  test('view as table shows the rows behind a chart', async ({ page }) => {
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e rows ${tag}`);
    const id = await createDashboard(page, { dashboard_title: `E2E rows ${tag}` }, rowsLayout([[byGender, byState]], { width: 4 }));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    await dashboard.chartMenu(byGender, 'view_results');
    const modal = page.locator('[data-test="view-results-modal"]');
    await expect(modal).toBeVisible();
    await expect(modal.locator('[data-test="view-results-table"]')).toContainText('girl');
  });

  test('drill to detail shows the rows of the chart a page at a time', async ({ page }) => {
    const tag = unique();
    const { byGender } = await makeCharts(page, `e2e drill ${tag}`);
    const id = await createDashboard(page, { dashboard_title: `E2E drill ${tag}` }, rowsLayout([[byGender]]));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });

    const firstPage = page.waitForResponse((r) => r.url().includes('/datasource/samples') && r.request().method() === 'POST');
    await dashboard.chartMenu(byGender, 'drill_to_detail');
    expect((await firstPage).status()).toBe(200);
    const modal = page.locator('[data-test="drill-detail-modal"]');
    await expect(modal.getByText(`Drill to detail: e2e drill ${tag} by gender`)).toBeVisible();
    const rows = modal.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(50, { timeout: 20_000 });
    await expect(modal.getByRole('columnheader', { name: 'gender' })).toBeVisible();
    const total = Number(((await modal.locator('[data-test="drill-detail-row-count"]').textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
    const firstRowText = await rows.first().textContent();

    const secondPage = page.waitForResponse((r) => r.url().includes('/datasource/samples') && r.url().includes('page=2'));
    await modal.locator('.ant-pagination-item-2').click();
    expect((await secondPage).status()).toBe(200);
    await expect(modal.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(rows.first()).not.toHaveText(firstRowText ?? '');
    await expect(rows).toHaveCount(50);

    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });

  test('the header menu downloads the dashboard as a PNG image', async ({ page }) => {
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e png ${tag}`);
    const title = `E2E png ${tag}`;
    const id = await createDashboard(page, { dashboard_title: title }, rowsLayout([[byGender, byState]]));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    await expect(dashboard.rendered()).toHaveCount(2, { timeout: 30_000 });

    const download = page.waitForEvent('download', { timeout: 45_000 });
    await dashboard.headerMenu('download-as-image', 'download-menu');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^E2E-png-${tag}-\\d{14}\\.png$`));
    const bytes = await readFile((await file.path())!);
    // A real picture of two drawn tables, not an empty canvas: PNG signature and well over a few KB.
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(10_000);
  });

  test('save as, with "duplicate charts", opens a copy whose charts are new ones', async ({ page }) => {
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e copy ${tag}`);
    const id = await createDashboard(page, { dashboard_title: `E2E copy ${tag}` }, rowsLayout([[byGender, byState]]));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    await expect(dashboard.rendered()).toHaveCount(2, { timeout: 30_000 });

    await dashboard.headerMenu('save-as-menu-item');
    const modal = page.locator('[data-test="save-as-modal"]');
    await expect(modal.getByLabel('New dashboard name')).toHaveValue(`E2E copy ${tag} [copy]`);
    const copyTitle = `E2E copied ${tag}`;
    await modal.getByLabel('New dashboard name').fill(copyTitle);
    await modal.locator('[data-test="duplicate-slices"]').click();
    await expect(modal.getByRole('checkbox')).toBeChecked();
    const copied = page.waitForResponse((r) => r.url().includes(`/api/v1/dashboard/${id}/copy/`) && r.request().method() === 'POST');
    await modal.locator('[data-test="modal-confirm-button"]').click();
    const answer = await copied;
    expect(answer.status(), await answer.text()).toBe(200);
    const copyId = ((await answer.json()) as { result: { id: number } }).result.id;
    expect(copyId).not.toBe(id);

    await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${copyId}/`));
    await expect(dashboard.root()).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.title()).toHaveText(copyTitle);
    await expect(dashboard.rendered()).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByText('boy', { exact: true })).toBeVisible();

    const copy = await getDashboard(page, copyId);
    const copyCharts = chartIdsOf(copy.position_json);
    expect(copyCharts).toHaveLength(2);
    for (const chartId of copyCharts) expect([byGender, byState]).not.toContain(chartId);
    const listed = ((await (await page.request.get(`/api/v1/dashboard/${copyId}/charts`)).json()) as { result: { id: number; slice_name: string }[] }).result;
    expect(listed.map((c) => c.id).sort()).toEqual([...copyCharts].sort());
    expect(listed.map((c) => c.slice_name).sort()).toEqual([`e2e copy ${tag} by gender`, `e2e copy ${tag} by state`]);
    // The original keeps its own charts.
    expect(chartIdsOf((await getDashboard(page, id)).position_json).sort()).toEqual([byGender, byState].sort());
  });

  test('a permalink restores the active tab, and the anchor it was made with', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tag = unique();
    const { byGender, byState } = await makeCharts(page, `e2e link ${tag}`);
    const slug = `e2e-link-${tag}`;
    await createDashboard(page, { dashboard_title: `E2E link ${tag}`, slug }, tabbedLayout([byGender], [byState]));
    const dashboard = new DashboardPage(page);
    await dashboard.open(slug);
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    await dashboard.tab('Second tab').click();
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });

    const made = page.waitForResponse((r) => /\/api\/v1\/dashboard\/\d+\/permalink$/.test(r.url()) && r.request().method() === 'POST');
    await dashboard.headerMenu('copy-url-menu-item', 'share-dashboard-menu-item');
    const answer = await made;
    expect(answer.status()).toBe(201);
    const { url } = (await answer.json()) as { key: string; url: string };
    expect(url).toMatch(/\/superset\/dashboard\/p\/[A-Za-z0-9_-]+\/$/);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/superset/dashboard/p/');

    const fresh = await context.newPage();
    const opened = new DashboardPage(fresh);
    await fresh.goto(url);
    await expect(opened.root()).toBeVisible({ timeout: 30_000 });
    await expect(fresh).toHaveURL(new RegExp(`/superset/dashboard/${slug}/`));
    await expect(opened.tab('Second tab')).toHaveAttribute('aria-selected', 'true');
    await expect(opened.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await fresh.close();

    // With an anchor: the address names a chart of the second tab; the permalink keeps it and opens there again.
    await dashboard.open(slug, '#CHART-t2-0');
    await expect(dashboard.tab('Second tab')).toHaveAttribute('aria-selected', 'true');
    const anchored = page.waitForResponse((r) => /\/api\/v1\/dashboard\/\d+\/permalink$/.test(r.url()) && r.request().method() === 'POST');
    await dashboard.headerMenu('copy-url-menu-item', 'share-dashboard-menu-item');
    const anchoredUrl = ((await (await anchored).json()) as { url: string }).url;
    const third = await context.newPage();
    await third.goto(anchoredUrl);
    const thirdPage = new DashboardPage(third);
    await expect(thirdPage.root()).toBeVisible({ timeout: 30_000 });
    await expect(third).toHaveURL(new RegExp(`/superset/dashboard/${slug}/#CHART-t2-0$`));
    await expect(thirdPage.tab('Second tab')).toHaveAttribute('aria-selected', 'true');
    await expect(thirdPage.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await third.close();
  });

  test('a Gamma viewer sees the dashboard but no Edit button, edit=true stays in view mode, and a save is refused', async ({ page, browser }, testInfo) => {
    const tag = unique();
    const { datasetId, byGender } = await makeCharts(page, `e2e viewer ${tag}`);
    const title = `E2E viewer ${tag}`;
    const id = await createDashboard(page, { dashboard_title: title, published: true }, rowsLayout([[byGender]]));
    const username = `viewer${tag}`;
    await createGammaViewer(page, username, [datasetId]);

    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const viewer = await context.newPage();
      await signIn(viewer, username, E2E_VIEWER_PASSWORD);
      const dashboard = new DashboardPage(viewer);
      await dashboard.open(id);
      await expect(dashboard.title()).toHaveText(title);
      await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
      await expect(dashboard.holder(byGender).getByText('boy', { exact: true })).toBeVisible();
      await expect(dashboard.editButton()).toHaveCount(0);

      await dashboard.open(id, '?edit=true');
      await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
      await expect(dashboard.root()).toHaveAttribute('data-edit-mode', 'false');
      await expect(dashboard.saveButton()).toHaveCount(0);
      await expect(viewer.locator('[data-test="dashboard-builder-sidepane"]')).toHaveCount(0);
      await expect(dashboard.editButton()).toHaveCount(0);

      const refused = await apiCall(viewer, 'PUT', `/api/v1/dashboard/${id}`, { dashboard_title: 'Taken over' });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe('You do not have permission to edit this dashboard');
      expect((await getDashboard(page, id)).dashboard_title).toBe(title);
    } finally {
      await context.close();
    }
  });

  test('the dashboards list shows the card; "+ Dashboard" makes an untitled one and opens it in edit mode', async ({ page }) => {
    const tag = unique();
    const title = `E2E card ${tag}`;
    const id = await createDashboard(page, { dashboard_title: title });
    await page.goto('/dashboard/list/');
    await expect(page.locator('[data-test="dashboard-list-page"]')).toBeVisible({ timeout: 20_000 });
    const search = page.getByLabel('Search dashboards');
    await search.fill(title);
    await search.press('Enter');
    await page.locator('[data-test="dashboard-view-toggle"]').getByTitle('Card view').click();
    const card = page.locator('[data-test="dashboard-card"]').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.locator('[data-test="dashboard-title-link"]')).toHaveText(title);
    await card.locator('[data-test="dashboard-title-link"]').click();
    await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${id}/`));
    await expect(new DashboardPage(page).root()).toBeVisible({ timeout: 30_000 });
    await expect(new DashboardPage(page).title()).toHaveText(title);

    await page.goto('/dashboard/list/');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard/' && r.request().method() === 'POST');
    await page.locator('[data-test="btn-new-dashboard"]').click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const newId = ((await answer.json()) as { id: number }).id;
    await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${newId}/\\?edit=true`));
    const dashboard = new DashboardPage(page);
    await expect(dashboard.root()).toHaveAttribute('data-edit-mode', 'true', { timeout: 30_000 });
    await expect(page.locator('[data-test="editable-title-input"]')).toHaveValue('[ untitled dashboard ]');
    await expect(dashboard.saveButton()).toBeVisible();
    await expect(page.locator('[data-test="dashboard-empty-grid"]')).toHaveText('Drag and drop components and charts to the dashboard');
    expect((await getDashboard(page, newId)).dashboard_title).toBe('[ untitled dashboard ]');
  });
});
