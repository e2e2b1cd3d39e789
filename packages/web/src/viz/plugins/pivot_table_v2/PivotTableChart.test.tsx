import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { FormData } from '@tessera/core';
import { PivotTableChart } from './PivotTableChart';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

describe('pivot table conditional formatting', () => {
  it('shades cells by their place among the metric values (Superset opacity), not one solid colour', () => {
    const rules = [{ column: 'SUM(num)', operator: '>', targetValue: 100, colorScheme: '#ff0000' }];
    const formData: FormData = { datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: [], metrics: [sumNum], valueFormat: ',d', conditional_formatting: rules };
    const result = chartResult([
      { state: 'A', 'SUM(num)': 100 },
      { state: 'B', 'SUM(num)': 300 },
      { state: 'C', 'SUM(num)': 500 },
    ]);
    render(<PivotTableChart props={transformProps(chartProps(formData, [result]))} width={600} height={400} />);
    const bg = (text: string) => (screen.getByText(text).closest('td') as HTMLElement).style.background;
    expect(bg('100')).toBe('');
    expect(bg('300')).toBe('rgba(255, 0, 0, 0.53)');
    expect(bg('500')).toBe('rgb(255, 0, 0)');
  });
});
