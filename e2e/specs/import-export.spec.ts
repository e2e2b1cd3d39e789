import { expect, test } from '@playwright/test';
import { ChartListPage, createChart, exampleDatasetId } from '../pages/chartList.js';
import { apiCall } from '../pages/explore.js';
import { loginAs } from '../pages/login.js';

test.describe('Chart export and import', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('exports a chart as a ZIP, imports it back after deletion, and asks before overwriting', async ({ page }, testInfo) => {
    const name = `e2e bundle ${Date.now()}`;
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const id = await createChart(page, datasetId, name, 'pie');
    const { uuid } = ((await (await page.request.get(`/api/v1/chart/${id}`)).json()) as { result: { uuid: string } }).result;

    const list = new ChartListPage(page);
    await list.open();
    await list.search(name);
    await expect(list.row(name)).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await list.row(name).locator('[data-test="chart-export"]').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^chart_export_\d{8}T\d{6}\.zip$/);
    const bundle = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(bundle);

    // The chart goes away; the bundle brings it back with the same uuid (its dataset and database are reused).
    expect((await apiCall(page, 'DELETE', `/api/v1/chart/${id}`)).status()).toBe(200);
    const importBundle = async () => {
      await page.locator('[data-test="import-button"]').click();
      const modal = page.locator('[data-test="import-chart-modal"]');
      await modal.locator('input[type="file"]').setInputFiles(bundle);
      await modal.getByRole('button', { name: 'Import' }).click();
      return modal;
    };
    let modal = await importBundle();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Chart imported')).toBeVisible();
    const found = (await (await page.request.get(`/api/v1/chart/?q=${encodeURIComponent(`(filters:!((col:slice_name,opr:ct,value:'${name}')))`)}`)).json()) as {
      result: { id: number; uuid: string }[];
    };
    expect(found.result.map((c) => c.uuid)).toEqual([uuid]);

    // A second import meets the chart: the modal asks for OVERWRITE before replacing it.
    modal = await importBundle();
    await expect(modal.locator('[data-test="import-overwrite"]')).toBeVisible();
    const overwrite = modal.getByRole('button', { name: 'Overwrite' });
    await expect(overwrite).toBeDisabled();
    await modal.locator('[data-test="overwrite-modal-input"]').fill('OVERWRITE');
    await overwrite.click();
    await expect(modal).toBeHidden();
    await apiCall(page, 'DELETE', `/api/v1/chart/${found.result[0]!.id}`);
  });
});
