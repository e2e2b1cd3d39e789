import { expect, test } from '@playwright/test';
import { ChartListPage, exampleDatasetId } from '../pages/chartList.js';
import { apiCall } from '../pages/explore.js';
import { loginAs } from '../pages/login.js';

test.describe('Chart thumbnails', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test("a saved chart's card shows the picture the server drew of it", async ({ page }) => {
    const name = `e2e thumbnail ${Date.now()}`;
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const params = { viz_type: 'pie', datasource: `${datasetId}__table`, groupby: ['gender'], metric: 'count', adhoc_filters: [], row_limit: 100 };
    const created = await apiCall(page, 'POST', '/api/v1/chart/', {
      slice_name: name,
      viz_type: 'pie',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;

    const shown = (await (await page.request.get(`/api/v1/chart/${id}`)).json()) as { result: { thumbnail_url: string | null } };
    expect(shown.result.thumbnail_url).toMatch(new RegExp(`^/api/v1/chart/${id}/thumbnail/[0-9a-f]{32}/$`));

    const list = new ChartListPage(page);
    await list.open(`?view=card`);
    await list.search(name);
    const card = page.locator('[data-test="chart-card"]').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(card).toHaveCount(1);
    // The server draws the picture in the background (202s first); the card swaps it in when it is there.
    const image = card.locator('img[data-test="chart-thumbnail"]');
    await expect(image).toBeVisible({ timeout: 60_000 });
    await expect(image).toHaveAttribute('src', new RegExp(`/api/v1/chart/${id}/thumbnail/[0-9a-f]{32}/$`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([800, 600]);

    const picture = await page.request.get((await image.getAttribute('src'))!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');
  });
});
