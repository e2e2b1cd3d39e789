/**
 * SQL Lab in the browser: 1,000,000 `flights` rows from pressing Run to the first screen of rows in
 * headless Chromium, then scrolling to the last row; against the raw engine path measured in the same run.
 * Needs the built web app (npm run build) and Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
 * Run: npm run bench:browser
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../../packages/server/src/app/buildApp.js';
import { loadConfig } from '../../packages/server/src/app/config.js';
import { prepareExamples } from '../../packages/server/src/examples/prepareExamples.js';
import { rawDuckdbPathInChild } from './rawDuckdb.js';

const SQL = 'SELECT * FROM flights';
const PASSWORD = 'bench-admin-password';
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web/dist');
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-browser-'));
  const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', WEB_DIST: webDist });
  const { app, ctx } = await buildApp(config, { logger: false, print: () => undefined });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--js-flags=--expose-gc'],
  });
  try {
    await prepareExamples(ctx, app.log);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const raw = await rawDuckdbPathInChild(path.join(dir, 'examples.duckdb'), SQL);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${base}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/welcome/);
    await page.goto(`${base}/sqllab/`);
    const editor = page.locator('[data-test="sql-editor"] .cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(SQL);
    await page.locator('[data-test="limit-dropdown"]').click();
    await page.getByText('1,000,000', { exact: false }).last().click();

    const results: Record<string, string>[] = [];
    for (let run = 1; run <= 3; run++) {
      const grid = page.locator('[data-test="results-grid"]');
      const t0 = performance.now();
      await page.locator('[data-test="run-query-button"]').click();
      await page.locator('[data-test="row-count"]').filter({ hasText: '1,000,000' }).waitFor({ timeout: 120_000 });
      await grid.getByRole('row').nth(3).waitFor();
      const firstRows = performance.now() - t0;
      const t1 = performance.now();
      // Scroll the grid's own scroller to the end and wait for the last row number to be drawn.
      await grid.evaluate((el) => {
        const scroller = [el, ...el.querySelectorAll<HTMLElement>('*')].find((n) => n.scrollHeight > n.clientHeight + 10);
        if (scroller) scroller.scrollTop = scroller.scrollHeight;
      });
      await grid.getByText('1000000', { exact: true }).first().waitFor({ timeout: 30_000 });
      const scroll = performance.now() - t1;
      // Collect garbage first, so the figure is what the page keeps, not what it has yet to free.
      const heap = await page.evaluate(() => {
        (globalThis as unknown as { gc?: () => void }).gc?.();
        return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
      });
      results.push({
        run: String(run),
        'Run -> first rows ms': firstRows.toFixed(0),
        'scroll to last row ms': scroll.toFixed(0),
        'raw driver+encode ms': (raw.driverMs + raw.encodeMs).toFixed(0),
        'ratio first rows / raw': (firstRows / (raw.driverMs + raw.encodeMs)).toFixed(2),
        'page JS heap after GC': mb(heap),
        'server RSS': mb(process.memoryUsage().rss),
      });
      await grid.evaluate((el) => {
        for (const n of [el, ...el.querySelectorAll<HTMLElement>('*')]) n.scrollTop = 0;
      });
    }
    console.log(`raw path: ${raw.rows} rows, driver ${raw.driverMs.toFixed(0)} ms + Arrow encode ${raw.encodeMs.toFixed(0)} ms (${mb(raw.bytes)})`);
    console.table(results);
  } finally {
    await browser.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
