import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/testApp.js';
import { createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import { chartData, type SuiteContext } from './__tests__/chartDataSuite.js';

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cnt' };
const inRange = (range: string) => ({ col: 'ds', op: 'TEMPORAL_RANGE', val: range });

describe('chart data with native annotation layers', () => {
  const ctx = {} as SuiteContext;
  let releases: number;
  let outages: number;

  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
    const layer = async (name: string) => (await ctx.app.api('POST', '/api/v1/annotation_layer/', { body: { name } })).body.id as number;
    const annotate = async (id: number, short_descr: string, start_dttm: string, end_dttm = start_dttm) => {
      const res = await ctx.app.api('POST', `/api/v1/annotation_layer/${id}/annotation/`, { body: { short_descr, start_dttm, end_dttm, long_descr: `${short_descr} details` } });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    };
    releases = await layer('Releases');
    await annotate(releases, 'v1', '2020-06-01T00:00:00');
    await annotate(releases, 'v2', '2021-03-01T12:00:00');
    await annotate(releases, 'v3', '2022-09-01T00:00:00');
    outages = await layer('Outages');
    // Starts before the 2021 range and ends inside it: it overlaps, so it is drawn.
    await annotate(outages, 'Long outage', '2020-12-20T00:00:00', '2021-01-05T00:00:00');
    await annotate(outages, 'Later outage', '2022-01-01T00:00:00', '2022-01-02T00:00:00');
  });
  afterAll(async () => ctx.app?.close());

  const layers = () => [
    { name: 'Ship dates', annotationType: 'EVENT', sourceType: 'NATIVE', value: releases, show: true, overrides: {} },
    { name: 'Incidents', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: outages, show: true, overrides: {} },
    { name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '2 * x', show: true, overrides: {} },
  ];

  it('answers the layers overlapping the time range, keyed by the form data layer name', async () => {
    const res = await chartData(ctx, [{ columns: [], metrics: [COUNT], filters: [inRange('2021-01-01 : 2022-01-01')], annotation_layers: layers() }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.result[0].annotation_data;
    expect(Object.keys(data).sort()).toEqual(['Incidents', 'Ship dates']);
    expect(data['Ship dates']).toEqual({
      columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
      records: [{ start_dttm: Date.UTC(2021, 2, 1, 12), end_dttm: Date.UTC(2021, 2, 1, 12), short_descr: 'v2', long_descr: 'v2 details', json_metadata: null }],
    });
    expect(data.Incidents.records.map((r: { short_descr: string }) => r.short_descr)).toEqual(['Long outage']);
    expect(data.Incidents.records[0]).toMatchObject({ start_dttm: Date.UTC(2020, 11, 20), end_dttm: Date.UTC(2021, 0, 5) });
  });

  it('answers every annotation when the query has no time range', async () => {
    const res = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: layers() }]);
    const data = res.body.result[0].annotation_data;
    expect(data['Ship dates'].records.map((r: { short_descr: string }) => r.short_descr)).toEqual(['v1', 'v2', 'v3']);
    expect(data.Incidents.records.map((r: { short_descr: string }) => r.short_descr)).toEqual(['Long outage', 'Later outage']);
  });

  it('leaves out hidden and missing layers without failing the chart; the layers are part of the cache key', async () => {
    const missing = { name: 'Gone', annotationType: 'EVENT', sourceType: 'NATIVE', value: 987654, show: true, overrides: {} };
    const hidden = { ...layers()[0]!, name: 'Hidden', show: false };
    const res = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [missing, hidden] }]);
    expect(res.status).toBe(200);
    expect(res.body.result[0].status).toBe('success');
    expect(res.body.result[0].annotation_data).toEqual({});

    const plain = await chartData(ctx, [{ columns: [], metrics: [COUNT] }]);
    const withLayers = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: layers() }]);
    expect(plain.body.result[0].annotation_data).toEqual({});
    expect(withLayers.body.result[0].cache_key).not.toBe(plain.body.result[0].cache_key);
  });
});
