import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/testApp.js';

describe('JSON request bodies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads an empty body sent as JSON as no fields: actions without fields work, others name what is missing', async () => {
    const id = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Body test' } })).body.id as number;
    // curl -X POST -H 'Content-Type: application/json' .../favorites/ (nothing after it)
    expect(await app.api('POST', `/api/v1/dashboard/${id}/favorites/`, { body: '' })).toMatchObject({ status: 200, body: { result: 'OK' } });
    expect((await app.api('GET', `/api/v1/dashboard/favorite_status/?q=!(${id})`)).body.result).toEqual([{ id, value: true }]);

    const chart = await app.api('POST', '/api/v1/chart/', { body: '  ' });
    expect(chart.status).toBe(400);
    expect(chart.body.message).toHaveProperty('slice_name');
    const data = await app.api('POST', '/api/v1/chart/data', { body: '' });
    expect(data.status).toBe(400);
    expect(data.body.message).toHaveProperty('datasource');
  });

  it('still refuses broken JSON and prototype poisoning', async () => {
    for (const body of ['{"dashboard_title": ', '{"dashboard_title": "x", "__proto__": {"admin": true}}']) {
      const answer = await app.api('POST', '/api/v1/dashboard/', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Request is not JSON');
    }
    // Chart data parses its body itself (it keeps parsed bodies by their text): the same rules, the same answer,
    // also for a broken body sent again after a good one with the same start.
    const good = '{"datasource": {"id": 999999, "type": "table"}, "queries": [{}]}';
    expect((await app.api('POST', '/api/v1/chart/data', { body: good })).status).toBe(404);
    for (const body of [good.slice(0, -1), '{"datasource": {"id": 1, "type": "table"}, "queries": [], "__proto__": {"admin": true}}']) {
      for (let i = 0; i < 2; i++) expect(await app.api('POST', '/api/v1/chart/data', { body })).toMatchObject({ status: 400, body: { message: 'Request is not JSON' } });
    }
    // JSON sent as text/plain is not JSON either (FAB checks request.is_json).
    const plain = await app.api('POST', '/api/v1/chart/', { body: '{"slice_name": "x"}', headers: { 'content-type': 'text/plain' } });
    expect(plain).toMatchObject({ status: 400, body: { message: 'Request is not JSON' } });
  });

  it('caps list page sizes as FAB does instead of refusing them', async () => {
    for (let i = 0; i < 3; i++) await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: `Paged ${i}` } });
    const big = await app.api('GET', '/api/v1/dashboard/?q=(page_size:5000)');
    expect(big.status).toBe(200);
    expect(big.body.result.length).toBe(big.body.count);
    const zero = await app.api('GET', '/api/v1/dashboard/?q=(page_size:0)');
    expect(zero.status).toBe(200);
    expect(zero.body.result.length).toBeGreaterThan(0);
  });
});
