import { expect, type Locator, type Page } from '@playwright/test';

/** Drives SQL Lab the way a user does: type in the editor, press Run, read the grid. */
export class SqlLabPage {
  constructor(readonly page: Page) {}

  async open(path = '/sqllab/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.editor()).toBeVisible({ timeout: 20_000 });
  }

  editor(): Locator {
    return this.page.locator('[data-test="sql-editor"] .cm-content').first();
  }

  async setSql(sql: string): Promise<void> {
    await this.editor().click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(sql);
  }

  async sqlText(): Promise<string> {
    return (await this.editor().innerText()).trim();
  }

  async run(): Promise<void> {
    await this.page.locator('[data-test="run-query-button"]').click();
  }

  grid(): Locator {
    return this.page.locator('[data-test="results-grid"]');
  }

  headers(): Locator {
    return this.grid().getByRole('columnheader');
  }

  /** Editor tabs only: the south pane's Results/History tabs live inside the same container. */
  tabs(): Locator {
    return this.page.locator('[data-test="sql-editor-tabs"] > .ant-tabs-nav .ant-tabs-tab');
  }

  async addTab(): Promise<void> {
    await this.page.locator('[data-test="add-tab"]').first().click();
  }
}
