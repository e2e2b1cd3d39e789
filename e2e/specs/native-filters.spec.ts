import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { exampleDatasetId } from '../pages/chartList.js';
import { DashboardPage, chartDataSliceId, createChartWithParams, createDashboard, rowsLayout, signIn, tableParams } from '../pages/dashboard.js';
import { FilterBar, isOptionsQuery, queryFilters, saveFilters, setBarOrientation, valueFilter, type FilterSpec } from '../pages/nativeFilters.js';

// The shared e2e machine is often loaded: a dashboard and its filters' options can take more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Table charts on birth_names, one row per value of the column (with a count). */
async function makeCharts(page: Page, tag: string) {
  const datasetId = await exampleDatasetId(page, 'birth_names');
  const byState = await createChartWithParams(page, datasetId, `nf ${tag} by state`, tableParams(datasetId, 'state'));
  const byGender = await createChartWithParams(page, datasetId, `nf ${tag} by gender`, tableParams(datasetId, 'gender'));
  return { datasetId, byState, byGender };
}

/** Every chart data request of one dashboard chart from now on. */
function chartRequests(page: Page, chartId: number): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && chartDataSliceId(request.url()) === chartId) seen.push(request);
  });
  return seen;
}

const hasFilter = (request: Request, col: string, val: unknown[]) =>
  queryFilters(request).some((f) => f.col === col && f.op === 'IN' && JSON.stringify(f.val) === JSON.stringify(val));

const filtersKey = (page: Page) => new URL(page.url()).searchParams.get('native_filters_key');

test.describe('Native filters: the filter bar', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('Apply re-queries the charts in scope with the filter, not the others; values live under native_filters_key, a new key per load; Clear all', async ({ page, context }) => {
    const tag = unique();
    const { datasetId, byState, byGender } = await makeCharts(page, tag);
    const id = await createDashboard(page, { dashboard_title: `NF apply ${tag}` }, rowsLayout([[byState, byGender]]));
    const stateFilter = `NATIVE_FILTER-st${tag}`;
    await saveFilters(page, id, [valueFilter(stateFilter, 'State', datasetId, 'state', [byState], { excluded: [byGender] })]);
    const dashboard = new DashboardPage(page);
    const bar = new FilterBar(page);

    // Chart queries go first; the filter's options query follows them (it never holds a chart back).
    const order: string[] = [];
    const onRequest = (r: Request) => {
      if (chartDataSliceId(r.url()) !== null) order.push('chart');
      else if (isOptionsQuery(r, 'state')) order.push('options');
    };
    page.on('request', onRequest);
    await dashboard.open(id);
    await expect.poll(() => order.includes('options')).toBe(true);
    page.off('request', onRequest);
    expect(order.indexOf('chart')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('chart')).toBeLessThan(order.indexOf('options'));
    await expect(bar.root()).toHaveAttribute('data-orientation', 'vertical');
    await expect(bar.root()).toContainText('Filters and options');
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.holder(byState).getByText('NY', { exact: true })).toBeVisible();
    await expect(bar.applyButton()).toBeDisabled();
    // Nothing chosen yet: no key is made for an empty state.
    expect(filtersKey(page)).toBeNull();

    const stateRuns = chartRequests(page, byState);
    const genderRuns = chartRequests(page, byGender);
    await bar.pick(stateFilter, 'CA');
    await expect(bar.applyButton()).toBeEnabled();
    const filtered = page.waitForRequest((r) => chartDataSliceId(r.url()) === byState && hasFilter(r, 'state', ['CA']));
    await bar.applyButton().click();
    await filtered;
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.holder(byState).getByText('CA', { exact: true })).toBeVisible();
    await expect(dashboard.holder(byState).getByText('NY', { exact: true })).toHaveCount(0);
    await expect(bar.applyButton()).toBeDisabled();
    expect(stateRuns.length).toBe(1);
    // Out of the filter's scope: the gender chart did not query again.
    expect(genderRuns.length).toBe(0);

    await expect.poll(() => filtersKey(page)).not.toBeNull();
    const firstKey = filtersKey(page) as string;

    // A reload restores the value from the key before any chart queries (never unfiltered first), with a new key.
    const reloadRuns = chartRequests(page, byState);
    await page.reload();
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(bar.chosen(stateFilter)).toHaveText(['CA']);
    await expect(dashboard.holder(byState).getByText('NY', { exact: true })).toHaveCount(0);
    expect(reloadRuns.length).toBeGreaterThan(0);
    for (const run of reloadRuns) expect(hasFilter(run, 'state', ['CA'])).toBe(true);
    await expect.poll(() => filtersKey(page)).not.toBeNull();
    await expect.poll(() => filtersKey(page)).not.toBe(firstKey);

    // The first key still opens the values it stored.
    const other = await context.newPage();
    await other.goto(`/superset/dashboard/${id}/?native_filters_key=${firstKey}`);
    const otherBar = new FilterBar(other);
    await expect(otherBar.chosen(stateFilter)).toHaveText(['CA'], { timeout: 30_000 });
    await other.close();

    // Clear all empties the filter and applies at once: the chart queries unfiltered again.
    const unfiltered = page.waitForRequest((r) => chartDataSliceId(r.url()) === byState && !queryFilters(r).some((f) => f.col === 'state'));
    await bar.clearAllButton().click();
    await unfiltered;
    await expect(dashboard.holder(byState).getByText('NY', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(bar.chosen(stateFilter)).toHaveCount(0);
    await expect(bar.clearAllButton()).toBeDisabled();
  });

  test('a required filter keeps its default after a reload; a chart waits for a required filter without value', async ({ page }) => {
    const tag = unique();
    const { datasetId, byState, byGender } = await makeCharts(page, tag);
    const id = await createDashboard(page, { dashboard_title: `NF required ${tag}` }, rowsLayout([[byState, byGender]]));
    const genderFilter = `NATIVE_FILTER-gd${tag}`;
    const stateFilter = `NATIVE_FILTER-rq${tag}`;
    await saveFilters(page, id, [
      valueFilter(genderFilter, 'Gender', datasetId, 'gender', [byState], { excluded: [byGender], controlValues: { enableEmptyFilter: true }, defaultValue: ['boy'] }),
      valueFilter(stateFilter, 'State', datasetId, 'state', [byGender], { excluded: [byState], controlValues: { enableEmptyFilter: true } }),
    ]);
    const dashboard = new DashboardPage(page);
    const bar = new FilterBar(page);

    for (let load = 0; load < 2; load += 1) {
      const stateRuns = chartRequests(page, byState);
      const genderRuns = chartRequests(page, byGender);
      if (load === 0) await dashboard.open(id);
      else await page.reload();
      await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
      await expect(bar.chosen(genderFilter)).toHaveText(['boy']);
      // Every run of the chart carried the default: it never queried unfiltered.
      expect(stateRuns.length).toBeGreaterThan(0);
      for (const run of stateRuns) expect(hasFilter(run, 'gender', ['boy'])).toBe(true);
      // The required state filter has no value: its chart waits and does not query.
      await expect(dashboard.holder(byGender).locator('[data-test="chart-waiting-for-filters"]')).toContainText('Waiting for filter values');
      await expect(bar.control(stateFilter)).toContainText('Value is required');
      expect(genderRuns.length).toBe(0);
    }

    const waited = page.waitForRequest((r) => chartDataSliceId(r.url()) === byGender && hasFilter(r, 'state', ['CA']));
    await bar.pick(stateFilter, 'CA');
    await bar.applyButton().click();
    await waited;
    await expect(dashboard.renderedChart(byGender)).toBeVisible({ timeout: 30_000 });

    // Emptying a required filter: 'Value is required', and Apply stays disabled.
    await bar.control(genderFilter).locator('.ant-select').hover();
    await bar.control(genderFilter).locator('.ant-select-clear').click();
    await expect(bar.control(genderFilter)).toContainText('Value is required');
    await expect(bar.applyButton()).toBeDisabled();
  });

  test("cascading: a child's options narrow to its parents' selection, and it can default to its first item", async ({ page }) => {
    const tag = unique();
    const { datasetId, byState, byGender } = await makeCharts(page, tag);
    const id = await createDashboard(page, { dashboard_title: `NF cascade ${tag}` }, rowsLayout([[byState, byGender]]));
    const stateFilter = `NATIVE_FILTER-ps${tag}`;
    const genderFilter = `NATIVE_FILTER-pg${tag}`;
    const nameFilter = `NATIVE_FILTER-ch${tag}`;
    await saveFilters(page, id, [
      valueFilter(stateFilter, 'State', datasetId, 'state', [byState, byGender]),
      valueFilter(genderFilter, 'Gender', datasetId, 'gender', [byState, byGender]),
      valueFilter(nameFilter, 'Name', datasetId, 'name', [byState], { excluded: [byGender], parents: [stateFilter, genderFilter], controlValues: { defaultToFirstItem: true } }),
    ]);
    const dashboard = new DashboardPage(page);
    const bar = new FilterBar(page);
    const nameOptions: Request[] = [];
    page.on('request', (r) => {
      if (isOptionsQuery(r, 'name')) nameOptions.push(r);
    });
    const stateRuns = chartRequests(page, byState);

    await dashboard.open(id);
    // The child selects its first name at once, and its chart queries with it (not unfiltered first).
    await expect(bar.chosen(nameFilter)).toHaveCount(1, { timeout: 30_000 });
    const firstName = (await bar.chosen(nameFilter).first().textContent())?.trim() ?? '';
    expect(firstName).not.toBe('');
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    expect(stateRuns.length).toBeGreaterThan(0);
    for (const run of stateRuns) expect(hasFilter(run, 'name', [firstName])).toBe(true);
    expect(queryFilters(nameOptions[0]!).filter((f) => f.col === 'state' || f.col === 'gender')).toEqual([]);

    // One parent chosen: the child's options query carries it.
    const narrowed = page.waitForRequest((r) => isOptionsQuery(r, 'name') && hasFilter(r, 'state', ['CA']));
    await bar.pick(stateFilter, 'CA');
    await narrowed;
    // Both parents: the child's options carry the two selections.
    const both = page.waitForRequest((r) => isOptionsQuery(r, 'name') && hasFilter(r, 'state', ['CA']) && hasFilter(r, 'gender', ['girl']));
    await bar.pick(genderFilter, 'girl');
    const request = await both;
    const answer = await request.response();
    const rows = ((await answer?.json()) as { result: { data: { name: string }[] }[] }).result[0]?.data ?? [];
    expect(rows.length).toBeGreaterThan(0);
    const listed = await bar.options(nameFilter);
    // What the child offers is exactly what the narrowed query answered (plus a chosen value kept listed).
    for (const row of rows.slice(0, 5)) expect(listed.join('|')).toContain(row.name);
  });

  test('a permalink restores the filter values', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tag = unique();
    const { datasetId, byState, byGender } = await makeCharts(page, tag);
    const id = await createDashboard(page, { dashboard_title: `NF link ${tag}` }, rowsLayout([[byState, byGender]]));
    const stateFilter = `NATIVE_FILTER-pl${tag}`;
    await saveFilters(page, id, [valueFilter(stateFilter, 'State', datasetId, 'state', [byState, byGender])]);
    const dashboard = new DashboardPage(page);
    const bar = new FilterBar(page);
    await dashboard.open(id);
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await bar.pick(stateFilter, 'TX');
    await bar.applyButton().click();
    await expect(dashboard.holder(byState).getByText('NY', { exact: true })).toHaveCount(0, { timeout: 30_000 });

    const made = page.waitForResponse((r) => /\/api\/v1\/dashboard\/\d+\/permalink$/.test(r.url()) && r.request().method() === 'POST');
    await dashboard.headerMenu('copy-url-menu-item', 'share-dashboard-menu-item');
    const { url } = (await (await made).json()) as { url: string };

    const fresh = await context.newPage();
    const runs = chartRequests(fresh, byState);
    await fresh.goto(url);
    const opened = new DashboardPage(fresh);
    await expect(opened.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(new FilterBar(fresh).chosen(stateFilter)).toHaveText(['TX']);
    await expect(opened.holder(byState).getByText('TX', { exact: true })).toBeVisible();
    await expect(opened.holder(byState).getByText('NY', { exact: true })).toHaveCount(0);
    for (const run of runs) expect(hasFilter(run, 'state', ['TX'])).toBe(true);
    await fresh.close();
  });

  test('horizontal bar: filters that do not fit go under "More filters"; the settings menu moves the bar; the vertical bar folds', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const tag = unique();
    const { datasetId, byState, byGender } = await makeCharts(page, tag);
    const id = await createDashboard(page, { dashboard_title: `NF horizontal ${tag}` }, rowsLayout([[byState, byGender]]));
    const filters: FilterSpec[] = [
      { id: `NATIVE_FILTER_DIVIDER-d${tag}`, type: 'DIVIDER', title: 'Where', description: 'Places first' },
      ...Array.from({ length: 6 }, (_, i) => valueFilter(`NATIVE_FILTER-h${i}${tag}`, `State ${i + 1}`, datasetId, 'state', [byState], { excluded: [byGender] })),
    ];
    await saveFilters(page, id, filters);
    await setBarOrientation(page, id, 'HORIZONTAL');
    const dashboard = new DashboardPage(page);
    const bar = new FilterBar(page);

    await dashboard.open(id);
    await expect(bar.root()).toHaveAttribute('data-orientation', 'horizontal');
    await expect(bar.root()).toContainText('Where');
    const more = page.locator('[data-test="filter-bar__more-filters"]');
    await expect(more).toBeVisible();
    const panel = page.locator('[data-test="filter-bar__more-filters-panel"]');
    await expect(panel).toBeHidden();
    await more.click();
    await expect(panel).toBeVisible();
    const last = `NATIVE_FILTER-h5${tag}`;
    await expect(panel.locator(`[data-test="filter-control-${last}"]`)).toBeVisible();
    await bar.pick(last, 'CA');
    await expect(panel).toBeVisible();
    const filtered = page.waitForRequest((r) => chartDataSliceId(r.url()) === byState && hasFilter(r, 'state', ['CA']));
    await bar.applyButton().click();
    await filtered;

    // The editor's gear menu moves the bar to the left, saved in json_metadata.
    await page.locator('[data-test="filterbar-action-buttons-settings"]').click();
    await page.locator('.ant-dropdown:visible').getByText('Orientation of filter bar').hover();
    await page.locator('.ant-dropdown-menu-submenu-popup:visible').getByText('Vertical (Left)').click();
    await expect(bar.root()).toHaveAttribute('data-orientation', 'vertical');
    await page.reload();
    await expect(bar.root()).toHaveAttribute('data-orientation', 'vertical');
    await expect(bar.root().getByText('Places first')).toBeVisible();
    await expect(bar.chosen(last)).toHaveText(['CA']);

    // Folding is remembered for this dashboard.
    await page.locator('[data-test="filter-bar__collapse-button"]').click();
    await expect(bar.root()).toHaveAttribute('data-collapsed', 'true');
    await page.reload();
    await expect(bar.root()).toHaveAttribute('data-collapsed', 'true');
    await page.locator('[data-test="filter-bar__expand-button"]').click();
    await expect(bar.root()).toHaveAttribute('data-collapsed', 'false');
    // The address's expand_filters=0 opens the page with the bar folded, over what was kept.
    await dashboard.open(id, '?expand_filters=0');
    await expect(bar.root()).toHaveAttribute('data-collapsed', 'true');
  });

  test('a dashboard without filters says so and offers editors to add some; rison native_filters sets values', async ({ page }) => {
    const tag = unique();
    const { datasetId, byState, byGender } = await makeCharts(page, tag);
    const empty = await createDashboard(page, { dashboard_title: `NF empty ${tag}` }, rowsLayout([[byState]]));
    const dashboard = new DashboardPage(page);
    const bar = new FilterBar(page);
    await dashboard.open(empty);
    await expect(bar.root()).toContainText('No filters are currently added to this dashboard.');
    await expect(bar.root().locator('[data-test="filter-bar__create-filter"]')).toBeVisible();

    const id = await createDashboard(page, { dashboard_title: `NF rison ${tag}` }, rowsLayout([[byState, byGender]]));
    const stateFilter = `NATIVE_FILTER-rs${tag}`;
    await saveFilters(page, id, [valueFilter(stateFilter, 'State', datasetId, 'state', [byState], { excluded: [byGender] })]);
    const rison = `(${stateFilter}:(extraFormData:(filters:!((col:state,op:IN,val:!(NY)))),filterState:(value:!(NY))))`;
    const runs = chartRequests(page, byState);
    await dashboard.open(id, `?native_filters=${encodeURIComponent(rison)}`);
    await expect(dashboard.renderedChart(byState)).toBeVisible({ timeout: 30_000 });
    await expect(bar.chosen(stateFilter)).toHaveText(['NY']);
    await expect(dashboard.holder(byState).getByText('CA', { exact: true })).toHaveCount(0);
    for (const run of runs) expect(hasFilter(run, 'state', ['NY'])).toBe(true);
    // The stored key replaces the rison parameter in the address.
    await expect.poll(() => filtersKey(page)).not.toBeNull();
    expect(new URL(page.url()).searchParams.get('native_filters')).toBeNull();
  });
});
