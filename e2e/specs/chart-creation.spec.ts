import { expect, test, type Page } from '@playwright/test';
import { ChartListPage } from '../pages/chartList.js';
import { ExplorePage, flightsDatasetId } from '../pages/explore.js';
import { loginAs } from '../pages/login.js';

/** Step 1 of `/chart/add`: types in the dataset select (searched on the server by table name) and picks the option. */
async function chooseDataset(page: Page, table: string, database: string): Promise<void> {
  const select = page.locator('[data-test="chart-creation-dataset-select"]');
  const label = `main.${table}`;
  await select.click();
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dataset/' && decodeURIComponent(r.url()).includes(`value:${table}`));
  await select.locator('input').fill(table);
  expect((await searched).ok()).toBe(true);
  // The answer redraws the options: retry a click that landed on the list being replaced.
  await expect(async () => {
    if (!(await select.textContent())?.includes(label)) {
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label} (${database})"]`).click({ timeout: 2000 });
    }
    await expect(select).toContainText(label, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('Chart creation', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('+ Chart on the chart list picks a dataset and a chart type, and the explorer runs that chart', async ({ page }) => {
    test.setTimeout(120_000);
    const datasetId = await flightsDatasetId(page);
    const list = new ChartListPage(page);
    await list.open();
    await page.locator('[data-test="btn-new-chart"]').click();
    await expect(page).toHaveURL(/\/chart\/add$/);
    await expect(page.getByRole('heading', { name: 'Create a new chart' })).toBeVisible();

    const create = page.locator('[data-test="chart-creation-create"]');
    await expect(create).toBeDisabled();
    await expect(page.locator('[data-test="chart-creation-missing"]')).toHaveText('Choose a dataset and a chart type to continue');

    await chooseDataset(page, 'flights', 'examples');
    await expect(page.locator('[data-test="chart-creation-missing"]')).toHaveText('Choose a chart type to continue');
    await expect(create).toBeDisabled();

    await page.locator('[data-test="viz-type-gallery"]').getByLabel('Search all charts').fill('big number');
    await page.locator('[data-test="viztype-big_number_total"]').click();
    await expect(page.locator('[data-test="viztype-big_number_total"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(create).toBeEnabled();
    await create.click();

    // The explorer opens on the dataset with the chosen chart type.
    await expect(page).toHaveURL(new RegExp(`/explore/\\?viz_type=big_number_total&datasource=${datasetId}__table$`));
    await expect(page.locator('[data-test="datasource-name"]').first()).toContainText('flights', { timeout: 20_000 });
    await expect(page.locator('[data-test="viz-type-button"]')).toContainText('Big Number');

    // The metric the chart type needs, then the chart runs and draws its number.
    const explore = new ExplorePage(page);
    await explore.addSimpleMetric('metric', 'distance', 'SUM');
    await explore.run();
    await expect(explore.chart()).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
    await expect(explore.chart()).toHaveAttribute('data-viz-type', 'big_number_total');
    await expect(explore.chart().locator('[data-testid="big-number-header"]')).toHaveText(/\d/);
  });

  test('?dataset= preselects the dataset, and a double click on a chart type creates at once', async ({ page }) => {
    test.setTimeout(120_000);
    const datasetId = await flightsDatasetId(page);
    await page.goto(`/chart/add?dataset=${datasetId}`);
    const select = page.locator('[data-test="chart-creation-dataset-select"]');
    await expect(select).toContainText('main.flights', { timeout: 20_000 });
    await expect(page.locator('[data-test="chart-creation-missing"]')).toHaveText('Choose a chart type to continue');

    await page.locator('[data-test="viztype-table"]').dblclick();
    await expect(page).toHaveURL(new RegExp(`/explore/\\?viz_type=table&datasource=${datasetId}__table$`));
    await expect(page.locator('[data-test="viz-type-button"]')).toContainText('Table', { timeout: 20_000 });
  });
});
