import { expect, type Locator, type Page } from '@playwright/test';
import { apiCall } from './explore.js';

/** A dataset on an examples table (created on first use), for charts the tests make through the API. */
export async function exampleDatasetId(page: Page, table: string): Promise<number> {
  const dbs = (await (await page.request.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`)).json()) as { result: { id: number }[] };
  const databaseId = dbs.result[0]?.id;
  if (databaseId === undefined) throw new Error('no examples database');
  const created = await apiCall(page, 'POST', '/api/v1/dataset/', { database: databaseId, schema: 'main', table_name: table });
  if (created.status() === 201) return ((await created.json()) as { id: number }).id;
  const found = (await (await page.request.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:${table})))`)).json()) as { result: { id: number }[] };
  const id = found.result[0]?.id;
  if (id === undefined) throw new Error(`could not create the ${table} dataset: ${created.status()} ${await created.text()}`);
  return id;
}

/** `POST /api/v1/chart/` as the logged-in user; returns the new id. */
export async function createChart(page: Page, datasetId: number, sliceName: string, vizType = 'table'): Promise<number> {
  const res = await apiCall(page, 'POST', '/api/v1/chart/', {
    slice_name: sliceName,
    viz_type: vizType,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ viz_type: vizType, datasource: `${datasetId}__table` }),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Drives `/chart/list/` the way a user does. */
export class ChartListPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/chart/list/${query}`);
    await expect(this.page.locator('[data-test="chart-list-page"]')).toBeVisible({ timeout: 20_000 });
  }

  rows(): Locator {
    return this.page.locator('[data-test="chart-row"]');
  }

  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async search(text: string): Promise<void> {
    const box = this.page.getByLabel('Search charts');
    await box.fill(text);
    await box.press('Enter');
  }

  async confirmDelete(): Promise<void> {
    const modal = this.page.locator('[data-test="delete-modal"]');
    await modal.getByLabel('Type "DELETE" to confirm').fill('DELETE');
    await modal.getByRole('button', { name: 'Delete' }).click();
  }
}
