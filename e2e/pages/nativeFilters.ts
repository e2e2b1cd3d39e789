import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { apiCall } from './explore.js';

/** A native filter as json_metadata stores it (facts §4.1). */
export interface FilterSpec {
  id: string;
  type: 'NATIVE_FILTER' | 'DIVIDER';
  name?: string;
  title?: string;
  description?: string;
  filterType?: string;
  targets?: { datasetId: number; column: { name: string } }[];
  controlValues?: Record<string, unknown>;
  defaultDataMask?: Record<string, unknown>;
  cascadeParentIds?: string[];
  scope?: { rootPath: string[]; excluded: number[] };
  chartsInScope?: number[];
  tabsInScope?: string[];
}

/** A value filter (filter_select) on one column; `excluded` charts are out of its scope. */
export function valueFilter(
  id: string,
  name: string,
  datasetId: number,
  column: string,
  chartsInScope: number[],
  options: { excluded?: number[]; controlValues?: Record<string, unknown>; defaultValue?: string[]; parents?: string[] } = {},
): FilterSpec {
  const value = options.defaultValue;
  return {
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: column } }],
    controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false, ...options.controlValues },
    defaultDataMask: value
      ? { extraFormData: { filters: [{ col: column, op: 'IN', val: value }] }, filterState: { value }, ownState: {} }
      : { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: options.parents ?? [],
    scope: { rootPath: ['ROOT_ID'], excluded: options.excluded ?? [] },
    chartsInScope,
    tabsInScope: [],
  };
}

/** Saves the dashboard's filters through `PUT /api/v1/dashboard/<id>/filters` (not through the config modal). */
export async function saveFilters(page: Page, dashboardId: number, filters: FilterSpec[]): Promise<void> {
  const res = await apiCall(page, 'PUT', `/api/v1/dashboard/${dashboardId}/filters`, { modified: filters, deleted: [], reordered: filters.map((f) => f.id) });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sets `filter_bar_orientation` (the other json_metadata keys kept). */
export async function setBarOrientation(page: Page, dashboardId: number, orientation: 'VERTICAL' | 'HORIZONTAL'): Promise<void> {
  const shown = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as { result: { json_metadata: string | null } };
  const metadata = { ...(JSON.parse(shown.result.json_metadata ?? '{}') as Record<string, unknown>), filter_bar_orientation: orientation };
  const res = await apiCall(page, 'PUT', `/api/v1/dashboard/${dashboardId}`, { json_metadata: JSON.stringify(metadata) });
  expect(res.status(), await res.text()).toBe(200);
}

/** The JSON body of a chart data request, or null. */
export function chartDataBody(request: Request): { queries?: { columns?: unknown[]; filters?: { col: string; op: string; val?: unknown }[] }[] } | null {
  if (!new URL(request.url()).pathname.startsWith('/api/v1/chart/data') || request.method() !== 'POST') return null;
  try {
    return request.postDataJSON() as never;
  } catch {
    return null;
  }
}

/** Whether a chart data request is a filter's options query on `column` (no slice_id, grouped by that column only). */
export function isOptionsQuery(request: Request, column: string): boolean {
  const body = chartDataBody(request);
  if (!body || new URL(request.url()).searchParams.get('form_data')?.includes('slice_id')) return false;
  const columns = body.queries?.[0]?.columns ?? [];
  return columns.length === 1 && columns[0] === column;
}

/** The filters a chart data request's first query carries. */
export function queryFilters(request: Request): { col: string; op: string; val?: unknown }[] {
  return chartDataBody(request)?.queries?.[0]?.filters ?? [];
}

/** Drives the filter bar as a user does. */
export class FilterBar {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.locator('[data-test="filter-bar"]');
  }

  control(filterId: string): Locator {
    return this.page.locator(`[data-test="filter-control-${filterId}"]`);
  }

  applyButton(): Locator {
    return this.page.locator('[data-test="filter-bar__apply-button"]');
  }

  clearAllButton(): Locator {
    return this.page.locator('[data-test="filter-bar__clear-button"]');
  }

  /** The values a value filter shows as chosen. */
  chosen(filterId: string): Locator {
    return this.control(filterId).locator('.ant-select-selection-item-content');
  }

  /** Opens a value filter's list and picks `value` (typed to narrow the list), then closes the list. */
  async pick(filterId: string, value: string): Promise<void> {
    const select = this.control(filterId).locator('.ant-select');
    await select.click();
    await this.page.keyboard.type(value);
    const option = this.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${value}"]`);
    await expect(option).toBeVisible({ timeout: 20_000 });
    await option.click();
    await this.page.keyboard.press('Escape');
  }

  /** The options a value filter's list offers now (opened and closed again). */
  async options(filterId: string): Promise<string[]> {
    await this.control(filterId).locator('.ant-select').click();
    const list = this.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(list.first()).toBeVisible({ timeout: 20_000 });
    const titles = await list.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('title') ?? n.textContent ?? ''));
    await this.page.keyboard.press('Escape');
    return titles;
  }
}
