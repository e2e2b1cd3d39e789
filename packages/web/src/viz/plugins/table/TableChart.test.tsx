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

  it('groups each compared metric over its Main, #, △ and % columns, which sort, total and colour', () => {
    const compared = chartResult([
      { name: 'Anna', 'SUM(num)': 150, 'SUM(num)__1 year ago': 100 },
      { name: 'Bob', 'SUM(num)': 50, 'SUM(num)__1 year ago': 80 },
    ]);
    const totals = chartResult([{ 'SUM(num)': 200, 'SUM(num)__1 year ago': 180 }]);
    const fd = { ...formData, include_search: false, time_compare: '1 year ago', show_totals: true, comparison_color_enabled: true };
    render(<TableChart props={transformProps(chartProps(fd, [compared, totals]))} width={600} height={400} />);
    const head = screen.getByTestId('table-chart').querySelector('thead')!;
    const [top, sub] = within(head).getAllByRole('row');
    const topCells = within(top!).getAllByRole('columnheader');
    expect(topCells.map((th) => [th.textContent, th.getAttribute('rowspan'), th.getAttribute('colspan')])).toEqual([
      ['name', '2', null],
      ['SUM(num)', null, '4'],
    ]);
    expect(within(sub!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Main', '#', '△', '%']);
    expect(bodyRows().map((r) => within(r).getAllByRole('cell').map((td) => td.textContent))).toEqual([
      ['Anna', '150↑', '100', '50', '50.00%'],
      ['Bob', '50↓', '80', '\u221230', '\u221237.50%'],
    ]);
    const [, , , up] = within(bodyRows()[0]!).getAllByRole('cell');
    const [, , , down] = within(bodyRows()[1]!).getAllByRole('cell');
    expect(up!.style.color).toBe('rgb(30, 142, 62)');
    expect(down!.style.color).toBe('rgb(217, 48, 37)');
    expect(within(screen.getByTestId('table-chart').querySelector('tfoot')!).getByText('11.11%')).toBeTruthy();

    fireEvent.click(within(sub!).getByText('△'));
    expect(bodyRows()[0]!.textContent).toContain('Bob');
    expect(within(head).getByText('△ ▲')).toBeTruthy();
  });
});
