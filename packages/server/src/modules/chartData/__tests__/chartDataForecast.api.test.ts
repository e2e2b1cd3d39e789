import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/testApp.js';
import { BIRTHS, createDataset, createDuckdbWarehouse } from './chartDataKit.js';
import { chartData, type SuiteContext } from './chartDataSuite.js';

type Row = Record<string, unknown>;

const METRIC = 'SUM(num)';
const SUM_NUM = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: METRIC };
const X_AXIS = { sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1M' };
const PROPHET = { time_grain: 'P1M', periods: 6, confidence_interval: 0.8, index: 'ds' };

/** The monthly timeseries query a line chart sends, forecasting with `options`. */
const forecastQuery = (options: Row) => ({
  columns: [X_AXIS],
  metrics: [SUM_NUM],
  orderby: [[X_AXIS, true]],
  post_processing: [
    { operation: 'pivot', options: { index: ['ds'], columns: [], aggregates: { [METRIC]: { operator: 'mean' } } } },
    { operation: 'flatten' },
    { operation: 'prophet', options },
  ],
});

const epochOf = (value: unknown) => (typeof value === 'number' ? value : Date.parse(`${String(value).replace(' ', 'T').slice(0, 19)}Z`));

describe('chart data forecasting (prophet post-processing) on DuckDB', () => {
  const ctx = {} as SuiteContext;

  beforeAll(async () => {
    ctx.app = await startTestApp();
    const dbId = await createDuckdbWarehouse(ctx.app, DuckDBInstance, 'forecast');
    ctx.datasetId = await createDataset(ctx.app, dbId, 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());

  it('answers the observations with yhat columns and a row per future month', async () => {
    const res = await chartData(ctx, [forecastQuery(PROPHET)]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.colnames).toEqual(['ds', `${METRIC}__yhat`, `${METRIC}__yhat_lower`, `${METRIC}__yhat_upper`, METRIC]);
    const data = result.data as Row[];
    expect(data).toHaveLength(48 + 6);

    // The observations are the monthly sums of the births rows, in time order.
    const monthly = new Map<number, number>();
    for (const r of BIRTHS) {
      const d = new Date(r.ms);
      const month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      monthly.set(month, (monthly.get(month) ?? 0) + r.num);
    }
    const months = [...monthly.keys()].sort((a, b) => a - b);
    data.slice(0, 48).forEach((row, i) => {
      expect(epochOf(row.ds)).toBe(months[i]);
      expect(Number(row[METRIC])).toBe(monthly.get(months[i]!));
    });

    // Then six calendar months after December 2023, unobserved but forecast.
    const future = data.slice(48);
    expect(future.map((row) => epochOf(row.ds))).toEqual(Array.from({ length: 6 }, (_, i) => Date.UTC(2024, i, 1)));
    const values = [...monthly.values()];
    const [lowest, highest] = [Math.min(...values), Math.max(...values)];
    for (const row of data) {
      const [yhat, lower, upper] = [row[`${METRIC}__yhat`], row[`${METRIC}__yhat_lower`], row[`${METRIC}__yhat_upper`]] as number[];
      expect(typeof yhat).toBe('number');
      expect(lower).toBeLessThan(yhat!);
      expect(upper).toBeGreaterThan(yhat!);
    }
    for (const row of future) {
      expect(row[METRIC]).toBeNull();
      // The births are the same pattern every year: the forecast stays within the range seen.
      expect(row[`${METRIC}__yhat`] as number).toBeGreaterThan(lowest - (highest - lowest));
      expect(row[`${METRIC}__yhat`] as number).toBeLessThan(highest + (highest - lowest));
    }
  });

  it('answers a bad forecast option with 400 in the error catalogue shape', async () => {
    const cases: [Row, string][] = [
      [{ ...PROPHET, periods: -1 }, 'Periods must be a whole number'],
      [{ ...PROPHET, time_grain: null }, 'Time grain missing'],
      [{ ...PROPHET, time_grain: 'fortnightly' }, 'Unsupported time grain: fortnightly'],
      [{ ...PROPHET, confidence_interval: 1.5 }, 'Confidence interval must be between 0 and 1 (exclusive)'],
    ];
    for (const [options, message] of cases) {
      const res = await chartData(ctx, [forecastQuery(options)]);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual([expect.objectContaining({ message, error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error' })]);
    }
  });
});
