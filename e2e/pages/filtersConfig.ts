import { expect, type Locator, type Page } from '@playwright/test';

/** The native filter config modal, "Add and edit filters" (web nativeFilters/config). */
export class FiltersConfigModal {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.locator('[data-test="filter-modal"]');
  }

  /** Opens it from the filter bar ("+ Add or edit filters"), as an editor. */
  async openFromBar(): Promise<void> {
    await this.page.locator('[data-test="filter-bar__create-filter"]').first().click();
    await expect(this.root().getByText('Add and edit filters')).toBeVisible({ timeout: 20_000 });
  }

  items(): Locator {
    return this.root().locator('[data-test="filters-config-modal-item"]');
  }

  item(name: string): Locator {
    return this.items().filter({ hasText: name });
  }

  async add(kind: 'Filter' | 'Divider'): Promise<void> {
    await this.root().locator('[data-test="filters-config-modal-add"]').click();
    await this.page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: kind }).click();
  }

  nameInput(): Locator {
    return this.root().locator('[data-test="filters-config-modal-name-input"]');
  }

  /** Picks the option titled `title` of an antd select, typing `search` first when given (searchable selects). */
  async choose(select: Locator, title: string, search?: string): Promise<void> {
    await select.click();
    if (search) await this.page.keyboard.type(search);
    // By exact title: a closing dropdown of another select may still be in the page.
    await this.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
  }

  async chooseDataset(table: string): Promise<void> {
    await this.choose(this.root().getByRole('combobox', { name: 'Dataset' }), `main.${table}`, table);
  }

  async chooseColumn(column: string): Promise<void> {
    await this.choose(this.root().getByRole('combobox', { name: 'Column' }), column, column);
  }

  async save(): Promise<void> {
    await this.root().locator('[data-test="native-filter-modal-save-button"]').click();
  }

  async cancel(): Promise<void> {
    await this.root().locator('[data-test="native-filter-modal-cancel-button"]').click();
  }

  restoreButton(): Locator {
    return this.root().locator('[data-test="restore-filter-button"]');
  }
}
