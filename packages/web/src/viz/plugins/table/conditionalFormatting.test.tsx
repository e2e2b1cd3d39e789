import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { FormData } from '@tessera/core';
import { conditionalFormattingColumns } from '../../shared/conditionalFormatting';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';
import { TableChart } from './TableChart';
import { transformProps } from './transformProps';

const count = { expressionType: 'SIMPLE' as const, column: { column_name: 'id' }, aggregate: 'COUNT' as const };
const formData: FormData = { datasource: '1__table', viz_type: 'table', groupby: ['name'], metrics: [sumNum], percent_metrics: [sumNum, count] };
// The server's answer: each percentage metric's share of the fetched rows as a fraction (contribution post-processing).
const answer = chartResult([
  { name: 'Ann', 'SUM(num)': 600, 'COUNT(id)': 1, '%SUM(num)': 0.6, '%COUNT(id)': 0.5 },
  { name: 'Bob', 'SUM(num)': 400, 'COUNT(id)': 1, '%SUM(num)': 0.4, '%COUNT(id)': 0.5 },
]);
const RED = 'rgb(255, 0, 0)';

const backgroundOf = (text: string) => (screen.getByText(text).closest('td') as HTMLElement).style.background;

describe('conditional formatting on percentage metrics', () => {
  it('offers the percentage metric columns next to the metrics', () => {
    expect(conditionalFormattingColumns(formData)).toEqual(['SUM(num)', '%SUM(num)', '%COUNT(id)']);
    expect(conditionalFormattingColumns({ datasource: '1__table', viz_type: 'big_number_total', metric: 'count' })).toEqual(['count']);
  });

  it('colours percentage cells by their fraction, and only the column the rule names', () => {
    const rules = [{ column: '%SUM(num)', operator: '>', targetValue: 0.5, colorScheme: '#ff0000' }];
    render(<TableChart props={transformProps(chartProps({ ...formData, conditional_formatting: rules }, [answer]))} width={600} height={400} />);
    expect(backgroundOf('60.000%')).toBe(RED);
    expect(backgroundOf('40.000%')).toBe('');
    expect(backgroundOf('600')).toBe('');
    expect(screen.getAllByText('50.000%').map((cell) => (cell.closest('td') as HTMLElement).style.background)).toEqual(['', '']);
  });
});

describe('conditional formatting shades cells by their place in the column', () => {
  it('grades the background opacity from the rule cut-off to the column maximum (not one solid colour)', () => {
    const rows = chartResult([
      { name: 'A', 'SUM(num)': 100 },
      { name: 'B', 'SUM(num)': 300 },
      { name: 'C', 'SUM(num)': 500 },
    ]);
    const rules = [{ column: 'SUM(num)', operator: '>', targetValue: 100, colorScheme: '#ff0000' }];
    const fd: FormData = { datasource: '1__table', viz_type: 'table', groupby: ['name'], metrics: [sumNum], conditional_formatting: rules };
    render(<TableChart props={transformProps(chartProps(fd, [rows]))} width={600} height={400} />);
    expect(backgroundOf('100')).toBe('');
    expect(backgroundOf('300')).toBe('rgba(255, 0, 0, 0.53)');
    expect(backgroundOf('500')).toBe(RED);
  });
});
