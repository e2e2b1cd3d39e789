import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specFromUri } from '../registry.js';
import type { ConnectorHandle } from '../types.js';
import { postgresConnector } from './postgresConnector.js';

const url = process.env.TESSERA_TEST_POSTGRES_URL;
if (!url) console.info('PostgreSQL table extra suite skipped: set TESSERA_TEST_POSTGRES_URL to run it');

describe.skipIf(!url)('PostgreSQL table extra (real server)', () => {
  const schema = `tessera_extra_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`
      CREATE SCHEMA ${schema};
      CREATE TABLE ${schema}.plain (id int PRIMARY KEY, name text);
      CREATE INDEX ix_plain_name ON ${schema}.plain (name);
      CLUSTER ${schema}.plain USING ix_plain_name;
      COMMENT ON TABLE ${schema}.plain IS 'plain rows';
      INSERT INTO ${schema}.plain SELECT g, 'n' || g FROM generate_series(1, 200) g;
      ANALYZE ${schema}.plain;
      CREATE VIEW ${schema}.plain_names AS SELECT name FROM ${schema}.plain;
      CREATE MATERIALIZED VIEW ${schema}.plain_count AS SELECT count(*) AS n FROM ${schema}.plain;
      CREATE TABLE ${schema}.events (id int, created date, region text) PARTITION BY RANGE (created);
      CREATE TABLE ${schema}.events_2024_12 PARTITION OF ${schema}.events FOR VALUES FROM ('2024-12-01') TO ('2025-01-01');
      CREATE TABLE ${schema}.events_2025_01 PARTITION OF ${schema}.events FOR VALUES FROM ('2025-01-01') TO ('2025-02-01');
      CREATE TABLE ${schema}.events_a_old PARTITION OF ${schema}.events FOR VALUES FROM (MINVALUE) TO ('2024-12-01');
      CREATE TABLE ${schema}.events_other PARTITION OF ${schema}.events DEFAULT;
      INSERT INTO ${schema}.events SELECT g, DATE '2024-12-20' + g, 'eu' FROM generate_series(1, 30) g;
      ANALYZE ${schema}.events;
      CREATE TABLE ${schema}."Odd 'Name'" (v int) PARTITION BY LIST (lower("v"::text));
    `);
    handle = await postgresConnector.open(specFromUri(url!), { readOnly: false, connectArgs: {}, serverCert: null });
  });

  afterAll(async () => {
    await handle?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  it('describes a table: kind, comment, owner, estimated rows, size and CLUSTER index', async () => {
    const [{ owner }] = (await admin.query(`SELECT tableowner AS owner FROM pg_tables WHERE schemaname = $1 AND tablename = 'plain'`, [schema]))
      .rows as [{ owner: string }];
    const extra = await handle.getTableExtra(schema, 'plain');
    expect(extra).toEqual({
      metadata: { Type: 'table', Comment: 'plain rows', Owner: owner, 'Estimated rows': '200', 'Total size': expect.stringMatching(/^\d+ kB$/) },
      clustering: { cols: ['name'] },
    });
    expect(extra.partitions).toBeUndefined();
  });

  it('describes views and materialized views', async () => {
    const view = await handle.getTableExtra(schema, 'plain_names');
    expect(view.metadata).toMatchObject({ Type: 'view' });
    expect(view.metadata).not.toHaveProperty('Total size');
    const matview = await handle.getTableExtra(schema, 'plain_count');
    expect(matview.metadata).toMatchObject({ Type: 'materialized view', 'Total size': expect.stringMatching(/\d/) });
  });

  it('describes a partitioned table: key, partitions, latest by bound, rows and size of the leaves', async () => {
    const extra = await handle.getTableExtra(schema, 'events');
    expect(extra.metadata).toMatchObject({
      Type: 'partitioned table',
      'Estimated rows': '30',
      'Partition key': 'RANGE (created)',
      Partitions: '4',
      'Latest partition': 'events_2025_01',
    });
    expect(extra.metadata?.['Total size']).toMatch(/^\d+ kB$/);
    expect(extra.partitions).toMatchObject({ cols: ['created'], latest: { created: 'from 2025-01-01 to 2025-02-01' } });
    // The copied query runs and lists the partitions, the default last.
    const listed = await admin.query(extra.partitions!.partitionQuery!);
    expect(listed.rows.map((r: { partition: string }) => r.partition)).toEqual(['events_2024_12', 'events_2025_01', 'events_a_old', 'events_other']);
  });

  it('names the parent and bound of a partition', async () => {
    const extra = await handle.getTableExtra(schema, 'events_2024_12');
    expect(extra.metadata).toMatchObject({
      Type: 'table',
      'Partition of': `${schema}.events`,
      'Partition bound': "FOR VALUES FROM ('2024-12-01') TO ('2025-01-01')",
    });
  });

  it('binds names, and writes expression keys and odd names correctly', async () => {
    const extra = await handle.getTableExtra(schema, "Odd 'Name'");
    expect(extra.metadata).toMatchObject({ Type: 'partitioned table', 'Partition key': 'LIST (lower((v)::text))', Partitions: '0' });
    expect(extra.partitions).toMatchObject({ cols: ['lower((v)::text)'], latest: null });
    expect((await admin.query(extra.partitions!.partitionQuery!)).rows).toEqual([]);
    expect(await handle.getTableExtra(schema, "plain' OR '1'='1")).toEqual({});
  });
});
