import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../pages/login.js';
import { apiCall, ExplorePage, flightsDatasetId } from '../pages/explore.js';
import { SqlLabPage } from '../pages/sqllab.js';

const q = (rison: string) => encodeURIComponent(rison);

async function chartsNamed(page: Page, name: string): Promise<{ id: number; slice_name: string }[]> {
  const res = await page.request.get(`/api/v1/chart/?q=${q(`(filters:!((col:slice_name,opr:ct,value:'${name}')),page_size:100)`)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { id: number; slice_name: string }[] }).result.filter((c) => c.slice_name === name);
}

/** Builds the flights chart the flows share: bar chart over time, split by carrier, SUM(distance), one carrier. */
async function buildFlightsChart(page: Page): Promise<ExplorePage> {
  const explore = new ExplorePage(page);
  await explore.openDataset(await flightsDatasetId(page));
  await expect(page.locator('[data-test="datasource-column"]', { hasText: 'carrier' })).toBeVisible();

  await explore.chooseVizType('echarts_timeseries_bar');
  await explore.pickInSelect(explore.control('x_axis').locator('.ant-select').first(), 'ds');
  await explore.pickInSelect(explore.control('groupby').locator('.ant-select').first(), 'carrier');
  await explore.addSimpleMetric('metrics', 'distance', 'SUM');
  await explore.addSimpleFilter('carrier', /^Equal to/, 'AA');
  return explore;
}

test.describe('Explore', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('builds a chart, shows results and samples, saves, overwrites and adds it to a new dashboard', async ({ page }) => {
    test.setTimeout(180_000);
    const explore = await buildFlightsChart(page);
    await explore.run();
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });
    await expect(explore.chart().locator('canvas, svg').first()).toBeVisible();

    // Data pane: the run's rows, then samples of the dataset.
    await page.locator('[data-test="data-pane"]').getByText('Data', { exact: true }).click();
    await expect(page.locator('[data-test="results-table"]')).toBeVisible();
    await expect(page.locator('[data-test="results-table"] [data-test="row-count"]')).not.toHaveText('0 rows');
    const samples = page.waitForResponse((r) => r.url().includes('/datasource/samples') && r.request().method() === 'POST');
    await page.getByRole('tab', { name: 'Samples' }).click();
    expect((await samples).status()).toBe(200);
    await expect(page.locator('[data-test="samples-table"]')).toBeVisible();

    // Save as a new chart.
    const name = `E2E flights ${Date.now()}`;
    let modal = await explore.openSaveModal();
    await modal.getByLabel('Chart name').fill(name);
    const created = page.waitForResponse((r) => /\/api\/v1\/chart\/$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await modal.locator('[data-test="modal-confirm-button"]').click();
    expect((await created).status()).toBe(201);
    await expect(page.getByText(`Chart [${name}] has been saved`)).toBeVisible();
    await expect(page).toHaveURL(/\/explore\/\?slice_id=\d+/);
    const chartId = Number(new URL(page.url()).searchParams.get('slice_id'));

    // Overwrite it: still exactly one chart with that name.
    modal = await explore.openSaveModal();
    await expect(modal.getByLabel('Save (Overwrite)')).toBeChecked();
    const overwritten = page.waitForResponse((r) => r.url().endsWith(`/api/v1/chart/${chartId}`) && r.request().method() === 'PUT');
    await modal.locator('[data-test="modal-confirm-button"]').click();
    expect((await overwritten).status()).toBe(200);
    await expect(page.getByText(`Chart [${name}] has been overwritten`)).toBeVisible();
    expect(await chartsNamed(page, name)).toHaveLength(1);

    // Save as another chart onto a new dashboard (the dashboard is created first).
    const copyName = `${name} copy`;
    const dashboardTitle = `E2E dashboard ${Date.now()}`;
    modal = await explore.openSaveModal();
    await modal.getByLabel('Save as...').check();
    await modal.getByLabel('Chart name').fill(copyName);
    const dashboardSelect = modal.locator('[data-test="save-chart-modal-select-dashboard-form"]');
    await dashboardSelect.click();
    // The list of dashboards is searched on the server as the name is typed: pick the option once the
    // answer for the whole name is in, as its arrival redraws the options (a click meanwhile can be lost).
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard/' && decodeURIComponent(r.url().replace(/\+/g, ' ')).includes(dashboardTitle));
    await dashboardSelect.locator('input').fill(dashboardTitle);
    await searched;
    await expect(async () => {
      if (!(await dashboardSelect.textContent())?.includes(`${dashboardTitle} (new)`)) {
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${dashboardTitle} (new)` }).click({ timeout: 2000 });
      }
      await expect(dashboardSelect).toContainText(`${dashboardTitle} (new)`, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // Leave the select so its dropdown (which may still be animating out) cannot cover the modal's footer.
    await page.keyboard.press('Tab');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const dashboardCreated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard/' && r.request().method() === 'POST');
    const copyCreated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/chart/' && r.request().method() === 'POST');
    await modal.locator('[data-test="modal-confirm-button"]').click();
    const dashboardId = ((await (await dashboardCreated).json()) as { id: number }).id;
    const copyId = ((await (await copyCreated).json()) as { id: number }).id;
    await expect(page.getByText(`Dashboard [${dashboardTitle}] just got created and chart [${copyName}] was added to it`)).toBeVisible();
    const copy = (await (await page.request.get(`/api/v1/chart/${copyId}`)).json()) as { result: { dashboards: { id: number }[] } };
    expect(copy.result.dashboards.map((d) => d.id)).toContain(dashboardId);
    expect(await chartsNamed(page, name)).toHaveLength(1);
  });

  test("SQL Lab's Create chart opens the query in the explorer; saving it makes a dataset and the chart", async ({ page }) => {
    test.setTimeout(180_000);
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT gender, name FROM birth_names LIMIT 50');
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'gender' })).toBeVisible();
    await page.locator('[data-test="create-chart-button"]').click();
    await expect(page).toHaveURL(/\/explore\/\?datasource_type=query&datasource_id=\d+/);
    await expect(page.locator('[data-test="datasource-column"]', { hasText: 'gender' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-test="datasource-column"]', { hasText: 'name' })).toBeVisible();

    const explore = new ExplorePage(page);
    await explore.addSimpleMetric('metrics', 'name', 'COUNT');
    await explore.run();
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });
    // The query's own LIMIT 50 holds: the chart reads the SQL as written, not SQL Lab's executed text.
    await expect(explore.chart()).toContainText('COUNT(name)50');

    const name = `E2E from query ${Date.now()}`;
    const modal = await explore.openSaveModal();
    await modal.getByLabel('Chart name').fill(name);
    const dataset = page.waitForResponse((r) => /\/api\/v1\/dataset\/$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    const created = page.waitForResponse((r) => /\/api\/v1\/chart\/$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await modal.locator('[data-test="modal-confirm-button"]').click();
    expect((await dataset).status()).toBe(201);
    expect((await created).status()).toBe(201);
    await expect(page).toHaveURL(/\/explore\/\?slice_id=\d+/);
    expect(await chartsNamed(page, name)).toHaveLength(1);
  });

  test('keeps unsaved controls in the address: a reload restores them and draws the chart again', async ({ page }) => {
    test.setTimeout(180_000);
    const explore = await buildFlightsChart(page);
    await explore.run();
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });
    const entries = await page.evaluate(() => window.history.length);

    // A control changed after the run, never saved.
    await explore.openSection('Chart title');
    await explore.control('x_axis_title').getByLabel('X axis title').fill('Departure day');

    // About a second later the controls are stored and the address names them, in the same history entry.
    await expect(page).toHaveURL(/[?&]form_data_key=[^&]+/, { timeout: 15_000 });
    await expect.poll(async () => (await explore.storedFormData())?.x_axis_title, { timeout: 15_000 }).toBe('Departure day');
    const address = new URL(page.url());
    expect(address.pathname).toBe('/explore/');
    expect(address.searchParams.get('datasource_id')).toBe(String(await flightsDatasetId(page)));
    expect(await page.evaluate(() => window.history.length)).toBe(entries);

    const bootstrap = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/explore/' && new URL(r.url()).searchParams.has('form_data_key'));
    const chartData = page.waitForResponse((r) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST');
    await page.reload();
    expect((await bootstrap).status()).toBe(200);
    await expect(page.locator('[data-test="viz-type-button"]')).toContainText('Bar Chart', { timeout: 20_000 });
    await expect(page.locator('[data-test="metric-chip"]', { hasText: 'SUM(distance)' })).toBeVisible();
    await expect(explore.control('groupby')).toContainText('carrier');
    await expect(page.locator('[data-test="filter-chip"]', { hasText: 'carrier' })).toBeVisible();
    await explore.openSection('Chart title');
    await expect(explore.control('x_axis_title').getByLabel('X axis title')).toHaveValue('Departure day');
    // The restored controls are valid, so the chart runs and draws again without a click.
    expect([200, 202]).toContain((await chartData).status());
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });
    await expect(explore.chart().locator('canvas, svg').first()).toBeVisible();
  });

  test('stars a saved chart and reopens it from a permalink with the same form data', async ({ page }) => {
    test.setTimeout(180_000);
    const explore = await buildFlightsChart(page);
    await explore.run();
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });
    const name = `E2E permalink ${Date.now()}`;
    const modal = await explore.openSaveModal();
    await modal.getByLabel('Chart name').fill(name);
    await modal.locator('[data-test="modal-confirm-button"]').click();
    await expect(page).toHaveURL(/\/explore\/\?slice_id=\d+/);
    const chartId = Number(new URL(page.url()).searchParams.get('slice_id'));

    const starred = page.waitForResponse((r) => r.url().includes(`/api/v1/chart/${chartId}/favorites/`) && r.request().method() === 'POST');
    await page.locator('[data-test="fave-unfave-icon"]').click();
    expect((await starred).ok()).toBe(true);
    const status = (await (await page.request.get(`/api/v1/chart/favorite_status/?q=${q(`!(${chartId})`)}`)).json()) as { result: { id: number; value: boolean }[] };
    expect(status.result).toEqual([{ id: chartId, value: true }]);
    await expect(page.locator('[data-test="fave-unfave-icon"]')).toHaveAttribute('aria-pressed', 'true');

    await page.locator('[data-test="actions-trigger"]').click();
    await page.getByRole('menuitem', { name: 'Share' }).hover();
    const permalink = page.waitForResponse((r) => r.url().includes('/api/v1/explore/permalink') && r.request().method() === 'POST');
    await page.getByRole('menuitem', { name: 'Copy permalink to clipboard' }).click();
    const response = await permalink;
    expect(response.status()).toBe(201);
    const { url, key } = (await response.json()) as { url: string; key: string };
    expect(url).toContain(`/superset/explore/p/${key}/`);
    const sent = response.request().postDataJSON() as { formData: Record<string, unknown> };

    // Embed code: an iframe on a permalink of the same chart, standalone, at the size asked for.
    // The menu may still be closing after the copy: open it until its Share item shows.
    await expect(async () => {
      if (!(await page.getByRole('menuitem', { name: 'Share' }).isVisible())) await page.locator('[data-test="actions-trigger"]').click();
      await expect(page.getByRole('menuitem', { name: 'Share' })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.getByRole('menuitem', { name: 'Share' }).hover();
    await page.getByRole('menuitem', { name: 'Embed code' }).click();
    const code = page.locator('[data-test="embed-code"]');
    await expect(code).toHaveValue(/src=".*\/superset\/explore\/p\/[^/]+\/\?standalone=1&height=400"/, { timeout: 15_000 });
    await page.getByRole('spinbutton', { name: 'Chart height' }).fill('300');
    await expect(code).toHaveValue(/height="300"/);
    const src = /src="([^"]+)"/.exec(await code.inputValue())![1]!;
    await page.locator('[data-test="embed-code-modal"]').getByRole('button', { name: 'Cancel' }).click();

    const bootstrap = page.waitForResponse((r) => r.url().includes('/api/v1/explore/?') && r.url().includes(`permalink_key=${key}`));
    await page.goto(new URL(url).pathname);
    const reopened = ((await (await bootstrap).json()) as { result: { form_data: Record<string, unknown> } }).result.form_data;
    for (const field of ['viz_type', 'metrics', 'groupby', 'x_axis', 'adhoc_filters', 'datasource']) expect(reopened[field]).toEqual(sent.formData[field]);
    await expect(page.locator('[data-test="metric-chip"]', { hasText: 'SUM(distance)' })).toBeVisible();
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });

    // The embedded address shows the chart alone, without the explorer's controls.
    await page.goto(new URL(src).pathname + new URL(src).search);
    await expect(page.locator('canvas, svg').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-test="metric-chip"]')).toHaveCount(0);
  });

  test('exports the chart data as JSON and runs its SQL in SQL Lab from the actions menu', async ({ page }) => {
    test.setTimeout(180_000);
    const explore = await buildFlightsChart(page);
    await explore.run();
    await expect(explore.chart()).toBeVisible({ timeout: 30_000 });

    await page.locator('[data-test="actions-trigger"]').click();
    await page.getByRole('menuitem', { name: 'Download' }).hover();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export to .JSON' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as { result: { colnames: string[]; data: Record<string, unknown>[] }[] };
    expect(exported.result[0]!.colnames).toContain('ds');
    expect(exported.result[0]!.data.length).toBeGreaterThan(0);
    expect(Object.keys(exported.result[0]!.data[0]!).some((k) => k.includes('AA'))).toBe(true);

    await page.locator('[data-test="actions-trigger"]').click();
    await page.getByRole('menuitem', { name: 'Run in SQL Lab' }).click();
    await expect(page).toHaveURL(/\/sqllab\/$/, { timeout: 20_000 });
    const sqlLab = new SqlLabPage(page);
    await expect.poll(() => sqlLab.sqlText(), { timeout: 20_000 }).toContain('SUM(');
    expect(await sqlLab.sqlText()).toContain('carrier');
    await sqlLab.run();
    await expect(sqlLab.grid()).toBeVisible({ timeout: 30_000 });
    await expect(sqlLab.headers().filter({ hasText: 'carrier' })).toHaveCount(1);
  });

  test('exports a pivot table as the pivoted CSV it draws', async ({ page }) => {
    test.setTimeout(120_000);
    const datasetId = await flightsDatasetId(page);
    const params = { datasource: `${datasetId}__table`, viz_type: 'pivot_table_v2', groupbyRows: ['carrier'], groupbyColumns: [], metrics: ['count'], metricsLayout: 'COLUMNS', colTotals: true, time_range: 'No filter', row_limit: 10000, aggregateFunction: 'Sum', valueFormat: 'SMART_NUMBER' };
    const created = await apiCall(page, 'POST', '/api/v1/chart/', { slice_name: `E2E pivot ${Date.now()}`, viz_type: 'pivot_table_v2', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) });
    expect(created.status()).toBe(201);
    const chartId = ((await created.json()) as { id: number }).id;
    const explore = new ExplorePage(page);
    await page.goto(`/explore/?slice_id=${chartId}`);
    await expect(explore.chart()).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });

    await page.locator('[data-test="actions-trigger"]').click();
    await page.getByRole('menuitem', { name: 'Download' }).hover();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export to Pivoted .CSV' }).click();
    const lines = (await readFile(await (await download).path(), 'utf8')).trim().split('\r\n');
    // Headers read the dataset's verbose names, as on screen: the count metric's is COUNT(*).
    expect(lines[0]).toBe('carrier,COUNT(*)');
    // "Show columns total" is a row at the bottom, named after the aggregation as Superset names it.
    expect(lines.at(-1)).toMatch(/^Total \(Sum\),\d+$/);
    const carriers = lines.slice(1, -1).map((line) => line.split(','));
    expect(carriers.length).toBeGreaterThan(1);
    // The total row is the sum of the carriers' counts, as the table shows it.
    expect(carriers.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(Number(lines.at(-1)!.split(',')[1]));
  });
});

