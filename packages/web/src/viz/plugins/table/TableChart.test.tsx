import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { FormData } from '@tessera/core';
import { SEARCH_DELAY_MS, TableChart } from './TableChart';
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

  describe('server pagination', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const paged = (extra: Partial<FormData> = {}, page = rows.slice(0, 10), count = 25) =>
      transformProps(chartProps({ ...formData, groupby: ['gender', 'name'], server_pagination: true, server_page_length: 10, ...extra }, [
        chartResult(page.map((r) => ({ gender: 'girl', ...r }))),
        chartResult([{ rowcount: count }]),
      ]));

    it('sends the search to the server once typing pauses, from the first page, in the chosen column', () => {
      vi.useFakeTimers();
      const setOwnState = vi.fn();
      const { rerender } = render(<TableChart props={paged()} width={600} height={400} setOwnState={setOwnState} ownState={{ currentPage: 2, pageSize: 10 }} />);
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'na' } });
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'name0' } });
      // The loaded page is not filtered in the browser: the server searches every record.
      expect(bodyRows()).toHaveLength(10);
      expect(setOwnState).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(setOwnState).toHaveBeenCalledTimes(1);
      expect(setOwnState).toHaveBeenLastCalledWith({ currentPage: 0, pageSize: 10, searchText: 'name0', searchColumn: 'gender' });

      // The text dimensions can be searched; picking another one searches again.
      const select = screen.getByLabelText('Column to look in') as HTMLSelectElement;
      expect(Array.from(select.options).map((o) => o.value)).toEqual(['gender', 'name']);
      rerender(<TableChart props={paged()} width={600} height={400} setOwnState={setOwnState} ownState={{ currentPage: 0, pageSize: 10, searchText: 'name0', searchColumn: 'gender' }} />);
      fireEvent.change(select, { target: { value: 'name' } });
      expect(setOwnState).toHaveBeenLastCalledWith({ currentPage: 0, pageSize: 10, searchText: 'name0', searchColumn: 'name' });
    });

    it('picking the column to look in before typing runs no query; the search then looks in it', () => {
      vi.useFakeTimers();
      const setOwnState = vi.fn();
      render(<TableChart props={paged()} width={600} height={400} setOwnState={setOwnState} ownState={{}} />);
      fireEvent.change(screen.getByLabelText('Column to look in'), { target: { value: 'name' } });
      expect(setOwnState).not.toHaveBeenCalled();
      expect((screen.getByLabelText('Column to look in') as HTMLSelectElement).value).toBe('name');
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'name1' } });
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(setOwnState).toHaveBeenCalledWith({ currentPage: 0, pageSize: 10, searchText: 'name1', searchColumn: 'name' });
    });

    it('sorts by a header through the query (ascending, descending, none), not the loaded page', () => {
      const setOwnState = vi.fn();
      const page = rows.slice(0, 10);
      const { rerender } = render(<TableChart props={paged({}, page)} width={600} height={400} setOwnState={setOwnState} ownState={{ currentPage: 1 }} />);
      fireEvent.click(screen.getByText('SUM(num)'));
      expect(setOwnState).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 10, sortBy: [{ key: 'SUM(num)', desc: false }] });
      // The rows stay in the server's order until it answers.
      expect(bodyRows()[0]!.textContent).toContain('name00');

      const sorted = { currentPage: 1, pageSize: 10, sortBy: [{ key: 'SUM(num)', desc: false }] };
      rerender(<TableChart props={paged({}, [...page].reverse())} width={600} height={400} setOwnState={setOwnState} ownState={sorted} />);
      expect(screen.getByText('SUM(num) ▲').getAttribute('aria-sort')).toBe('ascending');
      expect(bodyRows()[0]!.textContent).toContain('name09');
      fireEvent.click(screen.getByText('SUM(num) ▲'));
      expect(setOwnState).toHaveBeenLastCalledWith({ ...sorted, sortBy: [{ key: 'SUM(num)', desc: true }] });
      rerender(<TableChart props={paged()} width={600} height={400} setOwnState={setOwnState} ownState={{ ...sorted, sortBy: [{ key: 'SUM(num)', desc: true }] }} />);
      fireEvent.click(screen.getByText('SUM(num) ▼'));
      expect(setOwnState).toHaveBeenLastCalledWith({ ...sorted, sortBy: [] });
    });

    it('shows the server page it was asked for, of the pages the row count gives', () => {
      const setOwnState = vi.fn();
      render(<TableChart props={paged({}, rows.slice(20), 25)} width={600} height={400} setOwnState={setOwnState} ownState={{ currentPage: 2, pageSize: 10 }} />);
      expect(screen.getByText('3 / 3')).toBeTruthy();
      expect(bodyRows()).toHaveLength(5);
      fireEvent.click(screen.getByText('‹'));
      expect(setOwnState).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 10 });
    });

    it('a search without matches says so', () => {
      render(<TableChart props={paged({ show_totals: true }, [], 0)} width={600} height={400} setOwnState={vi.fn()} ownState={{ searchText: 'zzz', searchColumn: 'name' }} />);
      expect(screen.getByText('0 records')).toBeTruthy();
      expect(screen.getByText('No matching records found')).toBeTruthy();
      expect(screen.queryByText('Summary')).toBeNull();
      expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('zzz');
    });
  });

  it('says when there are no records or no matches, without a summary row of nothing', () => {
    const none = chartResult([], undefined, { colnames: ['name', 'SUM(num)'], coltypes: [1, 0] });
    const { unmount } = render(<TableChart props={transformProps(chartProps({ ...formData, show_totals: true }, [none, chartResult([{ 'SUM(num)': null }])]))} width={600} height={400} />);
    expect(screen.getByText('No records found')).toBeTruthy();
    expect(screen.getByText('0 records')).toBeTruthy();
    expect(screen.queryByText('Summary')).toBeNull();
    expect(screen.queryByText('N/A')).toBeNull();
    unmount();

    render(<TableChart props={transformProps(chartProps({ ...formData, show_totals: true }, [chartResult(rows.slice(0, 1)), chartResult([{ 'SUM(num)': 100 }])]))} width={600} height={400} />);
    expect(screen.getByText('1 record')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
    expect(screen.getByText('No matching records found')).toBeTruthy();
    expect(screen.getByText('0 records')).toBeTruthy();
  });

  it('sums a percent metric in the summary row (100%), never N/A', () => {
    const shares = chartResult([
      { name: 'Anna', count: 1, 'SUM(num)': 30, '%SUM(num)': 0.75 },
      { name: 'Bob', count: 1, 'SUM(num)': 10, '%SUM(num)': 0.25 },
    ]);
    const fd = { ...formData, include_search: false, metrics: ['count'], percent_metrics: [sumNum], show_totals: true };
    render(<TableChart props={transformProps(chartProps(fd, [shares, chartResult([{ count: 2, 'SUM(num)': 40 }])]))} width={600} height={400} />);
    const foot = screen.getByTestId('table-chart').querySelector('tfoot')!;
    expect(within(foot).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Summary', '2', '100.000%']);
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
      ['Anna', '150↑', '100', '50', '50.000%'],
      ['Bob', '50↓', '80', '\u221230', '\u221237.500%'],
    ]);
    const [, , , up] = within(bodyRows()[0]!).getAllByRole('cell');
    const [, , , down] = within(bodyRows()[1]!).getAllByRole('cell');
    expect(up!.style.color).toBe('rgb(30, 142, 62)');
    expect(down!.style.color).toBe('rgb(217, 48, 37)');
    expect(within(screen.getByTestId('table-chart').querySelector('tfoot')!).getByText('11.111%')).toBeTruthy();

    fireEvent.click(within(sub!).getByText('△'));
    expect(bodyRows()[0]!.textContent).toContain('Bob');
    expect(within(head).getByText('△ ▲')).toBeTruthy();
  });
});
