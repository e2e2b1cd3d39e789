/**
 * Dashboard bench: a dashboard of 50 charts of mixed types on the examples (half on `flights`, 1,000,000 rows;
 * 10 in a second tab), created through the API, opened in headless Chromium. Prints, for a cold cache (server
 * started fresh, `?force=true`) and a warm one (opened again, no force): the first chart painted, every chart of
 * the first screen painted, every chart of the active tab painted (in a viewport tall enough to hold the whole
 * tab, so all 40 queries leave at once: the worst case), and the second tab's 10 charts from the click; plus the
 * server's RSS, the page's JS heap, the dashboard route's initial JS (gzip) and the same queries straight on
 * DuckDB for a ratio. "Painted": the chart holder shows `[data-test="chart-container"][data-status="rendered"]`.
 * The server runs from source (`BENCH_SERVER=built`: `packages/server/dist/main.js`) in its own process; the web
 * app must be built (`npm run build:web`). Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
 * Run: npm run bench:dashboard
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { BENCH_CHARTS, FIRST_TAB_SIZE } from './dashboard/benchCharts.js';
import { apiClient, built, createDashboard, freePort, rssOf, serverMain, signIn, startServer, stopServer, webDist } from './dashboard/benchSetup.js';
import { chartQueryWindow, inFirstViewport, jsHeapAfterGc, recordChartQueries, recordInitialScripts, waitForCharts, type Settled } from './dashboard/pageWatch.js';
import { rawQueriesInChild } from './dashboard/rawQueries.js';

const SCREEN = { width: 1400, height: 900 };
/** Holds the whole first tab (14 rows of 400 px) within the grid's one-viewport look-ahead. */
const TALL = { width: 1400, height: 3200 };
const TARGETS = { warmFirst: 300, warmAll: 1500, coldAll: 3000, initialJsKb: 350 };

const times = (done: Record<string, Settled>, ids: number[]) => ids.map((id) => done[String(id)]!.t);
const failures = (done: Record<string, Settled>) => Object.entries(done).filter(([, s]) => s.state !== 'rendered');

interface Round {
  firstChart: number;
  firstScreen: number;
  firstScreenCharts: number;
  /** The first screen's first chart query left the page (everything before is loading the page and the dashboard). */
  firstQuerySent: number;
  /** The tall page's last answer of the first tab came in (what follows is drawing). */
  lastAnswer: number;
  allTab: number;
  secondTab: number;
  failed: [string, Settled][];
}

/** One cache state: the first screen at 1400x900, then the whole first tab and the second tab in a tall page. */
async function round(screenPage: Page, tallPage: Page, url: string, firstTab: number[], secondTab: number[]): Promise<Round> {
  await screenPage.goto(url);
  const screenDone = await waitForCharts(screenPage, async () => inFirstViewport(screenPage, firstTab));
  const onScreen = await inFirstViewport(screenPage, firstTab);
  const screenQueries = await chartQueryWindow(screenPage);
  await tallPage.goto(url);
  const tallDone = await waitForCharts(tallPage, async () => firstTab);
  const tallQueries = await chartQueryWindow(tallPage);
  const clickAt = await tallPage.evaluate(() => performance.now());
  await tallPage.getByRole('tab', { name: 'More' }).click();
  const allDone = await waitForCharts(tallPage, async () => secondTab);
  return {
    firstChart: Math.min(...Object.values(screenDone).map((s) => s.t)),
    firstScreen: Math.max(...times(screenDone, onScreen)),
    firstScreenCharts: onScreen.length,
    firstQuerySent: screenQueries.firstSent,
    lastAnswer: tallQueries.lastAnswered,
    allTab: Math.max(...times(tallDone, firstTab)),
    secondTab: Math.max(...times(allDone, secondTab)) - clickAt,
    failed: [...new Map([...failures(screenDone), ...failures(allDone)]).entries()],
  };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build:web');
  if (built && !existsSync(serverMain)) throw new Error('Build the server first: npm run build:ts');
  const loadStart = loadavg()[0]!;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-dashboard-'));
  const port = await freePort();
  const server = await startServer(dir, port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--js-flags=--expose-gc'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const api = await apiClient(base);
    const { id, chartIds } = await createDashboard(api);
    const firstTab = chartIds.slice(0, FIRST_TAB_SIZE);
    const secondTab = chartIds.slice(FIRST_TAB_SIZE);
    const context = await signIn(browser, base);
    const screenPage = await context.newPage();
    await screenPage.setViewportSize(SCREEN);
    const tallPage = await context.newPage();
    await tallPage.setViewportSize(TALL);
    if (process.env.BENCH_DEBUG) {
      for (const page of [screenPage, tallPage]) {
        page.on('pageerror', (error) => console.error('page error:', error.message));
        page.on('console', (message) => message.type() === 'error' && console.error('console:', message.text()));
      }
    }
    const queries = recordChartQueries(tallPage);
    const initialJs = recordInitialScripts(screenPage);
    const url = `${base}/superset/dashboard/${id}/`;
    if (process.env.BENCH_DEBUG) console.log(`dashboard at ${url}`);

    const cold = await round(screenPage, tallPage, `${url}?force=true`, firstTab, secondTab);
    const js = await initialJs();
    const coldRss = rssOf(server.pid!);
    const warm = await round(screenPage, tallPage, url, firstTab, secondTab);
    const heap = await jsHeapAfterGc(tallPage);
    const rss = rssOf(server.pid!);

    // The same queries straight on DuckDB: the SQL the server compiled for each context the page sent.
    const sqls: string[] = [];
    for (const body of queries().slice(0, chartIds.length)) {
      const answer = await api('POST', '/api/v1/chart/data', { ...body, result_type: 'query' });
      for (const part of answer.result as { query?: string }[]) if (part.query) sqls.push(part.query);
    }
    const sqlFile = path.join(dir, 'bench-queries.json');
    writeFileSync(sqlFile, JSON.stringify(sqls));
    const raw = await rawQueriesInChild(path.join(dir, 'examples.duckdb'), sqlFile);

    const row = (label: string, r: Round) => ({
      cache: label,
      'first query sent': ms(r.firstQuerySent),
      'first chart': ms(r.firstChart),
      [`first screen (${r.firstScreenCharts} charts)`]: ms(r.firstScreen),
      'active tab last answer': ms(r.lastAnswer),
      [`active tab (${firstTab.length} charts)`]: ms(r.allTab),
      [`second tab (${secondTab.length}, from click)`]: ms(r.secondTab),
      'all 50': ms(r.allTab + r.secondTab),
      'ratio active tab / raw 4 connections': (r.allTab / raw.parallelMs).toFixed(1),
      'not drawn': String(r.failed.length),
    });
    console.log(`load average (1 min) at start ${loadStart.toFixed(1)}, at end ${loadavg()[0]!.toFixed(1)}: figures on a busy machine run long`);
    console.log(`dashboard ${id}: ${chartIds.length} charts (${BENCH_CHARTS.filter((c) => c.table === 'flights').length} on flights, 1,000,000 rows), server ${built ? 'built' : 'from source'}`);
    console.table([row('cold (fresh server, force)', cold), row('warm (opened again)', warm)]);
    for (const [chart, s] of [...cold.failed, ...warm.failed]) console.log(`  chart ${chart}: ${s.state} ${s.text}`);
    console.log(
      `raw DuckDB, the same ${raw.queries} queries: ${ms(raw.serialMs)} one after another, ${ms(raw.parallelMs)} over 4 connections (slowest ${ms(raw.slowestMs)})`,
    );
    console.table([
      {
        'server RSS after cold': mb(coldRss.rss),
        'server RSS': mb(rss.rss),
        'server peak RSS': mb(rss.peak),
        'page JS heap after GC': mb(heap),
        'initial JS (gzip)': `${(js.gzip / 1024).toFixed(0)} KB in ${js.files} files (${(js.raw / 1024).toFixed(0)} KB raw)`,
      },
    ]);
    console.log(`heaviest initial scripts (gzip): ${js.largest.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(0)} KB`).join(', ')}`);
    console.log('targets:');
    console.table([
      { target: 'warm first chart <= 300 ms', value: ms(warm.firstChart), result: verdict(warm.firstChart, TARGETS.warmFirst) },
      { target: 'warm all 50 <= 1.5 s', value: ms(warm.allTab + warm.secondTab), result: verdict(warm.allTab + warm.secondTab, TARGETS.warmAll) },
      { target: 'cold all 50 <= 3 s', value: ms(cold.allTab + cold.secondTab), result: verdict(cold.allTab + cold.secondTab, TARGETS.coldAll) },
      { target: 'initial JS <= 350 KB gzip', value: `${(js.gzip / 1024).toFixed(0)} KB`, result: verdict(js.gzip / 1024, TARGETS.initialJsKb) },
    ]);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
