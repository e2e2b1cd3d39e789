import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.js';
import { loginAs } from '../pages/login.js';

test.describe('login', () => {
  test('a wrong password shows the error and stays on /login/', async ({ page }) => {
    await page.goto('/login/');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid login. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);
  });

  test('the right password lands on the welcome page, and a protected page needs a login', async ({ page }) => {
    await page.goto('/databaseview/list/');
    await expect(page).toHaveURL(/\/login\/\?next=/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/databaseview\/list\/$/);

    await page.goto('/logout/');
    await expect(page).toHaveURL(/\/login\//);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/superset\/welcome\/$/);
  });

  test('an unknown address shows the 404 page inside the app', async ({ page }) => {
    await loginAs(page);
    await page.goto('/no/such/page/');
    await expect(page.getByText(/404|not found/i).first()).toBeVisible();
    // Still inside the shell: the navigation is there.
    await expect(page.getByRole('menuitem', { name: 'SQL Lab' })).toBeVisible();
  });
});
