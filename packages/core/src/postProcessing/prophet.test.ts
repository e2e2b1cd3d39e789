import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';
import { normalIntervalZ } from './normalIntervalZ.js';
import type { ProphetOptions } from './options.js';
import { ridgeRegression } from './ridgeRegression.js';
import { addTimeGrainSteps, parseTimeGrainStep } from './timeGrainStep.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const forecast = (rows: Record<string, unknown>[], options: ProphetOptions, colnames?: string[]) =>
  applyPostProcessing(rows, [{ operation: 'prophet', options: { time_grain: 'P1D', periods: 5, confidence_interval: 0.8, index: 'ds', ...options } }], colnames);
const num = (v: unknown) => v as number;

/** A reproducible uniform noise in [-0.5, 0.5). */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
}

describe('prophet', () => {
  it('forecasts a linear series on its line, one time grain apart after the last timestamp', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ ds: START + i * DAY, y: 3 + 2 * i }));
    const out = forecast(rows, { periods: 5 });
    expect(out.colnames).toEqual(['ds', 'y__yhat', 'y__yhat_lower', 'y__yhat_upper', 'y']);
    expect(out.data).toHaveLength(35);
    out.data.forEach((row, i) => {
      expect(row.ds).toBe(START + i * DAY);
      expect(num(row.y__yhat)).toBeCloseTo(3 + 2 * i, 4);
      expect(row.y).toBe(i < 30 ? 3 + 2 * i : null);
    });
  });

  it('keeps the weekly pattern of a daily series in the forecast', () => {
    const pattern = [3, -1, 0, 2, -2, 1, -3];
    const truth = (ms: number) => 10 + (0.1 * (ms - START)) / DAY + pattern[new Date(ms).getUTCDay()]!;
    const rows = Array.from({ length: 56 }, (_, i) => ({ ds: START + i * DAY, y: truth(START + i * DAY) }));
    const future = forecast(rows, { periods: 14 }).data.slice(56);
    expect(future).toHaveLength(14);
    for (const row of future) expect(num(row.y__yhat)).toBeCloseTo(truth(num(row.ds)), 2);
    // Without the weekly terms the same data can only be drawn as a trend: the pattern is lost.
    const flat = forecast(rows, { periods: 14, weekly_seasonality: 'no' }).data.slice(56);
    expect(Math.max(...flat.map((row) => Math.abs(num(row.y__yhat) - truth(num(row.ds)))))).toBeGreaterThan(1);
  });

  it('fits a yearly pattern in monthly data once two years are seen', () => {
    const truth = (i: number) => 100 + 2 * i + 20 * Math.sin((2 * Math.PI * i) / 12);
    const rows = Array.from({ length: 48 }, (_, i) => ({ ds: new Date(Date.UTC(2020, i, 1)).toISOString().slice(0, 10), v: truth(i) }));
    const out = forecast(rows, { time_grain: 'P1M', periods: 12 });
    expect(out.data.slice(48).map((row) => row.ds)).toEqual(Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}-01`));
    out.data.slice(48).forEach((row, i) => expect(Math.abs(num(row.v__yhat) - truth(48 + i))).toBeLessThan(0.5));
  });

  it('gives intervals that contain yhat and never narrow past the data', () => {
    const rnd = noise(42);
    const rows = Array.from({ length: 90 }, (_, i) => ({ ds: START + i * DAY, y: 50 + 0.3 * i + 8 * rnd() }));
    const out = forecast(rows, { periods: 30, confidence_interval: 0.9 });
    const widths = out.data.map((row) => {
      expect(num(row.y__yhat_lower)).toBeLessThan(num(row.y__yhat));
      expect(num(row.y__yhat_upper)).toBeGreaterThan(num(row.y__yhat));
      return num(row.y__yhat_upper) - num(row.y__yhat_lower);
    });
    const future = widths.slice(90);
    future.slice(1).forEach((w, i) => expect(w).toBeGreaterThanOrEqual(future[i]!));
    expect(future[future.length - 1]!).toBeGreaterThan(widths[45]!);
    // About 90% of the observations fall inside their interval.
    const inside = out.data.slice(0, 90).filter((row) => num(row.y) >= num(row.y__yhat_lower) && num(row.y) <= num(row.y__yhat_upper)).length;
    expect(inside / 90).toBeGreaterThan(0.8);
    // A wider confidence interval gives a wider band.
    const narrow = forecast(rows, { periods: 30, confidence_interval: 0.5 }).data;
    expect(num(narrow[100]!.y__yhat_upper) - num(narrow[100]!.y__yhat_lower)).toBeLessThan(widths[100]!);
  });

  it('skips missing values: they get a prediction and stay missing', () => {
    const rnd = noise(7);
    const full = Array.from({ length: 40 }, (_, i) => ({ ds: START + i * DAY, y: 5 + i + 3 * rnd() }));
    const gappy = full.map((row, i) => (i % 4 === 1 ? { ...row, y: null } : row));
    const withNulls = forecast(gappy, { periods: 3, weekly_seasonality: false }).data;
    const without = forecast(full.filter((_, i) => i % 4 !== 1), { periods: 3, weekly_seasonality: false }).data;
    expect(withNulls).toHaveLength(43);
    expect(withNulls[1]!.y).toBeNull();
    expect(typeof withNulls[1]!.y__yhat).toBe('number');
    const byTime = new Map(without.map((row) => [row.ds, row]));
    for (const row of withNulls) {
      const other = byTime.get(row.ds);
      if (other) expect(num(row.y__yhat)).toBeCloseTo(num(other.y__yhat), 8);
    }
  });

  it('sorts rows by time, keeps text columns and writes new timestamps in the input form', () => {
    const rows = [
      { ds: '2024-01-03 00:00:00', y: 3, note: 'c' },
      { ds: '2024-01-01 00:00:00', y: 1, note: 'a' },
      { ds: '2024-01-02 00:00:00', y: 2, note: 'b' },
    ];
    const out = forecast(rows, { periods: 2 });
    expect(out.data.map((row) => row.ds)).toEqual(['2024-01-01 00:00:00', '2024-01-02 00:00:00', '2024-01-03 00:00:00', '2024-01-04 00:00:00', '2024-01-05 00:00:00']);
    expect(out.data.map((row) => row.note)).toEqual(['a', 'b', 'c', null, null]);
    expect(num(out.data[4]!.y__yhat)).toBeCloseTo(5, 6);
  });

  it('forecasts every series of a pivoted, flattened result', () => {
    const rows = Array.from({ length: 20 }, (_, i) => [
      { ds: START + i * DAY, g: 'a', v: i },
      { ds: START + i * DAY, g: 'b', v: 100 - 2 * i },
    ]).flat();
    const out = applyPostProcessing(rows, [
      { operation: 'pivot', options: { index: ['ds'], columns: ['g'], aggregates: { v: { operator: 'sum' } } } },
      { operation: 'flatten' },
      { operation: 'prophet', options: { time_grain: 'P1D', periods: 2, confidence_interval: 0.8, index: 'ds' } },
    ]);
    expect(out.colnames).toEqual(['ds', 'v, a__yhat', 'v, a__yhat_lower', 'v, a__yhat_upper', 'v, a', 'v, b__yhat', 'v, b__yhat_lower', 'v, b__yhat_upper', 'v, b']);
    expect(num(out.data[21]!['v, a__yhat'])).toBeCloseTo(21, 4);
    expect(num(out.data[21]!['v, b__yhat'])).toBeCloseTo(58, 4);
  });

  it('leaves a series with fewer than two values unforecast instead of failing the chart', () => {
    const out = forecast([{ ds: START, y: 1, z: null }, { ds: START + DAY, y: 2, z: 4 }], { periods: 1 });
    expect(out.data.map((row) => row.z__yhat)).toEqual([null, null, null]);
    expect(num(out.data[2]!.y__yhat)).toBeCloseTo(3, 6);
  });

  it('rejects bad options with Superset messages', () => {
    const rows = [{ ds: START, y: 1 }, { ds: START + DAY, y: 2 }];
    expect(() => forecast(rows, { time_grain: null })).toThrow('Time grain missing');
    expect(() => forecast(rows, { time_grain: 'P1Q' })).toThrow('Unsupported time grain: P1Q');
    expect(() => forecast(rows, { time_grain: 'P0.5M' })).toThrow('Unsupported time grain: P0.5M');
    expect(() => forecast(rows, { periods: 1.5 })).toThrow('Periods must be a whole number');
    expect(() => forecast(rows, { periods: -1 })).toThrow('Periods must be a whole number');
    expect(() => forecast(rows, { periods: 10_000_000 })).toThrow('Periods cannot exceed 10000');
    expect(() => forecast(rows, { confidence_interval: 1 })).toThrow('Confidence interval must be between 0 and 1 (exclusive)');
    expect(() => forecast(rows, { confidence_interval: 0 })).toThrow('Confidence interval must be between 0 and 1 (exclusive)');
    expect(() => forecast(rows, { index: 'nope' })).toThrow('DataFrame must include temporal column');
    expect(() => forecast([{ ds: 'soon', y: 1 }], {})).toThrow('DataFrame must include temporal column');
    expect(() => forecast([{ ds: START }], {})).toThrow('DataFrame include at least one series');
    expect(() => forecast(rows, { weekly_seasonality: 'sometimes' })).toThrow('Weekly seasonality must be true, false, null or a whole number up to 30');
  });
});

describe('time grain steps', () => {
  const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);
  const steps = (grain: string, anchor: number, count: number) => Array.from({ length: count }, (_, k) => new Date(addTimeGrainSteps(anchor, parseTimeGrainStep(grain), k + 1)).toISOString().slice(0, 13));

  it('steps calendar months from the anchor, clamping days the month lacks', () => {
    expect(steps('P1M', at(2024, 1, 31), 3)).toEqual(['2024-02-29T00', '2024-03-31T00', '2024-04-30T00']);
    expect(steps('P1M', at(2023, 1, 30, 6), 3)).toEqual(['2023-02-28T06', '2023-03-30T06', '2023-04-30T06']);
    expect(steps('P1M', at(2024, 4, 30), 2)).toEqual(['2024-05-31T00', '2024-06-30T00']);
    expect(steps('P1M', at(2024, 11, 1), 3)).toEqual(['2024-12-01T00', '2025-01-01T00', '2025-02-01T00']);
    expect(steps('P3M', at(2024, 10, 1), 2)).toEqual(['2025-01-01T00', '2025-04-01T00']);
    expect(steps('P0.25Y', at(2024, 1, 1), 1)).toEqual(['2024-04-01T00']);
    expect(steps('P1Y', at(2024, 2, 29), 2)).toEqual(['2025-02-28T00', '2026-02-28T00']);
  });
  it('steps fixed durations, including anchored weeks', () => {
    expect(steps('PT1H', at(2024, 1, 1, 23), 2)).toEqual(['2024-01-02T00', '2024-01-02T01']);
    expect(steps('PT0.5H', at(2024, 1, 1), 2).length).toBe(2);
    expect(addTimeGrainSteps(0, parseTimeGrainStep('PT15M'), 2)).toBe(30 * 60_000);
    expect(steps('P1W', at(2024, 1, 1), 1)).toEqual(['2024-01-08T00']);
    expect(steps('1969-12-28T00:00:00Z/P1W', at(2023, 12, 31), 1)).toEqual(['2024-01-07T00']);
    expect(steps('P1W/1970-01-03T00:00:00Z', at(2024, 1, 6), 1)).toEqual(['2024-01-13T00']);
  });
  it('rejects what is not a duration', () => {
    for (const grain of ['', 'P', 'PT', 'day', 'P0D', '1D']) expect(() => parseTimeGrainStep(grain)).toThrow('Unsupported time grain');
  });
});

describe('forecast helpers', () => {
  it('normalIntervalZ gives the two-sided normal quantile', () => {
    expect(normalIntervalZ(0.8)).toBeCloseTo(1.28155, 4);
    expect(normalIntervalZ(0.95)).toBeCloseTo(1.95996, 4);
    expect(normalIntervalZ(0.99)).toBeCloseTo(2.57583, 4);
  });
  it('ridgeRegression solves least squares and shrinks only penalised coefficients', () => {
    const design = [[1, 0], [1, 1], [1, 2], [1, 3]];
    const exact = ridgeRegression(design, [1, 3, 5, 7], [0, 0]);
    expect(exact.coefficients[0]).toBeCloseTo(1, 8);
    expect(exact.coefficients[1]).toBeCloseTo(2, 8);
    // Leverages of a full-rank fit sum to its number of columns.
    expect(design.reduce((acc, row) => acc + exact.leverage(row), 0)).toBeCloseTo(2, 8);
    const shrunk = ridgeRegression(design, [1, 3, 5, 7], [0, 100]);
    expect(shrunk.coefficients[1]!).toBeLessThan(0.5);
    // Collinear columns still solve.
    const twin = ridgeRegression([[1, 1], [2, 2]], [1, 2], [1e-3, 1e-3]);
    expect(twin.coefficients[0]! + twin.coefficients[1]!).toBeCloseTo(1, 3);
  });
});
