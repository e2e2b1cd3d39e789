import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

const DAY = 86_400_000;
const longRows = fc.array(
  fc.record({ day: fc.integer({ min: 0, max: 20 }), g: fc.constantFrom('a', 'b', 'c'), v: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }) }),
  { maxLength: 60 },
);

describe('post-processing invariants', () => {
  it('pivot with sum then flatten keeps the grand total and gives one row per day with data', () => {
    fc.assert(
      fc.property(longRows, (rows) => {
        const data = rows.map((r) => ({ ds: r.day * DAY, g: r.g, v: r.v }));
        const out = applyPostProcessing(data, [
          { operation: 'pivot', options: { index: ['ds'], columns: ['g'], aggregates: { v: { operator: 'sum' } }, drop_missing_columns: false } },
          { operation: 'flatten' },
        ]);
        const total = out.data.reduce((acc, row) => acc + out.colnames.slice(1).reduce((s, c) => s + ((row[c] as number | null) ?? 0), 0), 0);
        expect(total).toBe(rows.reduce((acc, r) => acc + (r.v ?? 0), 0));
        expect(out.data.map((r) => r.ds)).toEqual([...new Set(data.map((r) => r.ds))].sort((a, b) => a - b));
      }),
    );
  });

  it('column contribution makes every column with a non-zero total sum to 1', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ a: fc.integer({ min: 0, max: 100 }), b: fc.integer({ min: 1, max: 100 }) }), { minLength: 1, maxLength: 30 }), (rows) => {
        const out = applyPostProcessing(rows, [{ operation: 'contribution', options: { orientation: 'column' } }]);
        const sumOf = (c: string) => out.data.reduce((acc, r) => acc + ((r[c] as number | null) ?? 0), 0);
        expect(sumOf('b')).toBeCloseTo(1, 9);
        if (rows.some((r) => r.a > 0)) expect(sumOf('a')).toBeCloseTo(1, 9);
      }),
    );
  });

  it('zero-filled daily resample covers every day between the first and last and keeps the total', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 15 }), (days) => {
        const data = days.map((d) => ({ ds: d * DAY, v: d + 1 }));
        const out = applyPostProcessing(data, [
          { operation: 'pivot', options: { index: ['ds'], aggregates: { v: { operator: 'sum' } } } },
          { operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } },
          { operation: 'flatten' },
        ]);
        expect(out.data).toHaveLength(Math.max(...days) - Math.min(...days) + 1);
        expect(out.data.reduce((acc, r) => acc + (r.v as number), 0)).toBe(days.reduce((acc, d) => acc + d + 1, 0));
      }),
    );
  });

  it('sort returns the same rows in order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ k: fc.option(fc.integer(), { nil: null }), id: fc.nat() })), fc.boolean(), (rows, ascending) => {
        const out = applyPostProcessing(rows, [{ operation: 'sort', options: { by: 'k', ascending } }]);
        const canonical = (list: unknown[]) => list.map((r) => JSON.stringify(r)).sort();
        expect(canonical(out.data)).toEqual(canonical(rows));
        const keys = out.data.map((r) => r.k as number | null);
        const present = keys.filter((k): k is number => k !== null);
        expect(keys.slice(0, present.length)).toEqual(present);
        expect(present).toEqual([...present].sort((a, b) => (ascending ? a - b : b - a)));
      }),
    );
  });
});
