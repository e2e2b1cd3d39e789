import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlAdmin } from '../__tests__/mysqlAdmin.js';
import { specFromUri } from '../registry.js';
import type { ConnectorHandle } from '../types.js';
import { mysqlConnector } from './mysqlConnector.js';

const url = process.env.TESSERA_TEST_MYSQL_URL;
if (!url) console.info('MySQL table extra suite skipped: set TESSERA_TEST_MYSQL_URL to run it');

describe.skipIf(!url)('MySQL/MariaDB table extra (real server)', () => {
  const db = `tessera_extra_${randomBytes(4).toString('hex')}`;
  let admin: mysql.Connection;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    const server = specFromUri(url!);
    admin = await mysqlAdmin(url!, { dateStrings: true });
    await admin.query(`
      CREATE DATABASE ${db};
      CREATE TABLE ${db}.plain (id INT PRIMARY KEY, name VARCHAR(20)) ENGINE=InnoDB COLLATE utf8mb4_bin COMMENT 'plain rows';
      INSERT INTO ${db}.plain VALUES (1, 'a'), (2, 'b'), (3, 'c');
      ANALYZE TABLE ${db}.plain;
      CREATE VIEW ${db}.plain_names AS SELECT name FROM ${db}.plain;
      CREATE TABLE ${db}.events (id INT, created DATE) ENGINE=InnoDB
        PARTITION BY RANGE (YEAR(created)) (
          PARTITION p2023 VALUES LESS THAN (2024), PARTITION p2024 VALUES LESS THAN (2025), PARTITION p2025 VALUES LESS THAN (2026));
      CREATE TABLE ${db}.\`it's\` (id INT, region VARCHAR(5))
        PARTITION BY LIST COLUMNS (region) (PARTITION eu VALUES IN ('de', 'fr'), PARTITION us VALUES IN ('us'));
      CREATE TABLE ${db}.hashed (id INT) PARTITION BY HASH (id) PARTITIONS 3;
    `);
    handle = await mysqlConnector.open({ ...server, database: db }, { readOnly: false, connectArgs: {}, serverCert: null });
  });

  afterAll(async () => {
    await handle?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin?.end();
  });

  it('describes a table: type, engine, comment, rows, size, collation and creation time', async () => {
    const [[info]] = (await admin.query('SELECT CREATE_TIME AS created FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
      db,
      'plain',
    ])) as unknown as [{ created: string }[]];
    const extra = await handle.getTableExtra(db, 'plain');
    expect(extra).toEqual({
      metadata: {
        Type: 'table',
        Engine: 'InnoDB',
        Comment: 'plain rows',
        'Estimated rows': '3',
        'Total size': expect.stringMatching(/^\d+ kB$/),
        Collation: 'utf8mb4_bin',
        Created: info!.created,
      },
    });
  });

  it('describes a view without the storage facts', async () => {
    expect(await handle.getTableExtra(db, 'plain_names')).toEqual({ metadata: { Type: 'view' } });
  });

  it('describes a range-partitioned table: method, expression, count and latest partition', async () => {
    const extra = await handle.getTableExtra(db, 'events');
    expect(extra.metadata).toMatchObject({
      'Partition method': 'RANGE',
      'Partition expression': 'year(`created`)',
      Partitions: '3',
      'Latest partition': 'p2025',
    });
    expect(extra.partitions).toMatchObject({ cols: ['created'], latest: { 'year(created)': 'from 2025 to 2026' } });
    const [listed] = (await admin.query(extra.partitions!.partitionQuery!)) as unknown as [{ PARTITION_NAME: string }[]];
    expect(listed.map((r) => r.PARTITION_NAME)).toEqual(['p2023', 'p2024', 'p2025']);
  });

  it('binds names: a quote in the table name is data', async () => {
    const extra = await handle.getTableExtra(db, "it's");
    expect(extra.metadata).toMatchObject({ 'Partition method': 'LIST COLUMNS', Partitions: '2', 'Latest partition': 'us' });
    expect(extra.partitions).toMatchObject({ cols: ['region'], latest: { region: 'in (us)' } });
    const [listed] = (await admin.query(extra.partitions!.partitionQuery!)) as unknown as [{ PARTITION_NAME: string }[]];
    expect(listed.map((r) => r.PARTITION_NAME)).toEqual(['eu', 'us']);
    expect(await handle.getTableExtra(db, "plain' OR '1'='1")).toEqual({});
  });

  it('gives hash partitions a count but no latest', async () => {
    const extra = await handle.getTableExtra(db, 'hashed');
    expect(extra.metadata).toMatchObject({ 'Partition method': 'HASH', Partitions: '3' });
    expect(extra.metadata).not.toHaveProperty('Latest partition');
    expect(extra.partitions).toMatchObject({ cols: ['id'], latest: null });
  });
});
