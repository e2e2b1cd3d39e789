import { DuckDBInstance } from '@duckdb/node-api';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { services, skipNotice, startTestApp } from '../../test/testApp.js';
import { CREATE_COLUMNS, createBirthsTable, createDatabase, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import { asyncQuerySuite, chartDataSuite, type SuiteContext } from './__tests__/chartDataSuite.js';

if (!services.postgres) skipNotice('chart data on PostgreSQL', 'TESSERA_TEST_POSTGRES_URL');
if (!services.mysql) skipNotice('chart data on MariaDB/MySQL', 'TESSERA_TEST_MYSQL_URL');
if (!services.redis) skipNotice('chart data with the Redis cache', 'TESSERA_TEST_REDIS_URL');

/** A scratch births table on a network engine, made (and dropped) through SQL Lab. */
function engineSuite(name: string, uri: string, schema: string | null, columns: string) {
  describe(`chart data on ${name}`, () => {
    const ctx = {} as SuiteContext;
    const table = `chart_births_${randomBytes(4).toString('hex')}`;
    let dbId = 0;
    const exec = async (sql: string) => {
      const res = await ctx.app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: dbId, sql } });
      if (res.status !== 200) throw new Error(`${sql.slice(0, 60)}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    beforeAll(async () => {
      ctx.app = await startTestApp();
      dbId = await createDatabase(ctx.app, name, uri, { allow_dml: true });
      await createBirthsTable(ctx.app, dbId, table, columns);
      ctx.datasetId = await createDataset(ctx.app, dbId, table, schema);
    }, 60_000);
    afterAll(async () => {
      if (dbId) await exec(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      await ctx.app?.close();
    });
    chartDataSuite(() => ctx);
  });
}

if (services.postgres) engineSuite('PostgreSQL', services.postgres, 'public', CREATE_COLUMNS);
if (services.mysql) engineSuite('MariaDB', services.mysql, new URL(services.mysql).pathname.slice(1) || null, CREATE_COLUMNS.replace('ds TIMESTAMP', 'ds DATETIME'));

describe.skipIf(!services.redis)('chart data with the Redis cache', () => {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.app = await startTestApp({ REDIS_URL: services.redis! });
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
    // Entries of earlier runs would answer as cached: start from a clean cache.
    const keys = await ctx.app.ctx.redis!.keys('tessera:chart:data:*');
    if (keys.length > 0) await ctx.app.ctx.redis!.del(...keys);
  });
  afterAll(async () => ctx.app?.close());
  chartDataSuite(() => ctx);
});

describe.skipIf(!services.redis)('chart data with global async queries on Redis (BullMQ jobs, Redis streams)', () => {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.app = await startTestApp({ REDIS_URL: services.redis!, GLOBAL_ASYNC_QUERIES: 'on' });
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());
  asyncQuerySuite(() => ctx);
});
