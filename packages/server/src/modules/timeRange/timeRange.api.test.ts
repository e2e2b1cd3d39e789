import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';

const url = (value: unknown) => `/api/v1/time_range/?q=${encodeURIComponent(rison.encode(value))}`;
const DAY = 86_400_000;

describe('GET /api/v1/time_range/', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers a rison string with one result', async () => {
    const res = await app.api('GET', url('Last day'));
    expect(res.status).toBe(200);
    const [item] = res.body.result;
    expect(item).toMatchObject({ timeRange: 'Last day', shift: null });
    expect(item.until).toMatch(/^\d{4}-\d\d-\d\dT00:00:00$/);
    expect(Date.parse(`${item.until}Z`) - Date.parse(`${item.since}Z`)).toBe(DAY);
  });

  it('answers a list of {timeRange, shift} in order, "" for open sides', async () => {
    const res = await app.api('GET', url([{ timeRange: '2024-01-01 : 2024-02-01', shift: '1 year ago' }, { timeRange: 'No filter' }, { timeRange: ' : 2024-01-01' }]));
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      result: [
        { since: '2023-01-01T00:00:00', until: '2023-02-01T00:00:00', timeRange: '2024-01-01 : 2024-02-01', shift: '1 year ago' },
        { since: '', until: '', timeRange: 'No filter', shift: null },
        { since: '', until: '2024-01-01T00:00:00', timeRange: ' : 2024-01-01', shift: null },
      ],
    });
  });

  it('answers 400 "Unexpected time range" for a range or shift that does not parse', async () => {
    const bad = await app.api('GET', url('soon'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.stringMatching(/^Unexpected time range: .*soon/) });
    const reversed = await app.api('GET', url('2024-02-01 : 2024-01-01'));
    expect(reversed).toMatchObject({ status: 400, body: { message: 'Unexpected time range: From date cannot be larger than to date' } });
    const shift = await app.api('GET', url([{ timeRange: 'Last day', shift: 'sometime' }]));
    expect(shift).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Unexpected time range: /) } });
  });

  it('answers FAB 400s for a missing, malformed or ill-shaped q', async () => {
    const missing = await app.api('GET', '/api/v1/time_range/');
    expect(missing).toMatchObject({ status: 400, body: { message: "Not a valid rison schema {} is not of type 'string', 'array'" } });
    const malformed = await app.api('GET', '/api/v1/time_range/?q=(oops');
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Not a valid rison argument' } });
    const noText = await app.api('GET', url([{ shift: '1 day ago' }]));
    expect(noText).toMatchObject({ status: 400, body: { message: "Not a valid rison schema 'timeRange' is a required property" } });
  });

  it('is open to any logged-in user and closed to anonymous callers', async () => {
    const gamma = await createUserWithRole(app, 'ranger', 'Gamma');
    expect((await app.api('GET', url('Last week'), { token: gamma })).status).toBe(200);
    expect(await app.api('GET', url('Last week'), { token: null })).toMatchObject({ status: 401, body: { message: 'Not authorized' } });
  });
});
