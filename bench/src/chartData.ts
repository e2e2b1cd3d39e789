/**
 * Chart data bench: POST /api/v1/chart/data for an aggregate over `flights` (1M rows, and a 10M-row
 * copy), uncached (force=true) against the same SQL through @duckdb/node-api in this process; the
 * cached path under autocannon; and 100 identical concurrent uncached requests (engine runs counted).
 * The "http floor" is a bare node:http server answering the same kept statement's columns: the part of
 * the overhead any HTTP answer pays, so the rest is what the application adds.
 * Run: npm run bench:charts (or node --conditions=tessera-source --import tsx bench/src/chartData.ts)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBMaterializedResult } from '@duckdb/node-api';
import { buildApp } from '../../packages/server/src/app/buildApp.js';
import { loadConfig } from '../../packages/server/src/app/config.js';
import { readColumn } from '../../packages/server/src/connectors/duckdb/duckdbColumns.js';
import { leaseInstance } from '../../packages/server/src/connectors/duckdb/duckdbInstances.js';
import { duckdbSettings } from '../../packages/server/src/connectors/duckdb/duckdbSettings.js';
import { generateExamples } from '../../packages/server/src/examples/generateExamples.js';
import { chartEngineStats } from '../../packages/server/src/query-engine/chartExecute.js';

const PASSWORD = 'bench-admin-password';

interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
}

/**
 * autocannon in its own process, as a real client is: in this process it would share the event loop
 * (and the CPU time) with the server it measures.
 */
function cannon(url: string, o: { method?: string; headers: Record<string, string>; body?: string; connections: number; duration: number }): Promise<CannonResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(o.connections), '-d', String(o.duration), '-m', o.method ?? 'GET'];
  for (const [k, v] of Object.entries(o.headers)) args.push('-H', `${k}=${v}`);
  if (o.body) args.push('-b', o.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(JSON.parse(stdout) as CannonResult);
    });
  });
}
const RUNS = 101;
/** Untimed rounds of all four measures before each table's timed ones: warm engine caches for every path. */
const WARMUP = 150;
/**
 * Requests the server answers before any round, as a server that has been up for a while has: its
 * code keeps getting faster for a few thousand requests (JIT tiers, V8 growing the young generation
 * and scavenging less often), while the raw path is a few native calls and is warm at once. The first
 * of them are timed too and printed, so a freshly started server's figure is in the output as well.
 */
const SERVER_WARMUP = 3000;
const FRESH = 150;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const queryOf = (filterDelay: number) => ({
  columns: ['carrier'],
  metrics: ['count', { expressionType: 'SIMPLE', column: { column_name: 'dep_delay' }, aggregate: 'AVG', label: 'avg_delay' }],
  filters: [{ col: 'dep_delay', op: '>=', val: filterDelay }],
  orderby: [['carrier', true]],
  row_limit: 1000,
});

/**
 * The same SQL straight through the DuckDB node API, on the server's own DuckDB instance (the process
 * shares one per file) with a connection of its own, so both read the same buffer pool: `run` (a materialised
 * result, its chunks read synchronously, the fastest single-shot way the API offers) and the connector's
 * column reader. `prepared` runs a statement prepared once, as the server keeps chart statements; it is
 * printed for comparison, the target is against `run`.
 */
async function rawRunner(
  file: string,
  sql: string,
): Promise<{ run(): Promise<number>; prepared(): Promise<number>; answer(): Promise<string>; close(): void }> {
  // The default settings, as the server's connection to the file has: the same instance is shared.
  const settings = duckdbSettings({}, [], { engineName: 'DuckDB', host: null, port: null, username: null, database: file });
  const lease = await leaseInstance(realpathSync(file), true, settings);
  const conn = await lease.instance.connect();
  const statement = await conn.prepare(sql);
  const read = (result: DuckDBMaterializedResult) => {
    const chunks = Array.from({ length: result.chunkCount }, (_, i) => result.getChunk(i));
    const rows = chunks.reduce((n, c) => n + c.rowCount, 0);
    return Array.from({ length: result.columnCount }, (_, c) => readColumn(chunks, c, result.columnTypeId(c), rows));
  };
  return {
    async answer() {
      return JSON.stringify({ result: [{ data: read(await statement.run()) }] });
    },
    async run() {
      const t0 = performance.now();
      read(await conn.run(sql));
      return performance.now() - t0;
    },
    async prepared() {
      const t0 = performance.now();
      read(await statement.run());
      return performance.now() - t0;
    },
    close() {
      statement.destroySync();
      conn.closeSync();
      lease.release();
    },
  };
}

/**
 * What one HTTP round trip costs on this machine, with nothing else in it: back to back, and after the
 * process sat idle for 5 ms, as it does while the engine runs a query. On a VM the wake after idle can cost
 * several times the round trip itself (it varies with the host's load), and every answer that waited on a
 * query pays it; the raw path does not, so it bounds how close any HTTP server can come to raw on short queries.
 */
async function roundTripCost(): Promise<{ hot: number; afterIdle: number }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const port = (server.address() as { port: number }).port;
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request({ host: '127.0.0.1', port, path: '/', method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - t0));
      });
      req.on('error', reject);
      req.end('{}');
    });
  const hot: number[] = [];
  const afterIdle: number[] = [];
  for (let i = 0; i < 300; i++) hot.push(await once());
  for (let i = 0; i < 300; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    afterIdle.push(await once());
  }
  agent.destroy();
  server.close();
  return { hot: median(hot.slice(50)), afterIdle: median(afterIdle.slice(50)) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-charts-'));
  try {
    const file = path.join(dir, 'examples.duckdb');
    const gen = await generateExamples(file);
    console.log(`examples generated in ${gen.millis} ms (flights: ${gen.tables.flights ?? '?'} rows)`);
    {
      const instance = await DuckDBInstance.create(file);
      const conn = await instance.connect();
      await conn.run('CREATE TABLE flights_10m AS SELECT f.* FROM flights f, range(10)');
      conn.closeSync();
      instance.closeSync();
    }

    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', EXAMPLES: 'off' });
    const { app } = await buildApp(config, { logger: false, print: () => undefined });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const login = await fetch(`${url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const port = new URL(url).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    /**
     * The timed requests go through node:http on a kept-alive socket: the built-in fetch adds ~0.9 ms
     * of client-side work per request on this machine (measured against a bare node:http server), which
     * is the client's cost, not the server's.
     */
    const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const timedPost = (p: string, body: string, to?: number) =>
      new Promise<Record<string, any>>((resolve, reject) => {
        const target = { host: '127.0.0.1', port: to ?? port, path: p, method: 'POST', agent: to ? floorAgent : agent };
        const req = http.request({ ...target, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if ((res.statusCode ?? 500) >= 300) reject(new Error(`${p}: ${res.statusCode} ${text.slice(0, 300)}`));
            else resolve(JSON.parse(text) as Record<string, any>);
          });
        });
        req.on('error', reject);
        req.end(body);
      });
    const post = async (p: string, body: unknown) => {
      const res = await fetch(url + p, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as Record<string, any>;
    };
    const db = await post('/api/v1/database/', { database_name: 'examples', sqlalchemy_uri: `duckdb:///${file}` });
    const rows: Record<string, string>[] = [];
    for (const table of ['flights', 'flights_10m']) {
      const ds = await post('/api/v1/dataset/', { database: db.id, schema: 'main', table_name: table });
      const context = (force: boolean, delay = 0) => ({ datasource: { id: ds.id, type: 'table' }, queries: [queryOf(delay)], force });
      const sql = (await post('/api/v1/chart/data', { ...context(true), result_type: 'query' })).result[0].query as string;

      // Server and raw runs alternate, so all see the same machine load, and their order turns each
      // round, so none always runs right after another on warm caches.
      const raw = await rawRunner(file, sql);
      const server: number[] = [];
      const direct: number[] = [];
      const prepared: number[] = [];
      const forced = JSON.stringify(context(true));
      const viaServer = async () => {
        const t0 = performance.now();
        const body = await timedPost('/api/v1/chart/data', forced);
        const t1 = performance.now();
        if (body.result[0].rowcount < 1) throw new Error('no rows');
        return t1 - t0;
      };
      // The transport's own cost: a bare node:http server that runs the kept statement and answers its
      // columns as JSON, over the same kind of socket. What the server takes above it is the application's.
      const floorServer = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          void raw.answer().then((text) => {
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
            res.end(text);
          });
        });
      });
      await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
      const floorPort = (floorServer.address() as { port: number }).port;
      const floor: number[] = [];
      const viaFloor = async () => {
        const t0 = performance.now();
        await timedPost('/', forced, floorPort);
        return performance.now() - t0;
      };
      if (table === 'flights') {
        const fresh: number[] = [];
        for (let i = 0; i < SERVER_WARMUP; i++) {
          const ms = await viaServer();
          if (i < FRESH) fresh.push(ms);
        }
        console.log(`freshly started server, first ${FRESH} uncached requests: median ${median(fresh).toFixed(2)} ms; ${SERVER_WARMUP} requests answered before the timed rounds`);
      }
      const runs: [() => Promise<number>, number[]][] = [
        [viaServer, server],
        [viaFloor, floor],
        [() => raw.run(), direct],
        [() => raw.prepared(), prepared],
      ];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        for (let k = 0; k < runs.length; k++) {
          const [measure, into] = runs[(i + k) % runs.length]!;
          const ms = await measure();
          if (i >= WARMUP) into.push(ms);
        }
      }
      floorAgent.destroy();
      floorServer.close();
      raw.close();
      const s = median(server);
      const f = median(floor);
      const r = median(direct);
      const p = median(prepared);
      rows.push({
        table,
        'server median ms': s.toFixed(2),
        'raw median ms': r.toFixed(2),
        'overhead ms': (s - r).toFixed(2),
        ratio: (s / r).toFixed(3),
        'raw prepared ms': p.toFixed(2),
        'ratio vs prepared': (s / p).toFixed(3),
        'http floor ms': f.toFixed(2),
        'floor ratio': (f / r).toFixed(3),
        'targets': '<= 5 ms, <= 1.15x',
      });

      if (table === 'flights') {
        await post('/api/v1/chart/data', context(false));
        const cached = await cannon(`${url}/api/v1/chart/data`, { method: 'POST', headers, body: JSON.stringify(context(false)), connections: 20, duration: 5 });
        console.log(`cached chart data: ${cached.requests.average.toFixed(0)} req/s average, p99 latency ${cached.latency.p99} ms, non-2xx ${cached.non2xx} (target >= 5000 req/s)`);

        const info = await cannon(`${url}/api/v1/dataset/_info`, { headers, connections: 20, duration: 5 });
        console.log(`reference, an authenticated GET doing nothing (/api/v1/dataset/_info): ${info.requests.average.toFixed(0)} req/s`);

        const before = chartEngineStats.executions;
        const answers = await Promise.all(Array.from({ length: 100 }, () => post('/api/v1/chart/data', context(false, 7))));
        const distinct = new Set(answers.map((a) => JSON.stringify(a.result[0].data))).size;
        console.log(`100 concurrent identical uncached requests: engine ran ${chartEngineStats.executions - before} time(s); ${distinct} distinct answer(s)`);
      }
    }
    console.table(rows);
    const trip = await roundTripCost();
    console.log(
      `bare node:http round trip on this machine: ${trip.hot.toFixed(2)} ms back to back, ${trip.afterIdle.toFixed(2)} ms after 5 ms idle (the wake every answer to a query pays)`,
    );
    console.log(`load average while running: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
