import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BigNumberTotalChart } from './BigNumberTotalChart';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

describe('BigNumberTotalChart', () => {
  it('shows the formatted number with its subheader, sized from the chart height', () => {
    const onRendered = vi.fn();
    const props = transformProps(chartProps({ viz_type: 'big_number_total', metric: sumNum, subheader: 'births', currency_format: { symbol: 'USD', symbolPosition: 'prefix' }, y_axis_format: ',.2f' }, [chartResult([{ 'SUM(num)': 1234.5 }])]));
    render(<BigNumberTotalChart props={props} width={300} height={200} onRendered={onRendered} />);
    const header = screen.getByTestId('big-number-header');
    expect(header.textContent).toBe('$1,234.50');
    expect(header.style.fontSize).toBe('80px');
    expect(screen.getByText('births')).toBeTruthy();
    expect(onRendered).toHaveBeenCalled();
  });
});
