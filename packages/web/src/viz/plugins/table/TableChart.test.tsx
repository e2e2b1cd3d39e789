import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { FormData } from '@tessera/core';
import { TableChart } from './TableChart';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const rows = Array.from({ length: 25 }, (_, i) => ({ name: `name${String(i).padStart(2, '0')}`, 'SUM(num)': (i + 1) * 100 }));
const formData: FormData = { datasource: '1__table', viz_type: 'table', groupby: ['name'], metrics: [sumNum], y_axis_format: ',d', page_length: 10, include_search: true };

const bodyRows = () => within(screen.getByTestId('table-chart').querySelector('tbody')!).getAllByRole('row');

describe('TableChart', () => {
  it('pages client-side, searches and sorts by header click', () => {
    const onRendered = vi.fn();
    render(<TableChart props={transformProps(chartProps(formData, [chartResult(rows)]))} width={600} height={400} onRendered={onRendered} />);
    expect(onRendered).toHaveBeenCalled();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByText('›'));
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(bodyRows()[0]!.textContent).toContain('name10');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'name2' } });
    expect(bodyRows().map((r) => r.textContent)).toEqual(['name202,100', 'name212,200', 'name222,300', 'name232,400', 'name242,500']);

    fireEvent.click(screen.getByText('SUM(num)'));
    fireEvent.click(screen.getByText('SUM(num) ▲'));
    expect(bodyRows()[0]!.textContent).toBe('name242,500');
  });

  it('asks for the next server page through own state and shows the totals row', () => {
    const setOwnState = vi.fn();
    const props = transformProps(
      chartProps({ ...formData, server_pagination: true, server_page_length: 10, show_totals: true }, [chartResult(rows.slice(0, 10)), chartResult([{ rowcount: 25 }]), chartResult([{ 'SUM(num)': 32500 }])]),
    );
    render(<TableChart props={props} width={600} height={400} setOwnState={setOwnState} ownState={{ currentPage: 0 }} />);
    expect(screen.getByText('25 records')).toBeTruthy();
    expect(screen.getByText('Summary')).toBeTruthy();
    expect(screen.getByText('32,500')).toBeTruthy();
    fireEvent.click(screen.getByText('›'));
    expect(setOwnState).toHaveBeenCalledWith({ currentPage: 1, pageSize: 10 });
  });

  it('renders allowed HTML but never scripts or javascript: links', () => {
    const html = chartResult([{ name: '<a href="javascript:alert(1)">x</a><b>bold</b><script>alert(1)</script>', 'SUM(num)': 1 }]);
    const { container } = render(<TableChart props={transformProps(chartProps(formData, [html]))} width={600} height={400} />);
    expect(container.querySelector('b')!.textContent).toBe('bold');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')!.getAttribute('href')).toBeNull();
  });
});
