import { expect, type Locator, type Page, type APIResponse } from '@playwright/test';

/** JSON API calls as the logged-in browser user (session cookie + CSRF token). */
export async function apiCall(page: Page, method: string, url: string, data?: unknown): Promise<APIResponse> {
  const token = ((await (await page.request.get('/api/v1/security/csrf_token/')).json()) as { result: string }).result;
  return page.request.fetch(url, { method, headers: { 'X-CSRFToken': token }, ...(data === undefined ? {} : { data }) });
}

/** The examples `flights` table as a dataset (created on first use), returning its id. */
export async function flightsDatasetId(page: Page): Promise<number> {
  const dbs = await (await page.request.get(`/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`)).json();
  const databaseId = (dbs as { result: { id: number }[] }).result[0]?.id;
  if (databaseId === undefined) throw new Error('no examples database');
  const created = await apiCall(page, 'POST', '/api/v1/dataset/', { database: databaseId, schema: 'main', table_name: 'flights' });
  if (created.status() === 201) return ((await created.json()) as { id: number }).id;
  const found = await (await page.request.get(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))`)).json();
  const id = (found as { result: { id: number }[] }).result[0]?.id;
  if (id === undefined) throw new Error(`could not create the flights dataset: ${created.status()} ${await created.text()}`);
  return id;
}

/** Drives the chart explorer the way a user does. */
export class ExplorePage {
  constructor(readonly page: Page) {}

  async openDataset(datasetId: number): Promise<void> {
    await this.page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
    await expect(this.page.locator('[data-test="datasource-name"]')).toBeVisible({ timeout: 20_000 });
  }

  control(name: string): Locator {
    return this.page.locator(`[data-test="control-${name}"]`);
  }

  async chooseVizType(vizType: string): Promise<void> {
    await this.page.locator('[data-test="viz-type-button"]').click();
    const modal = this.page.locator('[data-test="viz-type-modal"]');
    await modal.locator(`[data-test="viztype-${vizType}"]`).click();
    await modal.locator('[data-test="modal-confirm-button"]').click();
    await expect(modal).toBeHidden();
  }

  /** Picks options in an antd select by typing (searchable selects) and choosing the exact option; Tab closes it. */
  async pickInSelect(select: Locator, ...values: string[]): Promise<void> {
    for (const value of values) {
      await select.click();
      await select.locator('input').last().fill(value);
      await this.option(new RegExp(`^${value}$`)).click();
    }
    // A multi-select keeps its list open, and Tab would pick (or unpick) the highlighted option: close it with
    // Escape. A single select closes on pick; Tab moves on (Escape there could close the popover around it
    // while the list is still fading out).
    const multiple = await select.evaluate((el) => el.classList.contains('ant-select-multiple'));
    await this.page.keyboard.press(multiple ? 'Escape' : 'Tab');
  }

  /** An option of the open antd dropdown. */
  option(text: string | RegExp): Locator {
    return this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  }

  async addSimpleMetric(controlName: string, column: string, aggregate: string): Promise<void> {
    await this.page.locator(`[data-test="add-metric-${controlName}"]`).click();
    const editor = this.page.locator('[data-test="adhoc-metric-editor"]');
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await this.pickInSelect(editor.locator('.ant-select').nth(0), column);
    // A click on the aggregate list while it is still sliding open can be lost (one CI flake): pick until the
    // editor takes it, which enables Save, opening the list again only when it closed.
    const aggregateSelect = editor.locator('.ant-select').nth(1);
    const save = editor.locator('[data-test="adhoc-metric-save"]');
    await expect(async () => {
      if (!(await save.isEnabled())) {
        if (!(await aggregateSelect.evaluate((el) => el.classList.contains('ant-select-open')))) await aggregateSelect.click();
        await this.option(new RegExp(`^${aggregate}$`)).click({ timeout: 3_000 });
      }
      await expect(save).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await save.click();
    await expect(this.page.locator('[data-test="metric-chip"]', { hasText: `${aggregate}(${column})` })).toBeVisible();
  }

  async addSimpleFilter(column: string, operatorLabel: string | RegExp, value: string): Promise<void> {
    await this.page.locator('[data-test="add-filter-adhoc_filters"]').click();
    const editor = this.page.locator('[data-test="adhoc-filter-editor"]');
    await this.pickInSelect(editor.locator('.ant-select').nth(0), column);
    await editor.locator('.ant-select').nth(1).click();
    await this.option(operatorLabel).click();
    await editor.getByLabel('Filter value').fill(value);
    await this.page.keyboard.press('Tab');
    await editor.locator('[data-test="adhoc-filter-save"]').click();
    // A new chart may already hold the dataset's time filter (`ds (No filter)`): look for this column's chip.
    await expect(this.page.locator('[data-test="filter-chip"]', { hasText: column })).toBeVisible();
  }

  async run(): Promise<void> {
    const response = this.page.waitForResponse((r) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST');
    await this.page.locator('[data-test="run-query-button"]').click();
    expect([200, 202]).toContain((await response).status());
  }

  /** Expands a collapsed section of the control panel (antd Collapse header). */
  async openSection(label: string): Promise<void> {
    const header = this.page.locator('[data-test="explore-control-panel"] .ant-collapse-header', { hasText: label });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  }

  /** The form data the server holds under the address's form_data_key (null without a key, or once it is gone). */
  async storedFormData(): Promise<Record<string, unknown> | null> {
    const key = new URL(this.page.url()).searchParams.get('form_data_key');
    if (!key) return null;
    const response = await this.page.request.get(`/api/v1/explore/form_data/${encodeURIComponent(key)}`);
    if (!response.ok()) return null;
    return JSON.parse(((await response.json()) as { form_data: string }).form_data) as Record<string, unknown>;
  }

  chart(): Locator {
    return this.page.locator('[data-test="chart-container"]');
  }

  async openSaveModal(): Promise<Locator> {
    await this.page.locator('[data-test="query-save-button"]').click();
    const modal = this.page.locator('[data-test="save-modal"]');
    await expect(modal).toBeVisible();
    return modal;
  }
}
