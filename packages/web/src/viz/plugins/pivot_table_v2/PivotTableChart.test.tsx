import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
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

describe('a pivot with thousands of row keys', () => {
  const formData: FormData = { datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: [], metrics: [sumNum], valueFormat: ',d', colTotals: true };
  const records = Array.from({ length: 20_000 }, (_, i) => ({ state: `s${String(i % 5000).padStart(4, '0')}`, 'SUM(num)': 1 }));
  const drawnRows = () => Array.from(screen.getByTestId('pivot-table').querySelectorAll('tbody tr[data-row]'));

  it('draws only the rows in view, the totals row once scrolled to the end', () => {
    render(<PivotTableChart props={transformProps(chartProps(formData, [chartResult(records)]))} width={600} height={400} />);
    const first = drawnRows();
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(200);
    expect(first[0]!.textContent).toBe('s00004');
    const box = screen.getByTestId('pivot-table');
    box.scrollTop = 27 * 5000;
    fireEvent.scroll(box);
    const last = drawnRows().at(-1)!;
    expect(last.textContent).toBe('Total (Sum)20,000');
  });
});

describe('pivot table row keys', () => {
  it('shows an outer key once for its group, as Superset merges it', () => {
    const formData: FormData = { datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state', 'gender'], groupbyColumns: [], metrics: [sumNum], valueFormat: ',d', rowSubTotals: true };
    const result = chartResult([
      { state: 'CA', gender: 'boy', 'SUM(num)': 1 },
      { state: 'CA', gender: 'girl', 'SUM(num)': 2 },
      { state: 'NY', gender: 'boy', 'SUM(num)': 3 },
    ]);
    render(<PivotTableChart props={transformProps(chartProps(formData, [result]))} width={600} height={400} />);
    const keys = Array.from(screen.getByTestId('pivot-table').querySelectorAll('tbody tr[data-row]')).map((tr) => Array.from(tr.querySelectorAll('th')).map((th) => th.textContent));
    expect(keys).toEqual([
      ['CA', 'boy'],
      ['', 'girl'],
      ['CA', 'Subtotal'],
      ['NY', 'boy'],
      ['NY', 'Subtotal'],
    ]);
  });
});

describe('pivot headers', () => {
  it('heads each metric over its keys and its total, with the level names in the corner', () => {
    const count = { ...sumNum, aggregate: 'COUNT' as const, label: 'COUNT(num)' };
    const formData: FormData = { datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: [sumNum, count], rowTotals: true };
    const result = chartResult([
      { state: 'CA', gender: 'boy', 'SUM(num)': 5, 'COUNT(num)': 1 },
      { state: 'CA', gender: 'girl', 'SUM(num)': 7, 'COUNT(num)': 2 },
    ]);
    render(<PivotTableChart props={transformProps(chartProps(formData, [result]))} width={600} height={400} />);
    const headerRows = Array.from(screen.getByTestId('pivot-table').querySelectorAll('thead tr'));
    const cells = (row: Element) => Array.from(row.querySelectorAll('th')).map((th) => `${th.textContent}${th.colSpan > 1 ? `*${th.colSpan}` : ''}`);
    expect(headerRows.map(cells)).toEqual([
      ['Metric', 'SUM(num)*3', 'COUNT(num)*3'],
      ['gender', 'boy', 'girl', 'Total (Sum)', 'boy', 'girl', 'Total (Sum)'],
      ['state', '*6'],
    ]);
  });
});
