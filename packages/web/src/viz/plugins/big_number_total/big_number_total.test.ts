import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '1__table', viz_type: 'big_number_total', metric: sumNum, subheader: 'births', y_axis_format: ',d' };

describe('big_number_total', () => {
  it('asks for the one metric without grouping', () => {
    const query = buildQuery(formData).queries[0]!;
    expect(query.metrics).toEqual([sumNum]);
    expect(query.columns).toEqual([]);
  });
  it('formats the value, keeps the subheader and colours it by the conditional rules', () => {
    const props = transformProps(
      chartProps({ ...formData, conditional_formatting: [{ operator: '>', targetValue: 1000, colorScheme: '#E04355' }] }, [chartResult([{ 'SUM(num)': 48133355 }])]),
    );
    expect(props.headerText).toBe('48,133,355');
    expect(props.subheaderText).toBe('births');
    expect(props.headerColor).toBe('#E04355');
    expect(props.headerFontSize).toBe(0.4);
  });
  it('says No data for an empty answer and formats as a date on request', () => {
    expect(transformProps(chartProps(formData, [chartResult([])])).headerText).toBe('No data');
    const asDate = transformProps(chartProps({ ...formData, force_timestamp_formatting: true, time_format: '%Y-%m-%d' }, [chartResult([{ 'SUM(num)': Date.UTC(2024, 4, 2) }])]));
    expect(asDate.headerText).toBe('2024-05-02');
  });
});

describe('big_number_total with a time-valued metric', () => {
  it('shows a temporal result (MAX(ds)) as a date, as Superset does without forcing the date format', () => {
    const latest = { expressionType: 'SQL' as const, sqlExpression: 'MAX(ds)', label: 'MAX(ds)' };
    const fd = { ...formData, metric: latest, y_axis_format: 'SMART_NUMBER', time_format: '%Y-%m-%d' };
    expect(transformProps(chartProps(fd, [chartResult([{ 'MAX(ds)': Date.UTC(2024, 4, 2) }], { 'MAX(ds)': 2 })])).headerText).toBe('2024-05-02');
    // Warehouses that send the time as text.
    expect(transformProps(chartProps(fd, [chartResult([{ 'MAX(ds)': '2024-05-02T00:00:00' }], { 'MAX(ds)': 2 })])).headerText).toBe('2024-05-02');
  });
});
