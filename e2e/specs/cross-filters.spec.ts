import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { exampleDatasetId } from '../pages/chartList.js';
import { DashboardPage, chartDataSliceId, createChartWithParams, createDashboard, rowsLayout, signIn, tableParams } from '../pages/dashboard.js';
import { apiCall } from '../pages/explore.js';

// The machine running e2e is shared and often loaded: a dashboard with its charts can take more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A pie of birth_names' rows per gender. */
function pieParams(datasetId: number): Record<string, unknown> {
  return { viz_type: 'pie', datasource: `${datasetId}__table`, groupby: ['gender'], metric: 'count', adhoc_filters: [], row_limit: 100, time_range: 'No filter', show_legend: false };
}

/** Chart data requests by chart id, with their bodies as text, from the moment this is called. */
function recordChartData(page: Page): Map<number, string[]> {
  const seen = new Map<number, string[]>();
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST') return;
    const id = chartDataSliceId(request.url());
    if (id === null) return;
    seen.set(id, [...(seen.get(id) ?? []), request.postData() ?? '']);
  });
  return seen;
}

const genderFilter = (value: string) => `{"col":"gender","op":"IN","val":["${value}"]}`;

/** Clicks the first slice of the pie: ECharts starts it at 12 o'clock and runs clockwise, so 15° past the top is in it. */
async function clickFirstSlice(dashboard: DashboardPage, chartId: number): Promise<void> {
  const canvas = dashboard.holder(chartId).locator('[data-testid="echart"]');
  const box = (await canvas.boundingBox())!;
  const radius = (0.7 * Math.min(box.width, box.height)) / 2;
  const angle = (15 * Math.PI) / 180;
  await canvas.click({ position: { x: box.width / 2 + 0.6 * radius * Math.sin(angle), y: box.height / 2 - 0.6 * radius * Math.cos(angle) } });
}

test.describe('Cross-filters', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a pie slice click filters the other charts, not itself; the bar lists it, the badges count it, a second click clears it', async ({ page }) => {
    const tag = unique();
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const pie = await createChartWithParams(page, datasetId, `e2e xf ${tag} pie`, pieParams(datasetId));
    const byGender = await createChartWithParams(page, datasetId, `e2e xf ${tag} by gender`, tableParams(datasetId, 'gender'));
    const byState = await createChartWithParams(page, datasetId, `e2e xf ${tag} by state`, tableParams(datasetId, 'state'));
    const id = await createDashboard(page, { dashboard_title: `E2E cross-filters ${tag}` }, rowsLayout([[pie, byGender, byState]], { width: 4 }));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    for (const chart of [pie, byGender, byState]) await expect(dashboard.renderedChart(chart)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.holder(byGender).getByText('girl', { exact: true })).toBeVisible();

    const requests = recordChartData(page);
    await clickFirstSlice(dashboard, pie);
    const section = page.locator('[data-test="cross-filters-section"]');
    await expect(section).toBeVisible();
    await expect(section.locator('[data-test="cross-filter-chart-name"]')).toHaveText(`e2e xf ${tag} pie`);
    await expect(section.locator('[data-test="cross-filter-column"]')).toHaveText('gender');
    const value = (await section.locator('[data-test="cross-filter-value"]').innerText()).trim();
    expect(['boy', 'girl']).toContain(value);
    const other = value === 'boy' ? 'girl' : 'boy';

    // The other charts query again with the filter and show only that value; the pie keeps its answer.
    await expect.poll(() => (requests.get(byState) ?? []).some((body) => body.includes(genderFilter(value)))).toBe(true);
    await expect.poll(() => (requests.get(byGender) ?? []).some((body) => body.includes(genderFilter(value)))).toBe(true);
    await expect(dashboard.renderedChart(byGender)).toBeVisible();
    await expect(dashboard.holder(byGender).getByText(value, { exact: true })).toBeVisible();
    await expect(dashboard.holder(byGender).getByText(other, { exact: true })).toHaveCount(0);
    expect((requests.get(pie) ?? []).some((body) => body.includes('"col":"gender","op":"IN"'))).toBe(false);

    // Badges: one applied filter on the filtered charts, none on the emitter.
    await expect(dashboard.holder(byState).locator('[data-test="filter-badge-count"]')).toHaveText('1');
    await expect(dashboard.holder(pie).locator('[data-test="applied-filter-count"]')).toHaveCount(0);
    await dashboard.holder(byState).locator('[data-test="applied-filter-count"]').click();
    const popover = page.locator('[data-test="filter-badge-popover"]');
    await expect(popover).toContainText('Applied cross-filters (1)');
    await expect(popover).toContainText(`e2e xf ${tag} pie`);
    await page.keyboard.press('Escape');

    // The same slice again clears the cross-filter: the section goes, the tables show every value again.
    await clickFirstSlice(dashboard, pie);
    await expect(section).toHaveCount(0);
    await expect(dashboard.holder(byGender).getByText(other, { exact: true })).toBeVisible();
    await expect(dashboard.holder(byState).locator('[data-test="applied-filter-count"]')).toHaveCount(0);
  });

  test('a table cell click cross-filters, the clear button removes it, and a chart scoped out no longer re-queries', async ({ page }) => {
    const tag = unique();
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const byGender = await createChartWithParams(page, datasetId, `e2e xf2 ${tag} by gender`, tableParams(datasetId, 'gender'));
    const byState = await createChartWithParams(page, datasetId, `e2e xf2 ${tag} by state`, tableParams(datasetId, 'state'));
    const pie = await createChartWithParams(page, datasetId, `e2e xf2 ${tag} pie`, pieParams(datasetId));
    const id = await createDashboard(page, { dashboard_title: `E2E cross-filter scope ${tag}` }, rowsLayout([[byGender, byState, pie]], { width: 4 }));
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    for (const chart of [pie, byGender, byState]) await expect(dashboard.renderedChart(chart)).toBeVisible({ timeout: 30_000 });

    let requests = recordChartData(page);
    const girlCell = dashboard.holder(byGender).locator('td[data-column-key="gender"]', { hasText: 'girl' });
    await girlCell.click();
    await expect(girlCell).toHaveAttribute('data-selected', 'true');
    await expect.poll(() => (requests.get(byState) ?? []).some((body) => body.includes(genderFilter('girl')))).toBe(true);
    await expect.poll(() => (requests.get(pie) ?? []).some((body) => body.includes(genderFilter('girl')))).toBe(true);
    expect(requests.get(byGender) ?? []).toEqual([]);
    const clear = page.locator('[data-test="cross-filter-item"] [data-test="cross-filter-clear"]');
    await clear.click();
    await expect(page.locator('[data-test="cross-filters-section"]')).toHaveCount(0);

    // Scope the table's cross-filters to the pie only (chart menu > Cross-filtering scoping > Custom).
    await dashboard.chartMenu(byGender, 'cross_filter_scoping');
    const modal = page.locator('.ant-modal:visible');
    await expect(modal.getByText('Cross-filtering scoping')).toBeVisible();
    await modal.getByRole('radio', { name: 'Custom' }).check();
    await modal.locator('.ant-tree-treenode', { hasText: `e2e xf2 ${tag} by state` }).locator('.ant-tree-checkbox').click();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/dashboard/${id}`) && r.request().method() === 'PUT');
    await modal.locator('[data-test="cross-filter-scoping-save"]').click();
    expect((await saved).status()).toBe(200);
    await expect(modal).toHaveCount(0);
    const stored = await apiCall(page, 'GET', `/api/v1/dashboard/${id}`);
    const metadata = JSON.parse(((await stored.json()) as { result: { json_metadata: string } }).result.json_metadata) as {
      chart_configuration: Record<string, { crossFilters: { scope: unknown; chartsInScope: number[] } }>;
    };
    expect(metadata.chart_configuration[String(byGender)]!.crossFilters.chartsInScope).toEqual([pie]);

    requests = recordChartData(page);
    await girlCell.click();
    await expect.poll(() => (requests.get(pie) ?? []).some((body) => body.includes(genderFilter('girl')))).toBe(true);
    await expect(dashboard.renderedChart(pie)).toBeVisible();
    expect(requests.get(byState) ?? []).toEqual([]);
    await expect(dashboard.holder(byState).locator('[data-test="applied-filter-count"]')).toHaveCount(0);
    await expect(dashboard.holder(pie).locator('[data-test="filter-badge-count"]')).toHaveText('1');
  });
});
