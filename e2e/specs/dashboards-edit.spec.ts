import { expect as baseExpect, test } from '@playwright/test';
import { exampleDatasetId } from '../pages/chartList.js';
import { DashboardPage, createChartWithParams, createDashboard, getDashboard, signIn, tableParams } from '../pages/dashboard.js';

// The machine running e2e is shared and often loaded: a dashboard with its charts can take more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Spec §9: a chart dropped from the Charts pane takes 4 of the grid's 12 columns. */
const DEFAULT_CHART_WIDTH = 4;

type StoredComponent = { id: string; type: string; children?: string[]; meta?: { chartId?: number; width?: number; code?: string } };

test.describe('Dashboard editing', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('drag a chart in, add markdown, resize, undo, save: the reload shows the arranged layout', async ({ page }) => {
    const tag = `${Date.now()}`;
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const chartName = `e2e edit ${tag} by gender`;
    const chartId = await createChartWithParams(page, datasetId, chartName, tableParams(datasetId, 'gender'));
    const id = await createDashboard(page, { dashboard_title: `E2E edit ${tag}` });
    const dashboard = new DashboardPage(page);

    await dashboard.open(id, '?edit=true');
    await expect(dashboard.root()).toHaveAttribute('data-edit-mode', 'true');
    const grid = page.locator('[data-test="dashboard-component-grid"]');
    const gridId = await grid.getAttribute('id');
    const gridDrop = (index: number) => page.locator(`[data-test="dashboard-drop-indicator"][data-drop-parent="${gridId}"][data-drop-index="${index}"]`);

    // Charts pane: find the chart, drag it onto the empty grid.
    const pane = page.locator('[data-test="dashboard-charts-pane"]');
    await pane.getByLabel('Filter your charts').fill(chartName);
    const card = pane.locator(`[data-test="chart-card"][data-chart-id="${chartId}"]`);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(pane.locator('[data-test="chart-card"]')).toHaveCount(1);
    await card.dragTo(gridDrop(0));
    await expect(dashboard.renderedChart(chartId)).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.holder(chartId).getByText('boy', { exact: true })).toBeVisible();
    await expect(card.locator('[data-test="chart-card-added"]')).toHaveText('Added');

    // Layout elements: a markdown below the chart's row, then its text typed in.
    await page.locator('[data-test="dashboard-builder-sidepane"]').getByRole('tab', { name: 'Layout elements' }).click();
    const markdownSource = page.locator('[data-test="new-component"][data-component-type="MARKDOWN"]');
    await expect(markdownSource).toBeVisible();
    await markdownSource.dragTo(gridDrop(1));
    const markdown = page.locator('[data-test="dashboard-component-markdown"]');
    await expect(markdown).toHaveCount(1);
    await markdown.click();
    const editor = markdown.locator('[data-test="dashboard-markdown-editor"]');
    await expect(editor).toBeVisible();
    await editor.fill(`# Notes ${tag}\n\nBirths by gender.`);
    // A click outside closes the editor and keeps the text.
    await dashboard.title().or(page.locator('[data-test="editable-title-input"]')).click();
    await expect(editor).toHaveCount(0);
    await expect(markdown.locator('[data-test="dashboard-markdown-content"] h1')).toHaveText(`Notes ${tag}`);

    // Resize the chart by its right handle: it grows; undo puts the last change (the resize) back.
    const slot = page.locator(`[data-test="dashboard-component-chart"][data-test-chart-id="${chartId}"]`);
    const before = (await slot.boundingBox())!.width;
    const handle = slot.locator('[data-test="resizable-container-handle-right"]');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + box.width / 2 + step * 30, box.y + box.height / 2);
    await page.mouse.up();
    await expect.poll(async () => (await slot.boundingBox())!.width).toBeGreaterThan(before + 150);
    await page.locator('[data-test="undo-action"]').click();
    await expect.poll(async () => (await slot.boundingBox())!.width).toBeCloseTo(before, 0);
    // The markdown typed before the resize stays.
    await expect(markdown.locator('[data-test="dashboard-markdown-content"] h1')).toHaveText(`Notes ${tag}`);

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/dashboard/${id}`) && r.request().method() === 'PUT');
    await dashboard.saveButton().click();
    expect((await saved).status()).toBe(200);
    await expect(dashboard.root()).toHaveAttribute('data-edit-mode', 'false');
    await expect(dashboard.editButton()).toBeVisible();
    await expect(page).not.toHaveURL(/edit=true/);

    await page.reload();
    await expect(dashboard.root()).toBeVisible({ timeout: 30_000 });
    await expect(dashboard.renderedChart(chartId)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-test="dashboard-markdown-content"] h1')).toHaveText(`Notes ${tag}`);
    await expect(page.getByText('Births by gender.')).toBeVisible();
    // Chart above markdown, as arranged.
    const chartTop = (await slot.boundingBox())!.y;
    const markdownTop = (await page.locator('[data-test="dashboard-component-markdown"]').boundingBox())!.y;
    expect(chartTop).toBeLessThan(markdownTop);

    const stored = JSON.parse((await getDashboard(page, id)).position_json ?? '{}') as Record<string, StoredComponent>;
    const components = Object.values(stored).filter((c): c is StoredComponent => typeof c === 'object' && c !== null && 'type' in c);
    const charts = components.filter((c) => c.type === 'CHART');
    expect(charts).toHaveLength(1);
    expect(charts[0]!.meta?.chartId).toBe(chartId);
    expect(charts[0]!.meta?.width).toBe(DEFAULT_CHART_WIDTH);
    const markdowns = components.filter((c) => c.type === 'MARKDOWN');
    expect(markdowns).toHaveLength(1);
    expect(markdowns[0]!.meta?.code).toBe(`# Notes ${tag}\n\nBirths by gender.`);
    // Both sit in rows of the grid, chart row first.
    const gridChildren = components.find((c) => c.type === 'GRID')?.children ?? [];
    expect(gridChildren).toHaveLength(2);
    expect(stored[gridChildren[0]!]?.children).toEqual([charts[0]!.id]);
    expect(stored[gridChildren[1]!]?.children).toEqual([markdowns[0]!.id]);
    const linked = ((await (await page.request.get(`/api/v1/dashboard/${id}/charts`)).json()) as { result: { id: number }[] }).result;
    expect(linked.map((c) => c.id)).toEqual([chartId]);
  });
});
