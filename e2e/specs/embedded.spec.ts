import { expect as baseExpect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_PORT } from '../playwright.config.js';
import { startHost, type Host } from '../embedded/hostServer.js';
import { exampleDatasetId } from '../pages/chartList.js';
import { DashboardPage, createChartWithParams, createDashboard, rowsLayout, signIn, tableParams } from '../pages/dashboard.js';

// A loaded machine may take a while to draw a dashboard inside a frame.
const expect = baseExpect.configure({ timeout: 30_000 });

const TESSERA = `http://127.0.0.1:${E2E_PORT}`;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * Superset's embedded SDK, unmodified, embeds a Tessera dashboard: an owner turns embedding on in "Embed dashboard"
 * (allowing the host's domain), a host application on another origin loads the SDK, its backend asks for a guest token
 * with an RLS clause, and the framed dashboard draws its charts with only the rows the clause lets through.
 */
test.describe('Embedded dashboards', () => {
  test.describe.configure({ timeout: 180_000 });
  let host: Host;
  let otherHost: Host;

  test.beforeAll(async () => {
    const options = { tesseraUrl: TESSERA, username: 'admin', password: E2E_ADMIN_PASSWORD, rls: [{ clause: "gender = 'girl'" }] };
    host = await startHost(options);
    otherHost = await startHost(options);
  });
  test.afterAll(async () => {
    await host?.close();
    await otherHost?.close();
  });

  test('the SDK on another origin shows the dashboard with the guest token\'s RLS; other domains are refused', async ({ page, browser }) => {
    await signIn(page);
    const tag = unique();
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const byGender = await createChartWithParams(page, datasetId, `e2e embedded ${tag} by gender`, tableParams(datasetId, 'gender'));
    const id = await createDashboard(page, { dashboard_title: `E2E embedded ${tag}` }, rowsLayout([[byGender]]));

    // The owner's side: the dashboard (admin sees both genders), then "Embed dashboard" with the host's domain.
    const dashboard = new DashboardPage(page);
    await dashboard.open(id);
    await expect(dashboard.holder(byGender).getByText('boy', { exact: true })).toBeVisible();
    await dashboard.headerMenu('embed-dashboard-menu-item');
    const modal = page.locator('[data-test="dashboard-embed-modal"]');
    await expect(modal.getByText('Configure this dashboard to embed it into an external web application.')).toBeVisible();
    await modal.getByLabel('Allowed Domains (comma separated)').fill(host.url);
    await modal.getByRole('button', { name: 'Enable embedding' }).click();
    await expect(modal.getByText('This dashboard is ready to embed. In your application, pass the following id to the SDK:')).toBeVisible();
    const uuid = await modal.locator('[data-test="embedded-uuid"]').inputValue();
    baseExpect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    await expect(modal.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Deactivate' })).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();

    // The host application, in a browser that never signed in to Tessera.
    const context = await browser.newContext();
    const hostPage = await context.newPage();
    const guestCalls: string[] = [];
    hostPage.on('request', (request) => {
      if (request.url().startsWith(`${TESSERA}/api/`) && request.headers()['x-guesttoken']) guestCalls.push(request.url());
    });
    await hostPage.goto(`${host.url}/?id=${uuid}`);
    const frame = hostPage.frameLocator('#dashboard iframe');
    const holder = frame.locator(`[data-test="dashboard-component-chart-holder"][data-chart-id="${byGender}"]`);
    await expect(holder.locator('[data-test="chart-container"][data-status="rendered"]')).toBeVisible({ timeout: 60_000 });
    await expect(holder.getByText('girl', { exact: true })).toBeVisible();
    await expect(holder.getByText('boy', { exact: true })).toHaveCount(0);
    // Standalone: no navigation of the app, and no title bar.
    await expect(frame.locator('.ant-layout-header')).toHaveCount(0);
    await expect(frame.locator('[data-test="dashboard-header"]')).toHaveCount(0);
    baseExpect(host.tokensIssued).toBeGreaterThanOrEqual(1);
    baseExpect(guestCalls.some((url) => url.includes('/api/v1/chart/data'))).toBe(true);

    // The same SDK on a domain the configuration does not list: the page refuses to be shown there.
    const otherPage = await context.newPage();
    await otherPage.goto(`${otherHost.url}/?id=${uuid}`);
    await expect(otherPage.frameLocator('#dashboard iframe').getByText('This dashboard cannot be embedded here')).toBeVisible();
    await context.close();

    // Opened again, the modal shows the configuration; deactivating ends embedding: the page answers "not embedded".
    await dashboard.headerMenu('embed-dashboard-menu-item');
    await expect(modal.getByLabel('Allowed Domains (comma separated)')).toHaveValue(host.url);
    await expect(modal.locator('[data-test="embedded-uuid"]')).toHaveValue(uuid);
    await modal.getByRole('button', { name: 'Deactivate' }).click();
    await page.locator('[data-test="embed-deactivate-confirm"]').getByRole('button', { name: 'Deactivate' }).click();
    await expect(modal.getByText('Enable embedding')).toBeVisible();
    const gone = await page.request.get(`/embedded/${uuid}`);
    baseExpect(gone.status()).toBe(404);
  });
});
