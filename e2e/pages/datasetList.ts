import { expect, type Locator, type Page } from '@playwright/test';

/** Drives `/tablemodelview/list/`, its edit modal and `/dataset/add/`. */
export class DatasetListPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/tablemodelview/list/${query}`);
    await expect(this.page.locator('[data-test="dataset-list-page"]')).toBeVisible({ timeout: 20_000 });
  }

  row(name: string): Locator {
    return this.page.locator('[data-test="dataset-row"]').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async openEditModal(name: string): Promise<Locator> {
    await this.row(name).getByRole('button', { name: `Edit ${name}` }).click();
    const modal = this.page.locator('[data-test="dataset-edit-modal"]');
    await expect(modal.getByRole('tab', { name: /Metrics/ })).toBeVisible({ timeout: 20_000 });
    return modal;
  }

  /**
   * Opens a tab of the edit modal and waits until it is the selected one: a click that lands while the modal
   * still zooms in is lost (as a user's would be), so it is tried again.
   */
  async openTab(modal: Locator, name: RegExp): Promise<void> {
    const tab = modal.getByRole('tab', { name });
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }

  /** On `/dataset/add/`: examples database, the default schema, then the table found through the search box. */
  async pickExampleTable(table: string): Promise<void> {
    const database = this.page.locator('[data-test="dataset-add-database"]');
    await database.click();
    await database.locator('input').fill('examples');
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^examples$/ }).click();
    await this.page.getByLabel('Search tables').fill(table);
    await this.page.locator('[data-test="dataset-add-table"]', { hasText: new RegExp(`^\\s*${table}$`) }).click();
    await expect(this.page.locator('[data-test="table-columns-preview"]')).toBeVisible();
  }
}
