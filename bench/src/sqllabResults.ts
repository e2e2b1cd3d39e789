/**
 * SQL Lab big-result bench: 1,000,000 `flights` rows through execute (result_format arrow) and the
 * Arrow results stream, against the raw path (DuckDB node API in-process + Arrow encoding).
 * Run: npm run bench (or node --conditions=tessera-source --import tsx bench/src/sqllabResults.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { buildApp } from '../../packages/server/src/app/buildApp.js';
import { loadConfig } from '../../packages/server/src/app/config.js';
import { generateExamples } from '../../packages/server/src/examples/generateExamples.js';
import { rawDuckdbPath } from './rawDuckdb.js';

const SQL = 'SELECT * FROM flights';
const PASSWORD = 'bench-admin-password';
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
  try {
    const file = path.join(dir, 'examples.duckdb');
    const gen = await generateExamples(file);
    console.log(`examples generated in ${gen.millis} ms (flights: ${gen.tables.flights ?? '?'} rows)`);
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
    const auth = { authorization: `Bearer ${access_token}` };
    const db = await fetch(`${url}/api/v1/database/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ database_name: 'examples', sqlalchemy_uri: `duckdb:///${file}` }),
    });
    const { id } = (await db.json()) as { id: number };

    const raw = await rawDuckdbPath(file, SQL); // also warms the OS file cache for the server run
    const rows: Record<string, string>[] = [];
    for (let run = 1; run <= 3; run++) {
      const t0 = performance.now();
      const exec = await fetch(`${url}/api/v1/sqllab/execute/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ database_id: id, sql: SQL, queryLimit: 1_000_000, result_format: 'arrow' }),
      });
      const body = (await exec.json()) as { query: { resultsKey: string; rows: number } };
      const t1 = performance.now();
      const res = await fetch(`${url}/api/v1/sqllab/results/?q=(key:'${body.query.resultsKey}')`, {
        headers: { ...auth, accept: 'application/vnd.apache.arrow.stream' },
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const table = tableFromIPC(bytes);
      const t2 = performance.now();
      const total = t2 - t0;
      rows.push({
        run: String(run),
        'rows': String(table.numRows),
        'server execute ms': (t1 - t0).toFixed(0),
        'arrow fetch+decode ms': (t2 - t1).toFixed(0),
        'total ms': total.toFixed(0),
        'arrow bytes': mb(bytes.byteLength),
        'raw driver ms': raw.driverMs.toFixed(0),
        'raw driver+encode ms': (raw.driverMs + raw.encodeMs).toFixed(0),
        'ratio total/raw driver': (total / raw.driverMs).toFixed(2),
        'ratio total/raw+encode': (total / (raw.driverMs + raw.encodeMs)).toFixed(2),
        'server RSS': mb(process.memoryUsage().rss),
      });
    }
    console.table(rows);
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
