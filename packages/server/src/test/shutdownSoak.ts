import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, loginAs, serverApi, startServerProcess, waitForHealth, type ServerProcess } from './serverProcess.js';

/**
 * Start/stop cycles of the real server process with work in flight when SIGTERM arrives: a sync and an async
 * SQL Lab run of a long DuckDB query, a long poll of `updated_since`, and a chart query over a slow virtual
 * dataset. Each stop must end the process, with exit code 0, within SHUTDOWN_TIMEOUT_MS. Used by
 * app/shutdownSoak.test.ts (a few cycles) and bench/src/shutdownSoak.ts (50 cycles, with timings).
 */

const PASSWORD = 'soak-admin-password';
/** Minutes of DuckDB work (not a sleep function): only the shutdown ends it within a cycle. */
const SLOW_SQL = 'SELECT count(*) AS n FROM range(3000000) a CROSS JOIN range(20000) b WHERE (a.range + b.range) % 7 = 3';
const SLOW_DATASET_SQL = 'SELECT a.range AS x, b.range AS y FROM range(3000000) a CROSS JOIN range(20000) b';

export interface SoakOptions {
  cycles: number;
  /** SHUTDOWN_TIMEOUT_MS given to the server; each stop must take less. */
  shutdownTimeoutMs: number;
  server: 'source' | 'built';
  log?: (line: string) => void;
}

export interface CycleResult {
  cycle: number;
  /** Spawn to /health answering. */
  startMs: number;
  /** SIGTERM to process exit; null when it did not exit in time and was killed. */
  stopMs: number | null;
  exitCode: number | null;
  /** How each request in flight at SIGTERM ended: its HTTP status, or the fetch error's text. */
  inFlight: Record<string, string>;
  output: string;
}

interface Soak {
  root: string;
  template: string;
  databaseId: number;
  datasetId: number;
}

function start(dataDir: string, port: number, options: SoakOptions): ServerProcess {
  return startServerProcess(
    dataDir,
    port,
    {
      EXAMPLES: 'on',
      // Chromium renders take seconds each: thumbnails stay off so the soak stays short.
      THUMBNAILS: 'off',
      ADMIN_PASSWORD: PASSWORD,
      SHUTDOWN_TIMEOUT_MS: String(options.shutdownTimeoutMs),
    },
    options.server,
  );
}

async function stop(server: ServerProcess, timeoutMs: number): Promise<{ stopMs: number | null; exitCode: number | null }> {
  const began = Date.now();
  server.child.kill('SIGTERM');
  const exitCode = await Promise.race([server.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), timeoutMs))]);
  if (exitCode !== 'hung') return { stopMs: Date.now() - began, exitCode };
  server.child.kill('SIGKILL');
  await server.exited;
  return { stopMs: null, exitCode: null };
}

/**
 * Generates the examples once (seconds) into a folder that is then renamed, so every copy's `examples`
 * database is re-pointed at the copy's own file when it starts; adds a slow virtual dataset.
 */
async function prepareSoak(options: SoakOptions): Promise<Soak> {
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-soak-'));
  const generating = path.join(root, 'generating');
  const server = start(generating, await freePort(), options);
  try {
    await waitForHealth(server);
    const token = await loginAs(server, 'admin', PASSWORD);
    const dbs = await serverApi(server, token, 'GET', '/api/v1/database/');
    const examples = (dbs.body.result as { id: number; database_name: string }[]).find((d) => d.database_name === 'examples');
    if (!examples) throw new Error('no examples database');
    const dataset = await serverApi(server, token, 'POST', '/api/v1/dataset/', { database: examples.id, schema: 'main', table_name: 'soak_slow', sql: SLOW_DATASET_SQL });
    if (dataset.status !== 201) throw new Error(`dataset: ${dataset.status} ${JSON.stringify(dataset.body)}`);
    const stopped = await stop(server, 30_000);
    if (stopped.exitCode !== 0) throw new Error(`template server stopped with ${stopped.exitCode}:\n${server.output()}`);
    const template = path.join(root, 'template');
    renameSync(generating, template);
    return { root, template, databaseId: examples.id, datasetId: dataset.body.id as number };
  } catch (err) {
    server.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

/** Sends one cycle's in-flight work; each promise settles with the request's status or error text. */
function inFlightWork(server: ServerProcess, token: string, soak: Soak, cycle: number): Record<string, Promise<string>> {
  const settle = (p: Promise<{ status: number }>) => p.then((r) => String(r.status), (err: unknown) => (err instanceof Error ? err.message : String(err)));
  const execute = (runAsync: boolean) =>
    serverApi(server, token, 'POST', '/api/v1/sqllab/execute/', {
      database_id: soak.databaseId,
      sql: SLOW_SQL,
      runAsync,
      client_id: `soak${runAsync ? 'a' : 's'}${cycle}`.padEnd(11, '0'),
    });
  const poll = `(last_updated_ms:0,wait_ms:5000,changed_after_ms:${Date.now() + 60_000})`;
  const chart = {
    datasource: { id: soak.datasetId, type: 'table' },
    force: true,
    queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(DISTINCT x + y)', label: 'n' }], columns: [], row_limit: 10 }],
    result_format: 'json',
    result_type: 'full',
  };
  return {
    syncQuery: settle(execute(false)),
    asyncQuery: settle(execute(true)),
    longPoll: settle(serverApi(server, token, 'GET', `/api/v1/query/updated_since?q=${encodeURIComponent(poll)}`)),
    chartQuery: settle(serverApi(server, token, 'POST', '/api/v1/chart/data', chart)),
  };
}

async function cycle(soak: Soak, n: number, options: SoakOptions): Promise<CycleResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-soak-cycle-'));
  try {
    cpSync(soak.template, dir, { recursive: true });
    const began = Date.now();
    const server = start(dir, await freePort(), options);
    try {
      await waitForHealth(server);
    } catch (err) {
      server.child.kill('SIGKILL');
      throw err;
    }
    const startMs = Date.now() - began;
    const token = await loginAs(server, 'admin', PASSWORD);
    const work = inFlightWork(server, token, soak, n);
    // The moment of SIGTERM varies, so stops land in different phases: queued, starting, running.
    await new Promise((r) => setTimeout(r, 150 + ((n * 211) % 700)));
    const { stopMs, exitCode } = await stop(server, options.shutdownTimeoutMs + 5000);
    const inFlight: Record<string, string> = {};
    for (const [name, p] of Object.entries(work)) inFlight[name] = await Promise.race([p, new Promise<string>((r) => setTimeout(() => r('no answer'), 2000))]);
    options.log?.(`cycle ${n}: start ${startMs} ms, stop ${stopMs ?? 'HUNG'} ms, exit ${exitCode}, in flight ${JSON.stringify(inFlight)}`);
    return { cycle: n, startMs, stopMs, exitCode, inFlight, output: server.output() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runShutdownSoak(options: SoakOptions): Promise<CycleResult[]> {
  const soak = await prepareSoak(options);
  try {
    const results: CycleResult[] = [];
    for (let n = 1; n <= options.cycles; n++) results.push(await cycle(soak, n, options));
    return results;
  } finally {
    rmSync(soak.root, { recursive: true, force: true });
  }
}
