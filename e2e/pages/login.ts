import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.js';

export async function loginAs(page: Page, username = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login\//);
}
