import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareExamples } from '../../examples/prepareExamples.js';
import { startTestApp } from '../../test/testApp.js';
import { chartData, type SuiteContext } from './__tests__/chartDataSuite.js';

/**
 * Time comparison without a temporal x-axis (the Table chart's): the comparison runs over the shifted range
 * and joins on the other group-by columns, or is a single row. Every number is checked against SQL run on
 * the examples database through SQL Lab.
 */

type Row = Record<string, unknown>;

const CNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cnt' };
const DISTANCE = { expressionType: 'SIMPLE', column: { column_name: 'distance' }, aggregate: 'SUM', label: 'SUM(distance)' };
const inRange = (val: string) => ({ col: 'ds', op: 'TEMPORAL_RANGE', val });

describe('time comparison of tables (examples flights)', () => {
  const ctx = {} as SuiteContext & { dbId: number };

  beforeAll(async () => {
    ctx.app = await startTestApp({ EXAMPLES: 'on' });
    await prepareExamples(ctx.app, ctx.app.app.log);
    const list = await ctx.app.api('GET', `/api/v1/database/?q=${rison.encode({ filters: [{ col: 'database_name', opr: 'eq', value: 'examples' }] })}`);
    ctx.dbId = list.body.result[0].id as number;
    // The examples register their datasets at first start.
    const datasets = await ctx.app.api('GET', `/api/v1/dataset/?q=${rison.encode({ filters: [{ col: 'table_name', opr: 'eq', value: 'flights' }] })}`);
    ctx.datasetId = datasets.body.result[0].id as number;
  }, 180_000);
  afterAll(async () => ctx.app?.close());

  /** Rows of a statement run directly on the examples database. */
  async function sql(text: string): Promise<Row[]> {
    const res = await ctx.app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: ctx.dbId, sql: text, json: true, runAsync: false } });
    if (res.status !== 200) throw new Error(`${text}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Row[];
  }

  /** carrier -> [count, sum of distance] over `[from, to)`. */
  async function byCarrier(from: string, to: string): Promise<Map<string, [number, number]>> {
    const rows = await sql(`SELECT carrier, COUNT(*) AS c, SUM(distance) AS d FROM flights WHERE ds >= TIMESTAMP '${from}' AND ds < TIMESTAMP '${to}' GROUP BY carrier`);
    return new Map(rows.map((r) => [String(r.carrier), [Number(r.c), Number(r.d)]]));
  }

  async function total(from: string, to: string): Promise<number> {
    return Number((await sql(`SELECT COUNT(*) AS c FROM flights WHERE ds >= TIMESTAMP '${from}' AND ds < TIMESTAMP '${to}'`))[0]!.c);
  }

  // One day ranks the carriers differently from the same day a year before: a comparison limited like the
  // main page would miss some of them.
  it('joins the metrics of the year before on the group-by column, beyond the main page', async () => {
    const res = await chartData(ctx, [
      { columns: ['carrier'], metrics: [CNT, DISTANCE], filters: [inRange('2022-03-01 : 2022-03-02')], time_offsets: ['1 year ago'], orderby: [[CNT, false], ['carrier', true]], row_limit: 4, row_offset: 2 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.colnames).toEqual(['carrier', 'cnt', 'SUM(distance)', 'cnt__1 year ago', 'SUM(distance)__1 year ago']);
    expect(result.label_map['SUM(distance)__1 year ago']).toEqual(['SUM(distance)', '1 year ago']);
    const comparisonSql = String(result.query).split(';\n\n')[1];
    expect(comparisonSql).toMatch(/TIMESTAMP '2021-03-01 00:00:00'/);
    expect(comparisonSql).not.toMatch(/OFFSET|LIMIT 4\b/);

    const main = await byCarrier('2022-03-01', '2022-03-02');
    const before = await byCarrier('2021-03-01', '2021-03-02');
    const top = [...main.entries()].sort((a, b) => b[1][0] - a[1][0] || a[0].localeCompare(b[0])).slice(2, 6);
    expect(result.data.map((r: Row) => [r.carrier, Number(r.cnt), Number(r['SUM(distance)']), Number(r['cnt__1 year ago']), Number(r['SUM(distance)__1 year ago'])])).toEqual(
      top.map(([carrier, [c, d]]) => [carrier, c, d, ...before.get(carrier)!]),
    );
    // The year before differs: the comparison is not the main query again.
    expect(top.some(([carrier, [c]]) => before.get(carrier)![0] !== c)).toBe(true);
  });

  it('pages the main rows while the comparison sees every group', async () => {
    const query = { columns: ['carrier'], metrics: [CNT], filters: [inRange('2022-01-01 : 2023-01-01')], time_offsets: ['1 year ago'], orderby: [['carrier', true]] };
    const res = await chartData(ctx, [{ ...query, row_limit: 2, row_offset: 3 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const before = await byCarrier('2021-01-01', '2022-01-01');
    const carriers = [...before.keys()].sort().slice(3, 5);
    expect(res.body.result[0].data.map((r: Row) => [r.carrier, Number(r['cnt__1 year ago'])])).toEqual(carriers.map((c) => [c, before.get(c)![0]]));
  });

  it('answers one row without a group-by, for offsets and inherit (the period just before, as long)', async () => {
    const res = await chartData(ctx, [{ columns: [], metrics: [CNT], filters: [inRange('2022-01-01 : 2022-04-01')], time_offsets: ['1 year ago', 'inherit'] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.colnames).toEqual(['cnt', 'cnt__1 year ago', 'cnt__inherit']);
    expect(result.rowcount).toBe(1);
    const [row] = result.data as Row[];
    // 2022-01-01 .. 2022-04-01 is 90 days, so inherit compares with 2021-10-03 .. 2022-01-01.
    expect([Number(row!.cnt), Number(row!['cnt__1 year ago']), Number(row!['cnt__inherit'])]).toEqual([
      await total('2022-01-01', '2022-04-01'),
      await total('2021-01-01', '2021-04-01'),
      await total('2021-10-03', '2022-01-01'),
    ]);
  });

  it('takes a custom start date and keeps the totals and row count queries of a table whole', async () => {
    const filters = [inRange('2022-01-01 : 2022-02-01')];
    const res = await chartData(ctx, [
      { columns: ['carrier'], metrics: [CNT], filters, time_offsets: ['2021-06-01'], orderby: [['carrier', true]] },
      { columns: [], metrics: [CNT], filters, time_offsets: ['2021-06-01'] },
      { columns: ['carrier'], metrics: [CNT], filters, time_offsets: ['2021-06-01'], is_rowcount: true },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [rows, totals, rowcount] = res.body.result;
    // The comparison starts on the custom date and lasts as long as the main range (31 days).
    const before = await byCarrier('2021-06-01', '2021-07-02');
    expect(rows.data.map((r: Row) => [r.carrier, Number(r['cnt__2021-06-01'])])).toEqual([...before.keys()].sort().map((c) => [c, before.get(c)![0]]));
    expect(Number(totals.data[0]['cnt__2021-06-01'])).toBe(await total('2021-06-01', '2021-07-02'));
    // A row count has nothing to compare: it runs alone.
    expect(rowcount.colnames).toEqual(['rowcount']);
    expect(rowcount.query).not.toMatch(/2021-06-01/);
    expect(rowcount.data[0].rowcount).toBe(before.size);
  });

  it('refuses a comparison without an enclosed time range, in the catalogue shape', async () => {
    for (const filters of [[], [inRange('No filter')], [inRange('2022-01-01 : ')]]) {
      const res = await chartData(ctx, [{ columns: ['carrier'], metrics: [CNT], filters, time_offsets: ['1 year ago'] }]);
      expect(res.status, JSON.stringify(filters)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        message: 'An enclosed time range (both start and end) must be specified when using a Time Comparison.',
        error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
        level: 'error',
      });
      expect(res.body.errors[0].extra.issue_codes.length).toBeGreaterThan(0);
      // Scripts read the top-level message, as with the other chart data errors.
      expect(res.body.message).toBe(res.body.errors[0].message);
    }
    const bad = await chartData(ctx, [{ columns: [], metrics: [CNT], filters: [inRange('2022-01-01 : 2022-02-01')], time_offsets: ['sometime'] }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid time offset: sometime', error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR' });
    expect(bad.body.message).toBe('Invalid time offset: sometime');
  });

  it('shifts a query-level time_range without a time column, as Superset reads from_dttm / to_dttm', async () => {
    const res = await chartData(ctx, [{ columns: [], metrics: [CNT], time_range: '2022-01-01 : 2022-02-01', time_offsets: ['1 year ago'] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].from_dttm).toBe(Date.parse('2022-01-01T00:00:00Z'));
    expect(res.body.result[0].colnames).toEqual(['cnt', 'cnt__1 year ago']);
  });
});
