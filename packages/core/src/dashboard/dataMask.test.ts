import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildQueryObject } from '../chartQuery/buildQueryObject.js';
import type { AdhocFilter, FormData, QueryFilter } from '../contracts/chartData.js';
import { applyExtraFormData, mergeExtraFormData, type ExtraFormData } from './dataMask.js';

const columns = fc.constantFrom('gender', 'name', 'state', 'num');
const filter = fc.oneof(
  fc.record({ col: columns, op: fc.constantFrom('IN', 'NOT IN'), val: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }) }),
  fc.record({ col: columns, op: fc.constantFrom('>=', '<=', '=='), val: fc.integer() }),
);
const simpleAdhoc = fc.record({
  expressionType: fc.constant('SIMPLE' as const),
  clause: fc.constant('WHERE' as const),
  subject: columns,
  operator: fc.constantFrom('IN', '=='),
  comparator: fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 2 }),
});
const sqlAdhoc = fc.record({ expressionType: fc.constant('SQL' as const), clause: fc.constantFrom('WHERE' as const, 'HAVING' as const), sqlExpression: fc.constantFrom('num > 1', 'name <> \'x\'', '1 = 0') });
const adhoc = fc.oneof(simpleAdhoc, sqlAdhoc);
const timeRange = fc.constantFrom('Last week', 'Last year', '2000-01-01 : 2001-01-01', 'No filter');

/** Masks as the filter types and cross-filters emit them (facts §4.1, §4.2). */
const masks: fc.Arbitrary<ExtraFormData> = fc.record(
  {
    filters: fc.array(filter, { maxLength: 3 }),
    adhoc_filters: fc.array(adhoc, { maxLength: 2 }),
    interactive_groupby: fc.array(columns, { maxLength: 2 }),
    custom_form_data: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.integer()),
    time_range: timeRange,
    granularity_sqla: fc.constantFrom('ds', 'ds2'),
    time_grain_sqla: fc.constantFrom('P1D', 'P1M', 'P1Y'),
    time_compare: fc.array(fc.constantFrom('1 year ago', '1 week ago'), { maxLength: 1 }),
    relative_start: fc.constantFrom('today', 'now'),
  },
  { requiredKeys: [] },
);

const OVERRIDE_KEYS = ['time_range', 'granularity_sqla', 'time_grain_sqla', 'time_compare', 'relative_start'] as const;

const formData: fc.Arbitrary<FormData> = fc.record({
  datasource: fc.constant('1__table'),
  viz_type: fc.constant('table'),
  metrics: fc.constant(['count']),
  adhoc_filters: fc.array(
    fc.oneof(adhoc, fc.record({ expressionType: fc.constant('SIMPLE' as const), clause: fc.constant('WHERE' as const), subject: fc.constant('ds'), operator: fc.constant('TEMPORAL_RANGE'), comparator: timeRange })),
    { maxLength: 3 },
  ),
  time_range: timeRange,
  granularity_sqla: fc.constantFrom('ds', 'ds2'),
}) as fc.Arbitrary<FormData>;

describe('mergeExtraFormData', () => {
  it('appends filters, merges custom_form_data and lets the later part override', () => {
    const merged = mergeExtraFormData(
      { filters: [{ col: 'a', op: 'IN', val: [1] }], time_range: 'Last week', custom_form_data: { x: 1 } },
      undefined,
      { filters: [{ col: 'b', op: 'IN', val: [2] }], time_range: 'Last year', custom_form_data: { y: 2 } },
    );
    expect(merged).toEqual({
      filters: [{ col: 'a', op: 'IN', val: [1] }, { col: 'b', op: 'IN', val: [2] }],
      time_range: 'Last year',
      custom_form_data: { x: 1, y: 2 },
    });
  });

  it('property: override keys take the last value given, append keys keep every entry in order', () => {
    fc.assert(
      fc.property(fc.array(masks, { maxLength: 4 }), (parts) => {
        const merged = mergeExtraFormData(...parts);
        for (const key of OVERRIDE_KEYS) {
          const last = parts.filter((p) => p[key] !== undefined).at(-1);
          expect(merged[key]).toEqual(last?.[key]);
        }
        for (const key of ['filters', 'adhoc_filters', 'interactive_groupby'] as const) {
          const all = parts.flatMap((p) => (p[key] as unknown[] | undefined) ?? []);
          if (all.length > 0 || parts.some((p) => p[key] !== undefined)) expect(merged[key]).toEqual(all);
          else expect(merged[key]).toBeUndefined();
        }
        const custom = parts.filter((p) => p.custom_form_data).reduce<Record<string, unknown>>((acc, p) => ({ ...acc, ...p.custom_form_data }), {});
        if (parts.some((p) => p.custom_form_data)) expect(merged.custom_form_data).toEqual(custom);
      }),
    );
  });

  it('property: associative, an empty mask changes nothing, and idempotent on override-only masks', () => {
    fc.assert(
      fc.property(masks, masks, masks, (a, b, c) => {
        expect(mergeExtraFormData(mergeExtraFormData(a, b), c)).toEqual(mergeExtraFormData(a, mergeExtraFormData(b, c)));
        expect(mergeExtraFormData(a, {})).toEqual(mergeExtraFormData(a));
        expect(mergeExtraFormData({}, a)).toEqual(mergeExtraFormData(a));
        const overridesOnly = Object.fromEntries(OVERRIDE_KEYS.filter((k) => a[k] !== undefined).map((k) => [k, a[k]]));
        expect(mergeExtraFormData(overridesOnly, overridesOnly)).toEqual(mergeExtraFormData(overridesOnly));
      }),
    );
  });
});

/** Filters of a query, order-free and without the isExtra mark (buildQueryObject's path does not set it). */
function filterSet(filters: QueryFilter[] | undefined): string[] {
  return (filters ?? []).map(({ isExtra: _isExtra, ...f }) => JSON.stringify(f)).sort();
}

describe('applyExtraFormData', () => {
  it('appends the mask filters marked isExtra and overrides the time fields', () => {
    const own: AdhocFilter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' };
    const applied = applyExtraFormData(
      { datasource: '1__table', viz_type: 'table', adhoc_filters: [own], time_range: 'No filter' },
      { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }], time_range: 'Last year', time_grain_sqla: 'P1M' },
    );
    expect(applied.adhoc_filters).toEqual([
      { ...own, comparator: 'Last year' },
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: 'IN', comparator: ['boy'], isExtra: true },
    ]);
    expect(applied).toMatchObject({ time_range: 'Last year', time_grain_sqla: 'P1M' });
  });

  it('property: applying a mask twice gives the form data of applying it once', () => {
    fc.assert(
      fc.property(formData, masks, (fd, mask) => {
        const once = applyExtraFormData(fd, mask);
        expect(applyExtraFormData(once, mask)).toEqual(once);
      }),
    );
  });

  it('property: a new mask replaces the filters an earlier one added', () => {
    const filterMasks = fc.record({ filters: fc.array(filter, { maxLength: 3 }), adhoc_filters: fc.array(adhoc, { maxLength: 2 }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(formData, filterMasks, filterMasks, (fd, first, second) => {
        expect(applyExtraFormData(applyExtraFormData(fd, first), second)).toEqual(applyExtraFormData(fd, second));
      }),
    );
  });

  it('property: a mask with no keys changes nothing', () => {
    fc.assert(
      fc.property(formData, (fd) => {
        expect(applyExtraFormData(fd, {})).toEqual(fd);
        expect(applyExtraFormData(fd, undefined)).toEqual(fd);
      }),
    );
  });

  it('property: agrees with the query buildQueryObject builds from extra_form_data', () => {
    fc.assert(
      fc.property(formData, masks, (fd, mask) => {
        const viaQuery = buildQueryObject({ ...fd, extra_form_data: mask });
        const viaFormData = buildQueryObject(applyExtraFormData(fd, mask));
        expect(filterSet(viaFormData.filters)).toEqual(filterSet(viaQuery.filters));
        expect(viaFormData.time_range).toBe(viaQuery.time_range);
        expect(viaFormData.granularity).toBe(viaQuery.granularity);
        expect(viaFormData.extras?.time_grain_sqla).toBe(viaQuery.extras?.time_grain_sqla);
        // custom_form_data: buildQueryObject reads it from extra_form_data only (as Superset's), so it is not compared.
      }),
      { numRuns: 200 },
    );
  });
});
