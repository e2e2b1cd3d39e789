import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DatasourceDescriptor, SqlDialect } from '@tessera/core';
import { duckdbConnector } from '../duckdb/duckdbConnector.js';
import { mysqlConnector } from '../mysql/mysqlConnector.js';
import { postgresConnector } from '../postgres/postgresConnector.js';
import { specFromUri } from '../registry.js';
import { sqlDialectOf } from '../sqlDialect.js';
import { sqliteConnector } from '../sqlite/sqliteConnector.js';
import type { Connector, ConnectionSpec, ConnectorHandle, OpenOptions } from '../types.js';

const RW: OpenOptions = { readOnly: false, connectArgs: {}, serverCert: null };

/** The value every engine must store and give back byte for byte. */
export const HOSTILE_NAME = "O'Brien\\'; DROP TABLE x; --";
/** A column name with both identifier quotes in it. */
export const ODD_COLUMN = 'odd "q` col';

/** id, name, grp, num, ds, flag, odd */
export const PEOPLE_ROWS: [number, string | null, string | null, number, string, boolean | null, string][] = [
  [1, 'alice', 'a', 10, '2024-01-05 10:00:00', true, 'x'],
  [2, 'bob', 'a', 20, '2024-01-20 08:30:00', false, 'y'],
  [3, 'carol', 'b', 5, '2024-02-03 00:00:00', true, 'x'],
  [4, HOSTILE_NAME, 'b', 7, '2024-02-14 23:59:59', null, 'y'],
  [5, null, 'c', 1, '2024-03-01 12:00:00', false, 'x'],
  [6, 'dave', null, 4, '2024-03-10 00:00:00', true, 'y'],
  [7, '%under_score', 'c', 2, '2023-12-31 23:00:00', false, 'x'],
];

export interface ChartEngine {
  name: string;
  dialect: SqlDialect;
  handle: ConnectorHandle;
  datasource: DatasourceDescriptor;
  /** The same table as a virtual dataset (its SQL keeps rows with num > 2). */
  virtual: DatasourceDescriptor;
  close(): Promise<void>;
}

interface EngineSetup {
  name: string;
  connector: Connector;
  spec: ConnectionSpec;
  schema: string;
  /** Type names where the engines disagree. */
  types: { text: string; timestamp: string };
  cleanup?: () => void;
}

const fileSpec = (engine: 'duckdb' | 'sqlite', file: string): ConnectionSpec => ({
  engine,
  scheme: engine,
  driver: engine === 'duckdb' ? 'duckdb_engine' : 'pysqlite',
  host: null,
  port: null,
  username: null,
  password: null,
  database: file,
  query: {},
  filePath: file,
});

/** Engines to run against: DuckDB (in memory) and SQLite (temp file) always; PostgreSQL and MariaDB when their URLs are set. */
export function engineSetups(): { setups: EngineSetup[]; skipped: string[] } {
  const setups: EngineSetup[] = [];
  const skipped: string[] = [];
  setups.push({
    name: 'duckdb',
    connector: duckdbConnector,
    spec: fileSpec('duckdb', ':memory:'),
    schema: 'main',
    types: { text: 'VARCHAR', timestamp: 'TIMESTAMP' },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-chart-compiler-'));
  const sqliteFile = path.join(dir, 'charts.db');
  // The connector opens existing files only.
  new Database(sqliteFile).close();
  setups.push({
    name: 'sqlite',
    connector: sqliteConnector,
    spec: fileSpec('sqlite', sqliteFile),
    schema: 'main',
    types: { text: 'TEXT', timestamp: 'TEXT' },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
  const pgUrl = process.env.TESSERA_TEST_POSTGRES_URL;
  if (pgUrl)
    setups.push({
      name: 'postgresql',
      connector: postgresConnector,
      spec: specFromUri(pgUrl),
      schema: 'public',
      types: { text: 'VARCHAR(200)', timestamp: 'TIMESTAMP' },
    });
  else skipped.push('PostgreSQL: set TESSERA_TEST_POSTGRES_URL to run it');
  const myUrl = process.env.TESSERA_TEST_MYSQL_URL;
  if (myUrl) {
    const spec = specFromUri(myUrl);
    setups.push({ name: 'mysql', connector: mysqlConnector, spec, schema: spec.database ?? 'test', types: { text: 'VARCHAR(200)', timestamp: 'DATETIME' } });
  } else skipped.push('MySQL/MariaDB: set TESSERA_TEST_MYSQL_URL to run it');
  return { setups, skipped };
}

const column = (column_name: string, generic_type: 'String' | 'Numeric' | 'Temporal' | 'Boolean') => ({
  column_name,
  type: null,
  generic_type,
  is_dttm: generic_type === 'Temporal',
  groupby: true,
  filterable: true,
  expression: null,
});

/** Creates a scratch table with a unique name, fills it and describes it as a datasource. */
export async function openEngine(setup: EngineSetup): Promise<ChartEngine> {
  const { connector } = setup;
  const handle = await connector.open(setup.spec, RW);
  const table = `tessera_chart_${randomBytes(4).toString('hex')}`;
  const q = (name: string) => connector.quoteIdentifier(name);
  const qualified = `${q(setup.schema)}.${q(table)}`;
  const lit = (value: string | number | boolean | null) =>
    value === null ? 'NULL' : typeof value === 'string' ? connector.quoteLiteral(value) : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  const { text, timestamp } = setup.types;
  await handle.execute(
    `CREATE TABLE ${qualified} (id INTEGER, name ${text}, grp ${text}, num INTEGER, ds ${timestamp}, flag BOOLEAN, ${q(ODD_COLUMN)} ${text})`,
  );
  for (const row of PEOPLE_ROWS) {
    const [id, name, grp, num, ds, flag, odd] = row;
    const flagSql = flag === null ? 'NULL' : setup.name === 'postgresql' || setup.name === 'duckdb' ? String(flag).toUpperCase() : lit(flag);
    await handle.execute(`INSERT INTO ${qualified} VALUES (${lit(id)}, ${lit(name)}, ${lit(grp)}, ${lit(num)}, ${lit(ds)}, ${flagSql}, ${lit(odd)})`);
  }
  const datasource: DatasourceDescriptor = {
    key: `1__table`,
    schema: setup.schema,
    table_name: table,
    sql: null,
    main_dttm_col: 'ds',
    columns: [
      column('id', 'Numeric'),
      column('name', 'String'),
      column('grp', 'String'),
      column('num', 'Numeric'),
      column('ds', 'Temporal'),
      column('flag', 'Boolean'),
      column(ODD_COLUMN, 'String'),
      { ...column('num_x2', 'Numeric'), expression: 'num * 2' },
    ],
    metrics: [
      { metric_name: 'count', expression: 'COUNT(*)' },
      { metric_name: 'total', expression: 'SUM(num)' },
    ],
  };
  return {
    name: setup.name,
    dialect: sqlDialectOf(setup.name, connector.capabilities),
    handle,
    datasource,
    virtual: { ...datasource, key: '2__table', schema: null, table_name: 'virtual', sql: `SELECT * FROM ${qualified} WHERE num > 2;` },
    async close() {
      try {
        await handle.execute(`DROP TABLE ${qualified}`);
      } finally {
        await handle.close();
        setup.cleanup?.();
      }
    },
  };
}
