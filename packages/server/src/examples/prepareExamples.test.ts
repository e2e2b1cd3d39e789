import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { EXAMPLE_TABLES } from './exampleTables.js';
import { EXAMPLES_FILE, prepareExamples } from './prepareExamples.js';

describe('prepareExamples', () => {
  let app: TestApp;
  let logged = '';
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        logged += String(chunk);
        done();
      },
    }),
  );

  beforeAll(async () => {
    app = await startTestApp({ EXAMPLES: 'on' });
  });

  afterAll(async () => {
    await app?.close();
  });

  const examplesRows = async () => {
    const res = await app.api('GET', `/api/v1/database/?q=${rison.encode({ filters: [{ col: 'database_name', opr: 'eq', value: 'examples' }] })}`);
    return res.body.result as Record<string, unknown>[];
  };

  it('generates the file, logs the time and registers the examples database', async () => {
    await prepareExamples(app, log);
    const file = path.join(app.dataDir, EXAMPLES_FILE);
    expect(existsSync(file)).toBe(true);
    expect(logged).toMatch(/examples: generated in \d+ ms/);
    const rows = await examplesRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ backend: 'duckdb', expose_in_sqllab: true, allow_run_async: true, allow_file_upload: false, allow_dml: false });
    const id = rows[0]!.id as number;
    const shown = await app.api('GET', `/api/v1/database/${id}`);
    expect(shown.body.result.sqlalchemy_uri).toBe(`duckdb:///${file}`);
    const tables = await app.api('GET', `/api/v1/database/${id}/tables/?q=${rison.encode({ schema_name: 'main' })}`);
    expect(tables.body.result.map((t: { value: string }) => t.value)).toEqual(expect.arrayContaining(['birth_names', 'flights']));
    const meta = await app.api('GET', `/api/v1/database/${id}/table/birth_names/main/`);
    expect(meta.body.selectStar).toMatch(/^SELECT\n {2}\w+/);
    // A dataset per example table, with its columns and the `count` metric: the explorer opens at once.
    const datasets = await app.api('GET', `/api/v1/dataset/?q=${rison.encode({ order_column: 'table_name', order_direction: 'asc' })}`);
    expect(datasets.body.result.map((d: { table_name: string }) => d.table_name)).toEqual([...EXAMPLE_TABLES.map((t) => t.name)].sort());
    const births = datasets.body.result.find((d: { table_name: string }) => d.table_name === 'birth_names');
    const show = await app.api('GET', `/api/v1/dataset/${births.id}`);
    expect(show.body.result.columns.map((c: { column_name: string }) => c.column_name)).toEqual(expect.arrayContaining(['ds', 'gender', 'name', 'num', 'state']));
    expect(show.body.result.metrics.map((m: { metric_name: string }) => m.metric_name)).toContain('count');
    const data = await app.api('POST', '/api/v1/chart/data', {
      body: { datasource: { id: births.id, type: 'table' }, queries: [{ columns: ['gender'], metrics: ['count'], orderby: [['gender', true]] }] },
    });
    expect(data.status).toBe(200);
    expect(data.body.result[0].data.map((r: { gender: string }) => r.gender)).toEqual(['boy', 'girl']);
  });

  it('is idempotent: a second start neither regenerates nor registers twice', async () => {
    const file = path.join(app.dataDir, EXAMPLES_FILE);
    const before = statSync(file).mtimeMs;
    logged = '';
    // The server still holds the file open (read-only) from the requests above.
    await prepareExamples(app, log);
    expect(logged).not.toMatch(/generating/);
    expect(statSync(file).mtimeMs).toBe(before);
    expect(await examplesRows()).toHaveLength(1);
  });

  it('registers the example datasets once: one deleted stays deleted after a restart', async () => {
    const list = async () => (await app.api('GET', '/api/v1/dataset/')).body.result as { id: number; table_name: string }[];
    const flights = (await list()).find((d) => d.table_name === 'flights')!;
    expect((await app.api('DELETE', `/api/v1/dataset/${flights.id}`)).status).toBe(200);
    await prepareExamples(app, log);
    expect((await list()).map((d) => d.table_name)).not.toContain('flights');
    expect(await list()).toHaveLength(EXAMPLE_TABLES.length - 1);
  });

  it('starts without an example dataset the engine cannot register, and says which in the log', async () => {
    const fresh = await startTestApp({ EXAMPLES: 'on' });
    try {
      logged = '';
      // The engine fails on one table (as a broken file or a lost connection would); the others still come.
      const datasets = {
        create: (...args: Parameters<typeof fresh.datasets.create>) =>
          args[1].table_name === 'energy_usage' ? Promise.reject(new Error('engine went away')) : fresh.datasets.create(...args),
      } as typeof fresh.datasets;
      await prepareExamples({ ctx: fresh.ctx, datasets }, log);
      const names = ((await fresh.api('GET', '/api/v1/dataset/')).body.result as { table_name: string }[]).map((d) => d.table_name);
      expect(names.sort()).toEqual(EXAMPLE_TABLES.map((t) => t.name).filter((n) => n !== 'energy_usage').sort());
      expect(logged).toMatch(/could not register the example dataset/);
      expect(logged).toMatch(/engine went away/);
      expect(logged).toMatch(new RegExp(`examples: ${EXAMPLE_TABLES.length - 1} datasets registered`));
    } finally {
      await fresh.close();
    }
  });

  it('does nothing when examples are off', async () => {
    const off = await startTestApp({ EXAMPLES: 'off' });
    try {
      await prepareExamples(off, log);
      expect(existsSync(path.join(off.dataDir, EXAMPLES_FILE))).toBe(false);
    } finally {
      await off.close();
    }
  });
});
