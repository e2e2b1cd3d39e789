import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { exampleDatasetId } from '../pages/chartList.js';
import { DashboardPage, chartDataSliceId, createChartWithParams, createDashboard, rowsLayout, signIn, tableParams } from '../pages/dashboard.js';
import { apiCall } from '../pages/explore.js';

// Shared, often loaded machine: dashboards with their charts can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const APPLY = '[data-test="filter-bar__apply-button"]';

type Filter = Record<string, unknown> & { id: string };

/** A native filter in scope of the whole dashboard, as the config modal saves one. */
function nativeFilter(id: string, name: string, filterType: string, targets: unknown[], controlValues: Record<string, unknown>, chartIds: number[]): Filter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType,
    targets,
    controlValues,
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    chartsInScope: chartIds,
    tabsInScope: [],
    description: '',
  };
}

/** A dashboard holding `chartId`, with `filters` saved through `PUT /api/v1/dashboard/<id>/filters` (not the modal). */
async function dashboardWithFilters(page: Page, title: string, chartId: number, filters: Filter[]): Promise<number> {
  const id = await createDashboard(page, { dashboard_title: title }, rowsLayout([[chartId]], { width: 8 }));
  const saved = await apiCall(page, 'PUT', `/api/v1/dashboard/${id}/filters`, { modified: filters, deleted: [], reordered: [] });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

interface ChartBody {
  form_data?: { extra_form_data?: Record<string, unknown> };
  queries: { filters?: { col: string; op: string; val?: unknown }[]; extras?: Record<string, unknown>; time_range?: string; granularity?: string }[];
}

/** The next chart data request of `chartId` whose body passes `match` (a chart's own request: it carries slice_id). */
function nextChartQuery(page: Page, chartId: number, match: (body: ChartBody) => boolean): Promise<ChartBody> {
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && chartDataSliceId(r.url()) === chartId && match(r.postDataJSON() as ChartBody), { timeout: 30_000 })
    .then((r) => r.postDataJSON() as ChartBody);
}

async function openWithChart(page: Page, dashboardId: number, chartId: number): Promise<DashboardPage> {
  const dashboard = new DashboardPage(page);
  await dashboard.open(dashboardId);
  await expect(dashboard.renderedChart(chartId)).toBeVisible({ timeout: 45_000 });
  return dashboard;
}

/** Apply, then the chart's new query and its drawing. */
async function applyAndWait(page: Page, dashboard: DashboardPage, chartId: number, match: (body: ChartBody) => boolean): Promise<ChartBody> {
  const query = nextChartQuery(page, chartId, match);
  await expect(page.locator(APPLY)).toBeEnabled();
  await page.locator(APPLY).click();
  const body = await query;
  await expect(dashboard.renderedChart(chartId)).toBeVisible({ timeout: 45_000 });
  return body;
}

const control = (page: Page, filterId: string) => page.locator(`[data-test="filter-control-${filterId}"]`);
const tableText = (dashboard: DashboardPage, chartId: number) => dashboard.renderedChart(chartId).innerText();

test.describe('Native filter types', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  for (const mode of ['slider', 'input', 'slider-and-input'] as const) {
    test(`numerical range filter drawn as ${mode} filters the chart`, async ({ page }) => {
      const datasetId = await exampleDatasetId(page, 'birth_names');
      const chartId = await createChartWithParams(page, datasetId, `Range ${mode} ${unique()}`, tableParams(datasetId, 'gender'));
      const filterId = `NATIVE_FILTER-range-${mode}`;
      const filter = nativeFilter(filterId, 'Births', 'filter_range', [{ datasetId, column: { name: 'num' } }], { rangeDisplayMode: mode, enableEmptyFilter: false }, [chartId]);
      const dashboard = await openWithChart(page, await dashboardWithFilters(page, `Range ${mode} ${unique()}`, chartId, [filter]), chartId);
      const before = await tableText(dashboard, chartId);
      const range = control(page, filterId).locator('[data-test="range-filter"]');
      // The bounds come from a MIN/MAX query on the column.
      await expect(range).not.toHaveAttribute('data-max', '');
      const max = Number(await range.getAttribute('data-max'));
      expect(max).toBeGreaterThan(10);

      if (mode === 'slider') {
        await expect(range.getByRole('spinbutton')).toHaveCount(0);
        // Drag the lower handle half way along the track.
        const handle = range.locator('.ant-slider-handle').first();
        const track = await range.locator('.ant-slider-rail').boundingBox();
        const box = await handle.boundingBox();
        await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
        await page.mouse.down();
        await page.mouse.move(track!.x + track!.width / 2, track!.y + track!.height / 2, { steps: 8 });
        await page.mouse.up();
      } else {
        if (mode === 'input') await expect(range.locator('.ant-slider')).toHaveCount(0);
        else await expect(range.locator('.ant-slider')).toHaveCount(1);
        await range.getByRole('spinbutton', { name: 'Births from' }).fill('10');
        await range.getByRole('spinbutton', { name: 'Births to' }).fill('50');
        await range.getByRole('spinbutton', { name: 'Births to' }).blur();
      }
      const body = await applyAndWait(page, dashboard, chartId, (b) => (b.queries[0]?.filters ?? []).some((f) => f.col === 'num'));
      const applied = (body.queries[0]!.filters ?? []).filter((f) => f.col === 'num');
      if (mode === 'slider') {
        expect(applied.map((f) => f.op)).toEqual(['>=', '<=']);
        expect(Number(applied[0]!.val)).toBeGreaterThan(0);
      } else {
        expect(applied).toEqual([expect.objectContaining({ col: 'num', op: '>=', val: 10 }), expect.objectContaining({ col: 'num', op: '<=', val: 50 })]);
      }
      await expect.poll(() => tableText(dashboard, chartId)).not.toBe(before);
    });
  }

  test('time grain, time range and time column filters change the chart query', async ({ page }) => {
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const chartId = await createChartWithParams(page, datasetId, `Time filters ${unique()}`, { ...tableParams(datasetId, 'gender'), granularity_sqla: 'ds', time_grain_sqla: 'P1Y' });
    const grainId = 'NATIVE_FILTER-grain';
    const rangeId = 'NATIVE_FILTER-time-range';
    const columnId = 'NATIVE_FILTER-time-column';
    const filters = [
      nativeFilter(grainId, 'Time grain', 'filter_timegrain', [{ datasetId }], {}, [chartId]),
      nativeFilter(rangeId, 'Time range', 'filter_time', [{}], {}, [chartId]),
      nativeFilter(columnId, 'Time column', 'filter_timecolumn', [{ datasetId }], {}, [chartId]),
    ];
    const dashboard = await openWithChart(page, await dashboardWithFilters(page, `Time filters ${unique()}`, chartId, filters), chartId);
    const before = await tableText(dashboard, chartId);

    // Time grain: the grains of the spec, Month chosen.
    await control(page, grainId).locator('.ant-select').click();
    await page.keyboard.type('Mon');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Month"]').click();
    let body = await applyAndWait(page, dashboard, chartId, (b) => b.form_data?.extra_form_data?.time_grain_sqla === 'P1M');
    expect(body.queries[0]!.extras?.time_grain_sqla).toBe('P1M');

    // Time range: the explorer's picker, a custom range.
    await control(page, rangeId).locator('[data-test="time-range-trigger"]').click();
    const editor = page.locator('[data-test="time-range-editor"]:visible');
    await editor.getByText('Custom / Advanced').click();
    await editor.getByLabel('START (INCLUSIVE)').fill('2000-01-01');
    await editor.getByLabel('END (EXCLUSIVE)').fill('2005-01-01');
    await editor.locator('[data-test="time-range-apply"]').click();
    await expect(control(page, rangeId).locator('[data-test="time-range-trigger"]')).toHaveText('2000-01-01 : 2005-01-01');
    body = await applyAndWait(page, dashboard, chartId, (b) => b.form_data?.extra_form_data?.time_range === '2000-01-01 : 2005-01-01');
    expect(body.queries[0]!.time_range).toBe('2000-01-01 : 2005-01-01');
    // Five years of births instead of all: the counts drop.
    await expect.poll(() => tableText(dashboard, chartId)).not.toBe(before);

    // Time column: the dataset's temporal columns.
    await control(page, columnId).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="ds"]').click();
    body = await applyAndWait(page, dashboard, chartId, (b) => b.form_data?.extra_form_data?.granularity_sqla === 'ds');
    expect(body.queries[0]!.granularity).toBe('ds');
  });

  test('value filter searches all values on the server and filters the chart', async ({ page }) => {
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const chartId = await createChartWithParams(page, datasetId, `Names ${unique()}`, tableParams(datasetId, 'name'));
    const filterId = 'NATIVE_FILTER-name-search';
    const filter = nativeFilter(filterId, 'Name', 'filter_select', [{ datasetId, column: { name: 'name' } }], { searchAllOptions: true, multiSelect: true, enableEmptyFilter: false }, [chartId]);
    const dashboard = await openWithChart(page, await dashboardWithFilters(page, `Name search ${unique()}`, chartId, [filter]), chartId);

    // Typing sends an options query (no slice_id) with an ILIKE filter on the column, limit 1000.
    const search = page.waitForRequest((r) => {
      if (r.method() !== 'POST' || !r.url().includes('/api/v1/chart/data') || chartDataSliceId(r.url()) !== null) return false;
      const body = r.postDataJSON() as ChartBody & { queries: { row_limit?: number }[] };
      return (body.queries[0]?.filters ?? []).some((f) => f.col === 'name' && f.op === 'ILIKE' && f.val === '%Aar%');
    });
    await control(page, filterId).locator('.ant-select').click();
    await page.keyboard.type('Aar');
    const sent = (await search).postDataJSON() as ChartBody & { queries: { row_limit?: number; slice_id?: unknown }[] };
    expect(sent.queries[0]!.row_limit).toBe(1000);
    // The typed text itself is offered first (creatable values); pick a stored name.
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option:not([title="Aar"])').first();
    await expect(option).toContainText(/aar/i);
    const picked = (await option.getAttribute('title'))!;
    await option.click();
    await page.keyboard.press('Escape');

    const body = await applyAndWait(page, dashboard, chartId, (b) => (b.queries[0]?.filters ?? []).some((f) => f.col === 'name' && f.op === 'IN'));
    expect((body.queries[0]!.filters ?? []).find((f) => f.col === 'name')).toMatchObject({ op: 'IN', val: [picked] });
    // The table now holds the picked name only.
    await expect(dashboard.renderedChart(chartId).getByRole('cell', { name: picked, exact: true })).toBeVisible();
    await expect(dashboard.renderedChart(chartId).locator('tbody tr')).toHaveCount(1);
  });
});
