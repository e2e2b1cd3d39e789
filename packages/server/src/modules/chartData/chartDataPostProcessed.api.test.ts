import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/testApp.js';
import { BIRTHS, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import type { SuiteContext } from './__tests__/chartDataSuite.js';

/**
 * `result_type: post_processed` (Superset's apply_client_processing): a pivot table's rows come back pivoted
 * as the chart draws them, in JSON, CSV and through a saved chart's data URL (what reports download). JSON
 * values are written as the chart shows them (what a text report quotes); CSV keeps the numbers.
 */
const SUM = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'sum__num' };
const pivotFormData = {
  viz_type: 'pivot_table_v2',
  groupbyRows: ['state'],
  groupbyColumns: ['gender'],
  metrics: [SUM],
  aggregateFunction: 'Sum',
  rowTotals: true,
  colTotals: true,
};
const query = { columns: ['state', 'gender'], metrics: [SUM], row_limit: 1000 };

const sumWhere = (pred: (r: (typeof BIRTHS)[number]) => boolean) => BIRTHS.filter(pred).reduce((s, r) => s + r.num, 0);

describe('post-processed chart data', () => {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());

  const body = (patch: Record<string, unknown>) => ({ datasource: { id: ctx.datasetId, type: 'table' }, queries: [query], result_type: 'post_processed', form_data: pivotFormData, ...patch });
  const csvOf = async (url: string, init?: RequestInit) => {
    const res = await fetch(`${ctx.app.url}${url}`, { ...init, headers: { authorization: `Bearer ${await ctx.app.token()}`, 'content-type': 'application/json' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    return (await res.text()).trim().split('\r\n');
  };

  const oneDecimal = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  it('answers a pivot table pivoted, with totals named after the aggregation, as JSON in the chart\'s value format', async () => {
    const res = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ form_data: { ...pivotFormData, valueFormat: ',.1f' } }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.result[0];
    expect(result.colnames).toEqual([
      ['sum__num', 'boy'],
      ['sum__num', 'girl'],
      ['sum__num', 'Total (Sum)'],
    ]);
    expect(result.indexnames).toEqual([['CA'], ['NY'], ['TX'], ['Total (Sum)']]);
    expect(result.rowcount).toBe(4);
    expect(result.data['sum__num boy'].CA).toBe(oneDecimal(sumWhere((r) => r.state === 'CA' && r.gender === 'boy')));
    expect(result.data['sum__num Total (Sum)'].NY).toBe(oneDecimal(sumWhere((r) => r.state === 'NY')));
    expect(result.data['sum__num girl']['Total (Sum)']).toBe(oneDecimal(sumWhere((r) => r.gender === 'girl')));
    expect(result.data['sum__num Total (Sum)']['Total (Sum)']).toBe(oneDecimal(sumWhere(() => true)));
    // Formatted values are text: coltypes say so, as Superset reads them back from the formatted frame.
    expect(result.coltypes).toEqual([1, 1, 1]);
    // The rest of the answer is the full result's: the SQL, the cache fields.
    expect(result.query).toMatch(/GROUP BY/);
    expect(result.cache_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes the pivoted table as CSV: row keys, then one column per flattened header', async () => {
    const lines = await csvOf('/api/v1/chart/data', { method: 'POST', body: JSON.stringify(body({ result_format: 'csv' })) });
    expect(lines[0]).toBe('state,sum__num boy,sum__num girl,sum__num Total (Sum)');
    expect(lines).toHaveLength(5);
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe('Total (Sum)');
    expect(total.slice(1).map(Number)).toEqual([sumWhere((r) => r.gender === 'boy'), sumWhere((r) => r.gender === 'girl'), sumWhere(() => true)]);
  });

  it('writes temporal keys as dates, and leaves other chart types as they are', async () => {
    const year = { label: 'ds', sqlExpression: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1Y' };
    const byYear = body({ queries: [{ ...query, columns: ['state', year] }], form_data: { ...pivotFormData, groupbyColumns: [year], rowTotals: false }, result_format: 'csv' });
    const lines = await csvOf('/api/v1/chart/data', { method: 'POST', body: JSON.stringify(byYear) });
    expect(lines[0]).toBe('state,sum__num 2020-01-01 00:00:00,sum__num 2021-01-01 00:00:00,sum__num 2022-01-01 00:00:00,sum__num 2023-01-01 00:00:00');
    expect(lines[1]!.split(',').slice(1).map(Number)).toEqual([2020, 2021, 2022, 2023].map((y) => sumWhere((r) => r.state === 'CA' && r.ds.startsWith(String(y)))));

    const asBars = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ form_data: { viz_type: 'echarts_timeseries_bar' } }) });
    const full = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ result_type: 'full' }) });
    expect(asBars.body.result[0].data).toEqual(full.body.result[0].data);
  });

  it('formats pivot shares as percentages and a currency around the value format', async () => {
    const shares = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ form_data: { ...pivotFormData, aggregateFunction: 'Sum as Fraction of Total' } }) });
    const total = 'Total (Sum as Fraction of Total)';
    expect(shares.body.result[0].data[`sum__num ${total}`][total]).toBe('100.0%');
    expect(shares.body.result[0].data['sum__num boy'].CA).toMatch(/^\d+\.\d%$/);
    const money = await ctx.app.api('POST', '/api/v1/chart/data', {
      body: body({ form_data: { ...pivotFormData, valueFormat: ',d', currency_format: { symbol: 'EUR', symbolPosition: 'suffix' } } }),
    });
    expect(money.body.result[0].data['sum__num boy'].CA).toBe(`${sumWhere((r) => r.state === 'CA' && r.gender === 'boy')} €`);
  });

  it("answers a table's JSON keyed by column then row number, metrics formatted as the table draws them", async () => {
    const tableQuery = { columns: ['state'], metrics: [SUM, 'count'], orderby: [['state', true]], row_limit: 1000 };
    const tableFormData = {
      viz_type: 'table',
      metrics: [SUM, 'count'],
      column_config: { sum__num: { d3NumberFormat: ',.1f', currencyFormat: { symbol: 'USD', symbolPosition: 'prefix' } } },
    };
    const res = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ queries: [tableQuery], form_data: tableFormData }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.result[0];
    // Headers take the dataset's verbose names (the count metric's is COUNT(*)), as Superset renames the frame.
    expect(result.colnames).toEqual(['state', 'sum__num', 'COUNT(*)']);
    expect(result.indexnames).toEqual([0, 1, 2]);
    expect(result.rowcount).toBe(3);
    expect(result.data.state).toEqual({ 0: 'CA', 1: 'NY', 2: 'TX' });
    expect(result.data.sum__num[1]).toBe(`$${oneDecimal(sumWhere((r) => r.state === 'NY'))}`);
    // A metric with no settings takes the adaptive default; a count under 1,000 reads as itself.
    expect(result.data['COUNT(*)'][0]).toBe(String(BIRTHS.filter((r) => r.state === 'CA').length));
    expect(result.coltypes).toEqual([1, 1, 1]);
    // CSV keeps the numbers, as Superset formats only the JSON answer.
    const lines = await csvOf('/api/v1/chart/data', { method: 'POST', body: JSON.stringify(body({ queries: [tableQuery], form_data: tableFormData, result_format: 'csv' })) });
    expect(lines[0]).toBe('state,sum__num,COUNT(*)');
    expect(lines[2]).toBe(`NY,${sumWhere((r) => r.state === 'NY')},${BIRTHS.filter((r) => r.state === 'NY').length}`);
  });

  it("writes a table's percent metric as the table draws it: a share with three decimals unless its settings name a format", async () => {
    // Superset's table asks for the shares as a contribution post-processing step that adds `%<metric>` columns.
    const percentQuery = {
      columns: ['state'],
      metrics: [SUM],
      orderby: [['state', true]],
      row_limit: 1000,
      post_processing: [{ operation: 'contribution', options: { columns: ['sum__num'], rename_columns: ['%sum__num'] } }],
    };
    const answer = async (columnConfig: Record<string, unknown>) => {
      const formData = { viz_type: 'table', metrics: [SUM], percent_metrics: [SUM], column_config: columnConfig };
      const res = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ queries: [percentQuery], form_data: formData }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result[0].data as Record<string, Record<string, string>>;
    };
    const share = sumWhere((r) => r.state === 'CA') / sumWhere(() => true);
    const data = await answer({});
    expect(data['%sum__num']![0]).toBe(`${(share * 100).toFixed(3)}%`);
    expect((await answer({ '%sum__num': { d3NumberFormat: '.1%' } }))['%sum__num']![0]).toBe(`${(share * 100).toFixed(1)}%`);
  });

  it("reshapes a saved chart's data URL by its params when its saved query context has no form data", async () => {
    const queryContext = { datasource: { id: ctx.datasetId, type: 'table' }, queries: [query] };
    const created = await ctx.app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'Pivot', viz_type: 'pivot_table_v2', datasource_id: ctx.datasetId, datasource_type: 'table', params: JSON.stringify(pivotFormData), query_context: JSON.stringify(queryContext) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lines = await csvOf(`/api/v1/chart/${created.body.id}/data/?format=csv&type=post_processed`);
    expect(lines[0]).toBe('state,sum__num boy,sum__num girl,sum__num Total (Sum)');
    // Without post_processed the same URL gives the query's rows.
    const plain = await csvOf(`/api/v1/chart/${created.body.id}/data/?format=csv`);
    expect(plain[0]).toBe('state,gender,sum__num');
    expect(plain).toHaveLength(7);
  });

  it('formats by defaults when column settings are malformed, and refuses an unknown result type', async () => {
    const tableQuery = { columns: ['state'], metrics: [SUM], orderby: [['state', true]], row_limit: 1000 };
    const res = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ queries: [tableQuery], form_data: { viz_type: 'table', metrics: [SUM], column_config: '{not json' } }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].data.sum__num[0]).toBe(String(sumWhere((r) => r.state === 'CA')));
    const bad = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ result_type: 'pivoted' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
  });

  // Last: it renames a column of the dataset the other tests read.
  it("heads a pivot's rows and metrics with the dataset's verbose names", async () => {
    const ds = (await ctx.app.api('GET', `/api/v1/dataset/${ctx.datasetId}`)).body.result as { columns: { id: number; column_name: string }[] };
    // A dataset's columns are written as a whole list: the ones left out would be dropped.
    const columns = ds.columns.map((c) => ({ id: c.id, column_name: c.column_name, verbose_name: c.column_name === 'state' ? 'US state' : null }));
    const put = await ctx.app.api('PUT', `/api/v1/dataset/${ctx.datasetId}`, { body: { columns } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const byCount = { ...pivotFormData, metrics: ['count'] };
    const csv = await csvOf('/api/v1/chart/data', {
      method: 'POST',
      body: JSON.stringify(body({ queries: [{ ...query, metrics: ['count'] }], form_data: byCount, result_format: 'csv' })),
    });
    expect(csv[0]).toBe('US state,COUNT(*) boy,COUNT(*) girl,COUNT(*) Total (Sum)');
    const json = await ctx.app.api('POST', '/api/v1/chart/data', { body: body({ queries: [{ ...query, metrics: ['count'] }], form_data: byCount }) });
    expect(json.body.result[0].colnames[0]).toEqual(['COUNT(*)', 'boy']);
    expect(json.body.result[0].data['COUNT(*) boy'].CA).toBe(String(BIRTHS.filter((r) => r.state === 'CA' && r.gender === 'boy').length));
  });
});
