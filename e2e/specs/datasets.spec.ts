import { expect, test } from '@playwright/test';
import { DatasetListPage } from '../pages/datasetList.js';
import { apiCall } from '../pages/explore.js';
import { loginAs } from '../pages/login.js';

type DatasetShow = { id: number; metrics: { metric_name: string; expression: string }[] };

test.describe('Datasets', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('creates the energy_usage dataset through /dataset/add/, picks a chart type for it and lands on the explorer', async ({ page }) => {
    // A dataset left by an earlier spec would (rightly) block the creation; start without one. (energy_usage: no
    // example dashboard is built on it, so deleting its dataset breaks nothing a later spec opens.)
    const existing = (await (await page.request.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:energy_usage)))`)).json()) as { result: { id: number; sql: string | null }[] };
    for (const dataset of existing.result.filter((d) => !d.sql)) expect((await apiCall(page, 'DELETE', `/api/v1/dataset/${dataset.id}`)).ok()).toBe(true);

    const list = new DatasetListPage(page);
    await list.open();
    await page.locator('[data-test="btn-new-dataset"]').click();
    await expect(page).toHaveURL(/\/dataset\/add\/$/);
    await list.pickExampleTable('energy_usage');
    await expect(page.locator('[data-test="table-columns-preview"]')).toContainText('main.energy_usage');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/dataset/') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create dataset and create chart' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // As Superset: on to the chart-type picker with the new dataset chosen, then the explorer.
    await expect(page).toHaveURL(new RegExp(`/chart/add\\?dataset=${id}$`));
    await expect(page.locator('[data-test="chart-creation-dataset-select"]')).toContainText('main.energy_usage');
    await page.locator('[data-test="viztype-table"]').click();
    await page.locator('[data-test="chart-creation-create"]').click();
    await expect(page).toHaveURL(new RegExp(`/explore/\\?viz_type=table&datasource=${id}__table$`));

    // Back on the add page the table is now flagged and cannot be added twice.
    await page.goto('/dataset/add/');
    await list.pickExampleTable('energy_usage');
    await expect(page.locator('[data-test="dataset-exists-warning"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create dataset and create chart' })).toBeDisabled();
  });

  test('adds and edits a metric in the edit modal and the change is saved', async ({ page }) => {
    const found = (await (await page.request.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:energy_usage)))`)).json()) as { result: { id: number }[] };
    const id = found.result[0]?.id;
    test.skip(id === undefined, 'the energy_usage dataset is created by the previous test');

    const list = new DatasetListPage(page);
    await list.open('?search=energy_usage');
    let modal = await list.openEditModal('energy_usage');
    await list.openTab(modal, /Metrics/);
    await modal.getByRole('button', { name: 'Add item' }).click();
    await modal.getByLabel('Metric key of new metric').fill('e2e_row_count');
    await modal.getByLabel('SQL expression of e2e_row_count').fill('COUNT(*)');
    const saved = page.waitForResponse((r) => new RegExp(`/api/v1/dataset/${id}(\\?|$)`).test(r.url()) && r.request().method() === 'PUT');
    await modal.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('The dataset has been saved')).toBeVisible();

    let show = ((await (await page.request.get(`/api/v1/dataset/${id}`)).json()) as { result: DatasetShow }).result;
    expect(show.metrics.find((m) => m.metric_name === 'e2e_row_count')?.expression).toBe('COUNT(*)');

    // Reopen: the metric is there; change its expression and save again.
    modal = await list.openEditModal('energy_usage');
    await list.openTab(modal, /Metrics/);
    await modal.getByLabel('SQL expression of e2e_row_count').fill('COUNT(1)');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    await expect
      .poll(async () => {
        show = ((await (await page.request.get(`/api/v1/dataset/${id}`)).json()) as { result: DatasetShow }).result;
        return show.metrics.find((m) => m.metric_name === 'e2e_row_count')?.expression;
      })
      .toBe('COUNT(1)');
  });
});
