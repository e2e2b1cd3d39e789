import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type Json } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TABLES } from './exampleTables.js';
import { examplesAreComplete, generateExamples, type ExamplesResult } from './generateExamples.js';

type Row = Record<string, Json>;

async function query(file: string, sql: string): Promise<Row[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  try {
    return (await conn.runAndReadAll(sql)).getRowObjectsJson();
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function one(file: string, sql: string): Promise<Row> {
  const rows = await query(file, sql);
  expect(rows).toHaveLength(1);
  return rows[0] as Row;
}

/** Per table: schema, row count and an order-sensitive content hash (rowid is the insertion order). */
async function checksums(file: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { name } of EXAMPLE_TABLES) {
    const row = await one(
      file,
      `SELECT (SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY column_index)
                 FROM duckdb_columns() WHERE table_name = '${name}') AS schema,
              count(*) AS n,
              bit_xor(hash(t, rowid))::VARCHAR AS h
       FROM "${name}" t`,
    );
    out[name] = `${String(row['schema'])} | ${String(row['n'])} | ${String(row['h'])}`;
  }
  return out;
}

let dir: string;
let file: string;
let first: ExamplesResult;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tessera-examples-'));
  file = path.join(dir, 'examples.duckdb');
  first = await generateExamples(file);
  console.log(`generateExamples (first run): ${first.millis} ms`);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('generateExamples', () => {
  it('creates every table with its expected row count', () => {
    expect(first.file).toBe(path.resolve(file));
    expect(first.tables).toEqual(Object.fromEntries(EXAMPLE_TABLES.map((t) => [t.name, t.rowCount])));
    expect(first.tables['flights']).toBe(1_000_000);
    expect(first.tables['cleaned_sales_data']).toBe(2823);
    expect(first.tables['wb_health_population']).toBe(11_000);
    expect(first.tables['birth_names']).toBeGreaterThan(70_000);
    expect(first.tables['birth_names']).toBeLessThan(80_000);
    expect(first.tables['energy_usage']).toBeGreaterThan(80);
    expect(first.tables['energy_usage']).toBeLessThan(120);
    expect(first.millis).toBeLessThan(30_000);
  });

  it('regenerates identical data over an existing file, leaving no temp files', async () => {
    const before = await checksums(file);
    const second = await generateExamples(file);
    console.log(`generateExamples (second run, replacing the file): ${second.millis} ms`);
    expect(await checksums(file)).toEqual(before);
    expect(second.tables).toEqual(first.tables);
    expect(await readdir(dir)).toEqual(['examples.duckdb']);
  }, 120_000);

  it('flights: counts, cancellations, delays and routes are plausible', async () => {
    const r = await one(
      file,
      `SELECT count(*) AS n,
              avg(cancelled::INTEGER) AS cancel_rate,
              avg(cancelled::INTEGER) FILTER (WHERE month(ds) IN (12, 1, 2)) AS winter_rate,
              avg(cancelled::INTEGER) FILTER (WHERE month(ds) IN (6, 7, 8, 9)) AS summer_rate,
              count(*) FILTER (WHERE cancelled AND (dep_delay IS NOT NULL OR arr_delay IS NOT NULL)) AS cancelled_with_delay,
              count(*) FILTER (WHERE NOT cancelled AND (dep_delay IS NULL OR arr_delay IS NULL)) AS flown_without_delay,
              count(*) FILTER (WHERE origin = dest) AS same_airport,
              count(DISTINCT carrier) AS carriers,
              count(DISTINCT origin) AS airports,
              min(ds) >= TIMESTAMP '2019-01-01' AND max(ds) < TIMESTAMP '2023-01-01' AS in_range,
              avg((dep_delay < 0)::INTEGER) AS early_share,
              quantile_cont(dep_delay, 0.99) AS p99,
              corr(dep_delay, arr_delay) AS delay_corr
       FROM flights`,
    );
    expect(Number(r['n'])).toBe(1_000_000);
    expect(r['cancel_rate']).toBeGreaterThanOrEqual(0.015);
    expect(r['cancel_rate']).toBeLessThanOrEqual(0.02);
    expect(Number(r['winter_rate'])).toBeGreaterThan(Number(r['summer_rate']));
    expect(Number(r['cancelled_with_delay'])).toBe(0);
    expect(Number(r['flown_without_delay'])).toBe(0);
    expect(Number(r['same_airport'])).toBe(0);
    expect(Number(r['carriers'])).toBeGreaterThanOrEqual(10);
    expect(Number(r['airports'])).toBeGreaterThanOrEqual(55);
    expect(r['in_range']).toBe(true);
    expect(r['early_share']).toBeGreaterThan(0.2);
    expect(r['p99']).toBeGreaterThan(120);
    expect(r['delay_corr']).toBeGreaterThan(0.8);

    const unstable = await one(
      file,
      `SELECT count(*) AS n FROM (SELECT origin, dest FROM flights GROUP BY ALL HAVING min(distance) <> max(distance))`,
    );
    expect(Number(unstable['n'])).toBe(0);
  });

  it('birth_names: counts add up and match the gender', async () => {
    const r = await one(
      file,
      `SELECT count(*) FILTER (WHERE num <> num_boys + num_girls) AS bad_sum,
              count(*) FILTER (WHERE (gender = 'boy' AND num_girls <> 0) OR (gender = 'girl' AND num_boys <> 0)
                                  OR gender NOT IN ('boy', 'girl')) AS bad_gender,
              min(year(ds)) AS first_year, max(year(ds)) AS last_year,
              count(DISTINCT name) AS names, count(DISTINCT state) AS states,
              bool_or(state = 'other') AS has_other, min(num) AS min_num
       FROM birth_names`,
    );
    expect(Number(r['bad_sum'])).toBe(0);
    expect(Number(r['bad_gender'])).toBe(0);
    expect(Number(r['first_year'])).toBe(1965);
    expect(Number(r['last_year'])).toBe(2008);
    expect(Number(r['names'])).toBeGreaterThan(200);
    expect(Number(r['states'])).toBeGreaterThan(10);
    expect(r['has_other']).toBe(true);
    expect(Number(r['min_num'])).toBeGreaterThan(0);
  });

  it('cleaned_sales_data: derived columns are consistent', async () => {
    const r = await one(
      file,
      `SELECT count(*) FILTER (WHERE abs(sales - quantity_ordered * price_each) > 0.006) AS bad_sales,
              count(*) FILTER (WHERE quarter <> quarter(order_date) OR month <> month(order_date)
                                  OR year <> year(order_date)) AS bad_dates,
              count(*) FILTER (WHERE deal_size <> CASE WHEN sales < 3000 THEN 'Small'
                                                       WHEN sales < 7000 THEN 'Medium' ELSE 'Large' END) AS bad_deal,
              count(DISTINCT product_line) AS lines, count(DISTINCT status) AS statuses,
              avg((status = 'Shipped')::INTEGER) AS shipped_share,
              min(order_date) >= TIMESTAMP '2003-01-01' AND max(order_date) < TIMESTAMP '2005-06-01' AS in_range,
              count(*) FILTER (WHERE quarter = 4) > count(*) FILTER (WHERE quarter = 3) AS q4_peak
       FROM cleaned_sales_data`,
    );
    expect(Number(r['bad_sales'])).toBe(0);
    expect(Number(r['bad_dates'])).toBe(0);
    expect(Number(r['bad_deal'])).toBe(0);
    expect(Number(r['lines'])).toBe(7);
    expect(Number(r['statuses'])).toBe(6);
    expect(r['shipped_share']).toBeGreaterThan(0.85);
    expect(r['in_range']).toBe(true);
    expect(r['q4_peak']).toBe(true);
  });

  it('wb_health_population and energy_usage have the expected shape', async () => {
    const wb = await one(
      file,
      `SELECT count(DISTINCT country_code) AS countries, count(DISTINCT region) AS regions,
              list(DISTINCT country_name ORDER BY country_name) FILTER (WHERE region = 'North America') AS north_america,
              count(*) FILTER (WHERE year(year) = 1960 AND SH_XPD_TOTL_ZS IS NOT NULL) AS early_health_spend
       FROM wb_health_population`,
    );
    expect(Number(wb['countries'])).toBe(200);
    expect(Number(wb['regions'])).toBe(7);
    expect(wb['north_america']).toEqual(['Bermuda', 'Canada', 'United States']);
    expect(Number(wb['early_health_spend'])).toBe(0);
    const columns = await query(file, `SELECT column_name FROM duckdb_columns() WHERE table_name = 'wb_health_population'`);
    expect(columns.map((c) => c['column_name'])).toContain('SP_POP_TOTL');

    const energy = await query(
      file,
      `SELECT value FROM energy_usage WHERE source = 'Agricultural Energy Use' AND target = 'Carbon Dioxide'`,
    );
    expect(energy).toHaveLength(1);
  });
});

describe('examplesAreComplete', () => {
  it('accepts the generated file', async () => {
    expect(await examplesAreComplete(file)).toBe(true);
  });

  it('rejects missing, corrupt and incomplete files', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'tessera-examples-bad-'));
    try {
      expect(await examplesAreComplete(path.join(other, 'missing.duckdb'))).toBe(false);

      const garbage = path.join(other, 'garbage.duckdb');
      await writeFile(garbage, 'not a database');
      expect(await examplesAreComplete(garbage)).toBe(false);

      const partial = path.join(other, 'partial.duckdb');
      const instance = await DuckDBInstance.create(partial);
      const conn = await instance.connect();
      await conn.run(`ATTACH '${file.replaceAll("'", "''")}' AS src (READ_ONLY)`);
      await conn.run('CREATE TABLE birth_names AS SELECT * FROM src.birth_names');
      conn.closeSync();
      instance.closeSync();
      expect(await examplesAreComplete(partial)).toBe(false);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
