import rison from 'rison';
import { TEST_USER_PASSWORD, type TestApp } from '../../../test/testApp.js';
import { createWarehouse } from '../../tabState/__tests__/sqllabTestKit.js';

/** Helpers the dashboards API suites share (tests only). */

export const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

export interface Warehouse {
  birthNames: number;
  parents: number;
}

/** A SQLite warehouse with two datasets: birth_names (granted to readers) and parents (never granted). */
export async function warehouse(app: TestApp): Promise<Warehouse> {
  const dbId = await createWarehouse(app);
  const birthNames = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id as number;
  const parents = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'parents' } })).body.id as number;
  return { birthNames, parents };
}

export async function createChart(app: TestApp, datasetId: number, name = `chart on ${datasetId}`): Promise<number> {
  const res = await app.api('POST', '/api/v1/chart/', {
    body: { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ viz_type: 'table', metrics: ['count'] }) },
  });
  if (res.status !== 201) throw new Error(`create chart failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function createDashboard(app: TestApp, body: Record<string, unknown>, token?: string): Promise<number> {
  const res = await app.api('POST', '/api/v1/dashboard/', { body, ...(token ? { token } : {}) });
  if (res.status !== 201) throw new Error(`create dashboard failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** A layout of one row holding the given charts (width 4 each unless given), as the page saves it. */
export function layoutOf(charts: { id: number; width?: number }[]): Record<string, unknown> {
  const chartKeys = charts.map((c, i) => `CHART-c${i}`);
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-r1'], parents: ['ROOT_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Dashboard' } },
    'ROW-r1': { id: 'ROW-r1', type: 'ROW', children: chartKeys, parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
  };
  charts.forEach((c, i) => {
    layout[chartKeys[i]!] = {
      id: chartKeys[i],
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-r1'],
      meta: { chartId: c.id, width: c.width ?? 4, height: 50 },
    };
  });
  return layout;
}

type Pair = { id: number; permission_name: string; view_menu_name: string };

/**
 * A user with Gamma plus a role of its own (named `<username>_role`) holding datasource_access on the given datasets;
 * returns the token, the user id and the own role's id.
 */
export async function gammaWithDatasets(app: TestApp, username: string, datasetIds: number[]): Promise<{ token: string; id: number; roleId: number }> {
  const pairs = (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as Pair[];
  const access = datasetIds.map((id) => pairs.find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.endsWith(`(id:${id})`))!.id);
  const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: `${username}_role` } });
  if (access.length > 0) await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: access } });
  const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
  const gamma = roles.find((r) => r.name === 'Gamma')!.id;
  const created = await app.api('POST', '/api/v1/security/users/', {
    body: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password: TEST_USER_PASSWORD, roles: [role.body.id, gamma] },
  });
  if (created.status !== 201) throw new Error(`create user failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { token: await app.token(username, TEST_USER_PASSWORD), id: created.body.id as number, roleId: role.body.id as number };
}
