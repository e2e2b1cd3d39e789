import { expect, test } from '@playwright/test';
import { ChartListPage, createChart, exampleDatasetId } from '../pages/chartList.js';
import { loginAs } from '../pages/login.js';

test.describe('Charts list', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('lists charts made through the API; search narrows, star toggles, bulk delete removes', async ({ page }) => {
    const prefix = `e2e list ${Date.now()}`;
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const names = [`${prefix} alpha`, `${prefix} beta`, `${prefix} gamma`];
    const ids: number[] = [];
    for (const name of names) ids.push(await createChart(page, datasetId, name));

    const list = new ChartListPage(page);
    await list.open();
    await list.search(prefix);
    await expect(list.rows()).toHaveCount(3);
    for (const name of names) await expect(list.row(name)).toBeVisible();
    await expect(list.row(names[0]!).getByRole('link', { name: names[0]!, exact: true })).toHaveAttribute('href', `/explore/?slice_id=${ids[0]}`);
    await expect(list.row(names[0]!).getByRole('link', { name: 'birth_names' })).toBeVisible();

    await list.search(`${prefix} beta`);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row(names[1]!)).toBeVisible();
    // The search lives in the address, so a reload keeps it.
    await page.reload();
    await expect(list.rows()).toHaveCount(1);

    const starred = page.waitForResponse((r) => r.url().endsWith(`/api/v1/chart/${ids[1]}/favorites/`) && r.request().method() === 'POST');
    await list.row(names[1]!).getByRole('button', { name: `Star ${names[1]}` }).click();
    expect((await starred).ok()).toBe(true);
    await expect(list.row(names[1]!).getByRole('button', { name: `Unstar ${names[1]}` })).toBeVisible();
    await list.row(names[1]!).getByRole('button', { name: `Unstar ${names[1]}` }).click();
    await expect(list.row(names[1]!).getByRole('button', { name: `Star ${names[1]}` })).toBeVisible();

    await list.search(prefix);
    await expect(list.rows()).toHaveCount(3);
    await page.locator('[data-test="bulk-select"]').click();
    await list.row(names[0]!).getByRole('checkbox').check();
    await list.row(names[2]!).getByRole('checkbox').check();
    await expect(page.locator('[data-test="bulk-select-copy"]')).toHaveText('2 Selected');
    await page.locator('[data-test="bulk-select-action"]').click();
    await list.confirmDelete();
    await expect(page.getByText(/Deleted 2 charts?/)).toBeVisible();
    await expect(list.rows()).toHaveCount(1);
    await expect(list.row(names[1]!)).toBeVisible();
    expect((await page.request.get(`/api/v1/chart/${ids[0]}`)).status()).toBe(404);
  });
});
