import { expect, test } from '@playwright/test';
import { loginAs } from '../pages/login.js';
import { SqlLabPage } from '../pages/sqllab.js';

test.describe('SQL Lab', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page);
  });

  test('runs a query, shows errors naming the table, and a re-run replaces the results', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await expect(page.locator('[data-test="database-selector"]')).toBeVisible();

    await lab.setSql('SELECT 1 AS test_col');
    const execute = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await lab.run();
    // examples allows async runs, so the run answers 202 and the page polls; other databases answer 200.
    expect([200, 202]).toContain((await execute).status());
    await expect(lab.headers().filter({ hasText: 'test_col' })).toBeVisible();

    await lab.setSql('SELECT * FROM table_that_does_not_exist');
    await lab.run();
    await expect(page.locator('[data-test="query-error"]')).toContainText('table_that_does_not_exist');

    await lab.setSql("SELECT 'x' AS other_col");
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'other_col' })).toBeVisible();
    await expect(lab.headers().filter({ hasText: 'test_col' })).toHaveCount(0);
  });

  test('keeps big integers exact from the engine to the grid', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT 9007199254740993::BIGINT AS big_n');
    await lab.run();
    await expect(lab.grid()).toContainText('9007199254740993');
  });

  test('a big result shows its first rows at once, then every row: engine text for times, scroll to the end, sort', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await page.locator('[data-test="limit-dropdown"]').click();
    await page.getByText('LIMIT 100,000', { exact: true }).click();
    await lab.setSql('SELECT ds, carrier, distance FROM flights');
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/sqllab/results/')) fetched.push(decodeURIComponent(r.url()));
    });
    await lab.run();
    await expect(page.locator('[data-test="row-count"]')).toHaveText('100,000 rows', { timeout: 30_000 });
    const firstRow = lab.grid().locator('[data-test="results-row"]').first();
    // DuckDB TIMESTAMP as the engine prints it, whether the row came with the head or the whole result.
    await expect(firstRow.getByRole('cell').nth(0)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(page.locator('[data-test="rows-loading"]')).toHaveCount(0, { timeout: 30_000 });
    // The head (first rows) was asked for first, then the whole result.
    expect(fetched).toHaveLength(2);
    expect(fetched[0]).toMatch(/,rows:500\)$/);
    expect(fetched[1]).not.toContain('rows:');

    await lab.grid().locator('div[style*="overflow: auto"]').first().evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const lastRow = lab.grid().locator('[data-test="results-row"]').filter({ has: page.getByText('100000', { exact: true }) });
    await expect(lastRow).toHaveCount(1);
    await expect(lastRow.locator('[data-test="cell-loading"]')).toHaveCount(0);
    await expect(lastRow.getByRole('cell').nth(1)).toHaveText(/^[A-Z0-9]{2}$/);

    // Sorting by the time column puts the earliest time first.
    const earliest = await page.evaluate(async () => {
      const csrf = ((await (await fetch('/api/v1/security/csrf_token/')).json()) as { result: string }).result;
      const dbs = ((await (await fetch('/api/v1/database/')).json()) as { result: { id: number; database_name: string }[] }).result;
      const body = { database_id: dbs.find((d) => d.database_name === 'examples')!.id, sql: 'SELECT min(ds)::VARCHAR AS m FROM flights', runAsync: false };
      const res = await fetch('/api/v1/sqllab/execute/', { method: 'POST', headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf }, body: JSON.stringify(body) });
      return ((await res.json()) as { data: { m: string }[] }).data[0]!.m;
    });
    await lab.headers().filter({ hasText: 'ds' }).first().click();
    await lab.grid().locator('div[style*="overflow: auto"]').first().evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(lab.grid().locator('[data-test="results-row"]').first().getByRole('cell').nth(0)).toHaveText(earliest);
  });

  test('adds and closes tabs, keeps each tab’s SQL, and tabs survive a reload', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    const before = await lab.tabs().count();
    const created = page.waitForResponse((r) => r.url().endsWith('/tabstateview/') && r.request().method() === 'POST');
    await lab.addTab();
    await expect(lab.tabs()).toHaveCount(before + 1);
    expect((await created).ok()).toBe(true);
    await expect.poll(() => lab.sqlText()).toContain('SELECT ...');

    await lab.setSql('SELECT 42 AS answer_in_second_tab');
    await lab.tabs().first().click();
    await lab.tabs().last().click();
    await expect.poll(() => lab.sqlText()).toContain('answer_in_second_tab');

    // Autosave runs 5 s after the last edit; wait for it, then reload.
    await page.waitForResponse((r) => /\/tabstateview\/\d+$/.test(r.url()) && r.request().method() === 'PUT', { timeout: 15_000 });
    await page.reload();
    await expect(lab.tabs()).toHaveCount(before + 1, { timeout: 20_000 });
    await lab.tabs().last().click();
    await expect.poll(() => lab.sqlText()).toContain('answer_in_second_tab');

    const deleted = page.waitForResponse((r) => /\/tabstateview\/\d+$/.test(r.url()) && r.request().method() === 'DELETE');
    await lab.tabs().last().getByRole('button', { name: /close|remove/i }).click();
    expect((await deleted).ok()).toBe(true);
    await expect(lab.tabs()).toHaveCount(before);
  });

  test('saves a query, finds it in Saved queries and reopens it', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT 7 AS saved_col');
    await page.locator('[data-test="save-query-button"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/name/i).first().fill('E2E saved query');
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/saved_query/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    const res = await saved;
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await expect(page.getByText('Your query was saved')).toBeVisible();

    await page.goto('/savedqueryview/list/');
    await expect(page.locator('[data-test="saved-query-row"]', { hasText: 'E2E saved query' })).toBeVisible();

    await lab.open(`/sqllab?savedQueryId=${id}`);
    await expect.poll(() => lab.sqlText()).toContain('saved_col');
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'saved_col' })).toBeVisible();
  });

  test('a share link opens the query in a new tab', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT 3 AS shared_col');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/permalink') && r.request().method() === 'POST');
    await page.locator('[data-test="share-query-button"]').click();
    const { url } = (await (await created).json()) as { url: string };
    await expect(page.getByText('Copied to clipboard!')).toBeVisible();
    await lab.open(new URL(url).pathname);
    await expect.poll(() => lab.sqlText()).toContain('shared_col');
  });

  test('saves a dataset from the results and opens the explorer with it', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT gender, name FROM birth_names LIMIT 10');
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'gender' })).toBeVisible();
    await page.locator('[data-test="save-dataset-button"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').first().fill(`e2e_dataset_${Date.now()}`);
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/dataset/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: /save/i }).last().click();
    expect((await created).status()).toBe(201);
    await expect(page).toHaveURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
  });

  test('overwrites a dataset of the user with a new query, its columns replaced', async ({ page }) => {
    const name = `e2e_overwrite_${Date.now()}`;
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT gender FROM birth_names LIMIT 5');
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'gender' })).toBeVisible();
    await page.locator('[data-test="save-dataset-button"]').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').first().fill(name);
    await dialog.getByRole('button', { name: 'Save & Explore' }).click();
    await expect(page).toHaveURL(/datasource_id=(\d+)/);
    const id = Number(/datasource_id=(\d+)/.exec(page.url())![1]);

    await lab.open();
    await lab.setSql('SELECT name, num FROM birth_names LIMIT 5');
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'num' })).toBeVisible();
    await page.locator('[data-test="save-dataset-button"]').click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Overwrite existing').check();
    // The options are searched on the server as one types: pick from the answer to this search, not from a list
    // the answer is about to replace (a click on a replaced option is lost).
    const searched = page.waitForResponse((r) => r.url().includes('/api/v1/dataset/?') && decodeURIComponent(r.url()).includes(name.slice(0, 16)));
    await dialog.getByRole('combobox', { name: 'Dataset to overwrite' }).fill(name.slice(0, 16));
    await searched;
    await page.getByTitle(name, { exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Overwrite & Explore' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Overwrite & Explore' }).click();
    await expect(dialog.getByText('Are you sure you want to overwrite this dataset?')).toBeVisible();
    const put = page.waitForResponse((r) => r.url().includes(`/api/v1/dataset/${id}?override_columns=true`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Overwrite & Explore' }).click();
    expect((await put).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`datasource_id=${id}\\b`));

    const shown = await (await page.request.get(`/api/v1/dataset/${id}`)).json();
    expect(shown.result.sql).toBe('SELECT name, num FROM birth_names LIMIT 5');
    expect(shown.result.columns.map((c: { column_name: string }) => c.column_name).sort()).toEqual(['name', 'num']);
  });

  test('removes one query from the tab history, and it stays removed after a reload', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.addTab();
    await lab.setSql("SELECT 'first_run' AS first_col");
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'first_col' })).toBeVisible();
    await lab.setSql("SELECT 'second_run' AS second_col");
    await lab.run();
    await expect(lab.headers().filter({ hasText: 'second_col' })).toBeVisible();

    const openHistory = async () => {
      await page.getByRole('tab', { name: 'Query history' }).click();
      return page.locator('[data-test="query-history"]');
    };
    let history = await openHistory();
    await expect(history.getByText("'first_run'")).toBeVisible();
    const removed = page.waitForResponse((r) => /\/tabstateview\/\d+\/query\//.test(r.url()) && r.request().method() === 'DELETE');
    await history.locator('tr', { hasText: "'first_run'" }).getByRole('button', { name: 'Remove query from log' }).click();
    expect((await removed).status()).toBe(200);
    await expect(history.getByText("'first_run'")).toHaveCount(0);
    await expect(history.getByText("'second_run'")).toBeVisible();

    await page.reload();
    await expect(lab.editor()).toBeVisible({ timeout: 20_000 });
    history = await openHistory();
    await expect(history.getByText("'second_run'")).toBeVisible();
    await expect(history.getByText("'first_run'")).toHaveCount(0);
  });

  test('shows offline while the server cannot be reached, and clears it when polls answer again', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    // The network drops: polls for the running query fail without an HTTP answer.
    await page.route('**/api/v1/query/updated_since*', (route) => route.abort('internetdisconnected'));
    await lab.setSql('SELECT count(*) FROM range(100000000000) a');
    await lab.run();
    await expect(page.locator('[data-test="sqllab-offline"]')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/v1/query/updated_since*');
    await expect(page.locator('[data-test="sqllab-offline"]')).toHaveCount(0, { timeout: 15_000 });
    await page.locator('[data-test="stop-query-button"]').click();
    await expect(page.getByText('Query was stopped.')).toBeVisible();
  });

  test('stops a long query', async ({ page }) => {
    const lab = new SqlLabPage(page);
    await lab.open();
    await lab.setSql('SELECT count(*) FROM range(100000000000) a');
    await lab.run();
    await expect(page.locator('[data-test="query-timer"]')).toBeVisible();
    const stopped = page.waitForResponse((r) => r.url().includes('/api/v1/query/stop'));
    await page.locator('[data-test="stop-query-button"]').click();
    expect((await stopped).status()).toBe(200);
    await expect(page.getByText('Query was stopped.')).toBeVisible();
  });
});
