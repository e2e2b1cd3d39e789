import { expect, test } from '@playwright/test';
import { loginAs } from '../pages/login.js';
import { ExplorePage, flightsDatasetId } from '../pages/explore.js';

test.describe('Annotation layers', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('an event layer made on the annotation pages reaches a time-series chart', async ({ page }) => {
    test.setTimeout(180_000);
    const layerName = `E2E events ${Date.now()}`;

    // Settings > Annotation layers: a new layer, then an event in it.
    await page.goto('/annotationlayer/list/');
    await page.locator('[data-test="add-annotation-layer"]').click();
    const layerModal = page.getByRole('dialog');
    await layerModal.getByLabel(/Annotation layer name/).fill(layerName);
    await layerModal.locator('[data-test="modal-confirm-button"]').click();
    await page.getByRole('link', { name: layerName }).click();
    await expect(page).toHaveURL(/\/annotationlayer\/\d+\/annotation\//);
    await page.locator('[data-test="add-annotation"]').click();
    const modal = page.locator('[data-test="annotation-modal"]');
    await modal.getByLabel(/^Name/).fill('Fleet upgrade');
    await modal.getByLabel(/^Start/).fill('2019-03-01T00:00');
    await modal.locator('[data-test="modal-confirm-button"]').click();
    await expect(page.getByRole('cell', { name: 'Fleet upgrade', exact: true }).first()).toBeVisible();

    // A line chart over time with that layer as its event annotations.
    const explore = new ExplorePage(page);
    await explore.openDataset(await flightsDatasetId(page));
    await explore.chooseVizType('echarts_timeseries_line');
    await explore.pickInSelect(explore.control('x_axis').locator('.ant-select').first(), 'ds');
    await explore.addSimpleMetric('metrics', 'distance', 'SUM');
    await explore.openSection('Annotations and layers');
    await page.getByRole('button', { name: 'Add annotation layer' }).click();
    const layers = explore.control('annotation_layers');
    await layers.getByLabel('Layer name').fill('Upgrades');
    await layers.getByLabel('Layer type').click();
    await explore.option(/^Event$/).click();
    await layers.getByLabel('Annotation layer').click();
    await explore.option(layerName).click();

    const answer = page.waitForResponse((r) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST');
    await page.locator('[data-test="run-query-button"]').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { result: { annotation_data?: Record<string, unknown> }[] };
    const events = body.result.find((r) => r.annotation_data && 'Upgrades' in r.annotation_data)?.annotation_data?.Upgrades;
    expect(JSON.stringify(events)).toContain('Fleet upgrade');
    await expect(explore.chart().locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    // Every layer came back: no warning over the chart.
    await expect(page.locator('[data-test="annotation-alerts"]')).toHaveCount(0);

    // A layer that still holds annotations is not deleted (as in Superset); emptied, it is.
    await page.goto('/annotationlayer/list/');
    const deleteLayer = async () => {
      await page.getByRole('button', { name: `Delete ${layerName}` }).click();
      const confirm = page.locator('[data-test="delete-modal"]');
      await confirm.locator('[data-test="delete-modal-input"]').fill('DELETE');
      await confirm.locator('[data-test="modal-confirm-button"]').click();
    };
    await deleteLayer();
    await expect(page.getByText(`There was an issue deleting ${layerName}: Annotation layer has associated annotations.`)).toBeVisible();
    await page.getByRole('link', { name: layerName }).click();
    await page.getByRole('button', { name: 'Delete Fleet upgrade' }).click();
    const confirmAnnotation = page.locator('[data-test="delete-modal"]');
    await confirmAnnotation.locator('[data-test="delete-modal-input"]').fill('DELETE');
    await confirmAnnotation.locator('[data-test="modal-confirm-button"]').click();
    await expect(page.getByRole('cell', { name: 'Fleet upgrade', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to all annotation layers' }).click();
    await deleteLayer();
    await expect(page.getByText(`Deleted: ${layerName}`)).toBeVisible();
    await expect(page.getByRole('link', { name: layerName })).toHaveCount(0);
  });
});
