import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.js';
import { apiCall } from './explore.js';

/** A password the server's policy takes (12+ characters, not a common one, free of any username the tests use). */
export const E2E_VIEWER_PASSWORD = 'Quiet-lantern-harbour-58';

/**
 * Signs in through `POST /login/` (the login form's own call): the session cookie lands in the page's browser context.
 * The login form itself is covered by auth.spec; here it would only cost seconds per test on a loaded machine.
 */
export async function signIn(page: Page, username = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  const res = await page.request.post('/login/', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Params of a table chart grouped by one column of birth_names, counting rows: its cells show the column's values. */
export function tableParams(datasetId: number, groupby: string): Record<string, unknown> {
  return {
    viz_type: 'table',
    datasource: `${datasetId}__table`,
    query_mode: 'aggregate',
    groupby: [groupby],
    metrics: ['count'],
    adhoc_filters: [],
    row_limit: 100,
    time_range: 'No filter',
  };
}

/** `POST /api/v1/chart/` with full params (a chart that draws); returns the new id. */
export async function createChartWithParams(page: Page, datasetId: number, sliceName: string, params: Record<string, unknown>): Promise<number> {
  const res = await apiCall(page, 'POST', '/api/v1/chart/', {
    slice_name: sliceName,
    viz_type: params.viz_type,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

type Layout = Record<string, unknown>;

function chartComponent(id: string, chartId: number, parents: string[], width = 6, height = 50): Record<string, unknown> {
  return { id, type: 'CHART', children: [], parents, meta: { chartId, width, height } };
}

/**
 * Rows of charts on the grid (row `ROW-r<r>`, its charts `CHART-r<r>-<i>`), as the page saves it; `size` in grid units
 * (12 columns wide, 8 px high).
 */
export function rowsLayout(rows: number[][], size: { width?: number; height?: number } = {}): Layout {
  const rowIds = rows.map((_, r) => `ROW-r${r}`);
  const layout: Layout = {
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: rowIds, parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Dashboard' } },
  };
  rows.forEach((chartIds, r) => {
    const row = rowIds[r]!;
    const keys = chartIds.map((_, i) => `CHART-r${r}-${i}`);
    layout[row] = { id: row, type: 'ROW', children: keys, parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    chartIds.forEach((chartId, i) => {
      layout[keys[i]!] = chartComponent(keys[i]!, chartId, ['ROOT_ID', 'GRID_ID', row], size.width, size.height);
    });
  });
  return { DASHBOARD_VERSION_KEY: 'v2', ...layout };
}

/**
 * Top-level tabs `TAB-first` ("First tab") and `TAB-second` ("Second tab"), a row of charts in each
 * (components `CHART-t1-<i>` and `CHART-t2-<i>`).
 */
export function tabbedLayout(firstTab: number[], secondTab: number[]): Layout {
  const layout: Layout = {
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Dashboard' } },
    'TABS-top': { id: 'TABS-top', type: 'TABS', children: ['TAB-first', 'TAB-second'], parents: ['ROOT_ID'], meta: {} },
  };
  const tabs = [
    { tab: 'TAB-first', text: 'First tab', row: 'ROW-t1', prefix: 'CHART-t1', charts: firstTab },
    { tab: 'TAB-second', text: 'Second tab', row: 'ROW-t2', prefix: 'CHART-t2', charts: secondTab },
  ];
  for (const { tab, text, row, prefix, charts } of tabs) {
    const keys = charts.map((_, i) => `${prefix}-${i}`);
    layout[tab] = { id: tab, type: 'TAB', children: [row], parents: ['ROOT_ID', 'TABS-top'], meta: { text, defaultText: 'Tab title' } };
    layout[row] = { id: row, type: 'ROW', children: keys, parents: ['ROOT_ID', 'TABS-top', tab], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    charts.forEach((chartId, i) => {
      layout[keys[i]!] = chartComponent(keys[i]!, chartId, ['ROOT_ID', 'TABS-top', tab, row]);
    });
  }
  return { DASHBOARD_VERSION_KEY: 'v2', ...layout };
}

/**
 * Creates a dashboard through the API, then saves its layout with a PUT (the server links a layout's charts on
 * update, as the page's Save does). Returns the new id.
 */
export async function createDashboard(page: Page, body: { dashboard_title: string; slug?: string; published?: boolean }, layout?: Layout): Promise<number> {
  const created = await apiCall(page, 'POST', '/api/v1/dashboard/', { published: true, ...body });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  if (layout) {
    const updated = await apiCall(page, 'PUT', `/api/v1/dashboard/${id}`, { position_json: JSON.stringify(layout) });
    expect(updated.status(), await updated.text()).toBe(200);
  }
  return id;
}

/** The stored dashboard (`GET /api/v1/dashboard/<id or slug>`). */
export async function getDashboard(page: Page, idOrSlug: number | string): Promise<{ id: number; dashboard_title: string; position_json: string | null; slug: string | null }> {
  const res = await page.request.get(`/api/v1/dashboard/${idOrSlug}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { id: number; dashboard_title: string; position_json: string | null; slug: string | null } }).result;
}

/** Chart ids a stored layout holds. */
export function chartIdsOf(positionJson: string | null): number[] {
  const layout = JSON.parse(positionJson ?? '{}') as Record<string, { type?: string; meta?: { chartId?: number } }>;
  return Object.values(layout)
    .filter((c) => c && c.type === 'CHART')
    .map((c) => Number(c.meta?.chartId));
}

/**
 * A Gamma user with read access to the given datasets (through a role of its own), made by the logged-in admin
 * through `/api/v1/security/`. Signs in with E2E_VIEWER_PASSWORD.
 */
export async function createGammaViewer(page: Page, username: string, datasetIds: number[]): Promise<void> {
  const pairs = ((await (await page.request.get('/api/v1/security/permissions-resources/?q=(page_size:1000)')).json()) as {
    result: { id: number; permission_name: string; view_menu_name: string }[];
  }).result;
  const access = datasetIds.map((id) => {
    const pair = pairs.find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.endsWith(`(id:${id})`));
    if (!pair) throw new Error(`no datasource_access permission for dataset ${id}`);
    return pair.id;
  });
  const role = await apiCall(page, 'POST', '/api/v1/security/roles/', { name: `${username}_role` });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { id: number }).id;
  const granted = await apiCall(page, 'POST', `/api/v1/security/roles/${roleId}/permissions`, { permission_view_menu_ids: access });
  expect(granted.ok(), await granted.text()).toBe(true);
  const roles = ((await (await page.request.get('/api/v1/security/roles/?q=(page_size:100)')).json()) as { result: { id: number; name: string }[] }).result;
  const gamma = roles.find((r) => r.name === 'Gamma');
  if (!gamma) throw new Error('no Gamma role');
  const user = await apiCall(page, 'POST', '/api/v1/security/users/', {
    username,
    first_name: 'Viewer',
    last_name: 'E2E',
    email: `${username}@example.com`,
    password: E2E_VIEWER_PASSWORD,
    roles: [gamma.id, roleId],
  });
  expect(user.status(), await user.text()).toBe(201);
}

/** The chart id a `/api/v1/chart/data` request is for (its tracking `form_data={"slice_id":N}`), or null. */
export function chartDataSliceId(url: string): number | null {
  const parsed = new URL(url);
  if (!parsed.pathname.startsWith('/api/v1/chart/data')) return null;
  const formData = parsed.searchParams.get('form_data');
  if (!formData) return null;
  try {
    const id = (JSON.parse(formData) as { slice_id?: unknown }).slice_id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/** Drives `/superset/dashboard/<id or slug>/` the way a user does. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open(idOrSlug: number | string, query = ''): Promise<void> {
    await this.page.goto(`/superset/dashboard/${idOrSlug}/${query}`);
    await expect(this.root()).toBeVisible({ timeout: 30_000 });
  }

  root(): Locator {
    return this.page.locator('[data-test="dashboard-page"]');
  }

  header(): Locator {
    return this.page.locator('[data-test="dashboard-header"]');
  }

  title(): Locator {
    return this.header().locator('[data-test="editable-title"]');
  }

  /** The app's top navigation (absent in standalone modes). */
  nav(): Locator {
    return this.page.locator('.ant-layout-header');
  }

  holder(chartId: number): Locator {
    return this.page.locator(`[data-test="dashboard-component-chart-holder"][data-chart-id="${chartId}"]`);
  }

  renderedChart(chartId: number): Locator {
    return this.holder(chartId).locator('[data-test="chart-container"][data-status="rendered"]');
  }

  rendered(): Locator {
    return this.page.locator('[data-test="chart-container"][data-status="rendered"]');
  }

  editButton(): Locator {
    return this.page.locator('[data-test="edit-dashboard-button"]');
  }

  saveButton(): Locator {
    return this.page.locator('[data-test="header-save-button"]');
  }

  discardButton(): Locator {
    return this.page.locator('[data-test="discard-changes-button"]');
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /**
   * Opens a chart's "..." menu and clicks an item by its data-test (in a submenu when `submenu` names the submenu's
   * data-test). Opening is retried until the item shows (a click on the trigger while the page still settles can be
   * lost); the item itself is clicked once, when stable (Playwright waits out antd's zoom-in), so no action runs twice.
   */
  async chartMenu(chartId: number, item: string, submenu?: string): Promise<void> {
    await this.holder(chartId).locator('[data-test="slice-header"]').hover();
    await this.clickMenu(this.holder(chartId).locator('[data-test="slice-header-menu"]'), item, submenu);
  }

  /** The header's "..." menu, as chartMenu. */
  async headerMenu(item: string, submenu?: string): Promise<void> {
    await this.clickMenu(this.page.locator('[data-test="header-actions-menu"]'), item, submenu);
  }

  private async clickMenu(trigger: Locator, item: string, submenu?: string): Promise<void> {
    // A menu closed a moment ago is still drawn while it fades out (`*-leave` motion classes): never pick that one.
    const open = ':not([class*="-leave"]):visible';
    const menuItem = this.page.locator(`.ant-dropdown${open} [data-test="${item}"], .ant-dropdown-menu-submenu-popup${open} [data-test="${item}"]`).first();
    await expect(async () => {
      if (submenu) {
        const parent = this.page.locator(`.ant-dropdown${open} [data-test="${submenu}"]`).first();
        if (!(await parent.isVisible())) await trigger.click();
        await parent.hover({ timeout: 2_000 });
      } else if (!(await menuItem.isVisible())) {
        await trigger.click();
      }
      await expect(menuItem).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await menuItem.click();
  }
}
