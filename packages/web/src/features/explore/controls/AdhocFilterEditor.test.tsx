import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExploreDatasource } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AdhocFilterControl } from './AdhocFilterControl';
import { AdhocFilterEditor } from './AdhocFilterEditor';
import { TimeRangeControl } from './TimeRangeControl';

const datasource: ExploreDatasource = {
  id: 7,
  type: 'table',
  uid: '7__table',
  name: 'flights',
  columns: [{ column_name: 'carrier', type: 'VARCHAR', type_generic: 1, is_dttm: false }],
  metrics: [],
};

const withDates: ExploreDatasource = {
  ...datasource,
  columns: [...datasource.columns, { column_name: 'ds', type: 'DATE', type_generic: 2, is_dttm: true }],
  main_dttm_col: 'ds',
};

/** The open antd dropdown (the last one rendered). */
const openDropdown = () => {
  const all = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
  const last = all[all.length - 1];
  if (!last) throw new Error('no open dropdown');
  return last;
};
const byTest = (id: string) => document.querySelector<HTMLElement>(`[data-test="${id}"]`);
const getByTest = (id: string) => {
  const found = byTest(id);
  if (!found) throw new Error(`no [data-test="${id}"]`);
  return found;
};
const findByTest = (id: string) => waitFor(() => getByTest(id));
const optionLabels = (dropdown: HTMLElement) => [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

describe('AdhocFilterEditor', { timeout: 30_000 }, () => {
  it('builds a simple IN filter, offering the column’s distinct values', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/v1/datasource/table/7/column/carrier/values/', { body: { result: ['AA', 'DL'] } });
    const onSave = vi.fn();
    renderWithProviders(
      <AdhocFilterEditor
        filter={{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'carrier', operator: 'IN', operatorId: 'IN', comparator: ['AA'] }}
        datasource={datasource}
        onSave={onSave}
        onCancel={() => undefined}
      />,
    );
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/datasource/table/7/column/carrier/values/')).toHaveLength(1));
    fireEvent.mouseDown(screen.getByLabelText('Filter values'));
    fireEvent.click(await screen.findByTitle('DL'));
    fireEvent.click(screen.getByText('Save'));
    expect(onSave).toHaveBeenCalledWith({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'carrier', operator: 'IN', operatorId: 'IN', comparator: ['AA', 'DL'] });
  });

  it('builds a custom SQL HAVING filter', () => {
    installFetchMock();
    const onSave = vi.fn();
    renderWithProviders(<AdhocFilterEditor filter={null} datasource={datasource} onSave={onSave} onCancel={() => undefined} />);
    fireEvent.click(screen.getByText('Custom SQL'));
    fireEvent.click(screen.getByText('HAVING'));
    fireEvent.change(screen.getByLabelText('Filter SQL'), { target: { value: 'SUM(distance) > 10' } });
    fireEvent.click(screen.getByText('Save'));
    expect(onSave).toHaveBeenCalledWith({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(distance) > 10' });
  });
});

describe('AdhocFilterEditor: time range filters', { timeout: 30_000 }, () => {
  it('offers the time range operator for a temporal column, edited with the Time range picker', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-15T10:00:00Z'));
    installFetchMock();
    const onSave = vi.fn();
    renderWithProviders(<AdhocFilterEditor filter={null} datasource={withDates} onSave={onSave} onCancel={() => undefined} />);
    fireEvent.mouseDown(screen.getByLabelText('Filter column'));
    fireEvent.click(within(openDropdown()).getByTitle('ds'));
    // Picking the temporal column selects the time range operator, labelled readably, with its picker.
    const editor = getByTest('adhoc-filter-editor');
    expect(within(editor).getByTitle('Time range')).toBeTruthy();
    expect(within(editor).queryByText('TEMPORAL_RANGE')).toBeNull();
    fireEvent.click(screen.getByLabelText('Filter time range'));
    const picker = await findByTest('time-range-editor');
    for (const type of ['Last', 'Previous', 'Current', 'Custom / Advanced']) expect(within(picker).getByText(type)).toBeTruthy();
    expect(within(picker).getByText(/Actual time range: -∞ ≤ ds < ∞/)).toBeTruthy();
    fireEvent.click(within(picker).getByText('Last'));
    fireEvent.click(within(picker).getByText('Last week'));
    expect(within(picker).getByText(/Actual time range: 2024-05-08 ≤ ds < 2024-05-15/)).toBeTruthy();
    fireEvent.click(within(picker).getByText('Apply'));
    await waitFor(() => expect(screen.getByLabelText('Filter time range').textContent).toBe('Last week'));
    fireEvent.click(screen.getByText('Save'));
    expect(onSave).toHaveBeenCalledWith({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', operatorId: 'TEMPORAL_RANGE', comparator: 'Last week' });
    vi.useRealTimers();
  });

  it('opens a saved TEMPORAL_RANGE filter with the picker, not the raw operator and a text box', () => {
    installFetchMock();
    const onSave = vi.fn();
    renderWithProviders(
      <AdhocFilterEditor
        filter={{ expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' }}
        datasource={withDates}
        onSave={onSave}
        onCancel={() => undefined}
      />,
    );
    expect(getByTest('adhoc-filter-editor').textContent).not.toContain('TEMPORAL_RANGE');
    expect(screen.getByLabelText('Filter time range').textContent).toBe('No filter');
    expect(screen.queryByLabelText('Filter value')).toBeNull();
    // A text column does not offer it.
    fireEvent.mouseDown(screen.getByLabelText('Filter column'));
    fireEvent.click(within(openDropdown()).getByTitle('carrier'));
    fireEvent.mouseDown(screen.getByLabelText('Filter operator'));
    expect(optionLabels(openDropdown())).not.toContain('Time range');
  });

  it('lists every operator readably without scrolling, and finds one by typing', () => {
    installFetchMock();
    renderWithProviders(<AdhocFilterEditor filter={null} datasource={withDates} onSave={() => undefined} onCancel={() => undefined} />);
    fireEvent.mouseDown(screen.getByLabelText('Filter operator'));
    const labels = optionLabels(openDropdown());
    expect(labels).toEqual([
      'Equal to (=)',
      'Not equal to (≠)',
      'Less than (<)',
      'Less or equal (<=)',
      'Greater than (>)',
      'Greater or equal (>=)',
      'In',
      'Not in',
      'Like',
      'Not like',
      'Like (case insensitive)',
      'Is null',
      'Is not null',
      'Is true',
      'Is false',
    ]);
    fireEvent.change(screen.getByLabelText('Filter operator'), { target: { value: 'not l' } });
    expect(optionLabels(openDropdown())).toEqual(['Not like']);
  });
});

describe('AdhocFilterControl', { timeout: 30_000 }, () => {
  it('reads a time range filter as "ds (No filter)" and edits it in the time range picker', async () => {
    installFetchMock();
    const onChange = vi.fn();
    const filter = { expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' };
    renderWithProviders(
      <AdhocFilterControl
        control={{ name: 'adhoc_filters', type: 'AdhocFilterControl', label: 'Filters' }}
        value={[filter]}
        onChange={onChange}
        datasource={withDates}
        formData={{ datasource: '7__table', viz_type: 'table' }}
      />,
    );
    const chip = getByTest('filter-chip');
    expect(chip.textContent).toBe('ds (No filter)');
    fireEvent.click(chip);
    fireEvent.click(await screen.findByLabelText('Filter time range'));
    const picker = await findByTest('time-range-editor');
    fireEvent.click(within(picker).getByText('Previous'));
    fireEvent.click(within(picker).getByText('Apply'));
    await waitFor(() => expect(screen.getByLabelText('Filter time range').textContent).toBe('previous calendar week'));
    fireEvent.click(screen.getByText('Save'));
    expect(onChange).toHaveBeenCalledWith([{ ...filter, operatorId: 'TEMPORAL_RANGE', comparator: 'previous calendar week' }]);
  });
});

describe('TimeRangeControl', { timeout: 30_000 }, () => {
  const control = { name: 'time_range', type: 'TimeRangeControl' as const, label: 'Time range' };

  it('says the range needs a time column instead of silently filtering nothing', () => {
    const noDates: ExploreDatasource = { ...datasource, main_dttm_col: null };
    const { rerender } = renderWithProviders(
      <TimeRangeControl
        control={control}
        value="Last week"
        onChange={() => undefined}
        datasource={noDates}
        formData={{ datasource: '7__table', viz_type: 'pie', granularity_sqla: null }}
      />,
    );
    expect(getByTest('time-range-notice').textContent).toBe('This time range needs a time column, and the dataset has no temporal column: the range is not applied.');
    rerender(
      <TimeRangeControl
        control={control}
        value="Last week"
        onChange={() => undefined}
        datasource={withDates}
        formData={{ datasource: '7__table', viz_type: 'pie', granularity_sqla: 'ds' }}
      />,
    );
    expect(byTest('time-range-notice')).toBeNull();
  });

  it('shows the dates a range means and applies the chosen one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-15T10:00:00Z'));
    const onChange = vi.fn();
    renderWithProviders(<TimeRangeControl control={{ name: 'time_range', type: 'TimeRangeControl', label: 'Time range' }} value="No filter" onChange={onChange} datasource={null} formData={{ datasource: '', viz_type: 'x' }} />);
    fireEvent.click(screen.getByText('No filter'));
    expect(await screen.findByText(/Actual time range: -∞ ≤ col < ∞/)).toBeTruthy();
    fireEvent.click(screen.getByText('Previous'));
    expect(screen.getByText(/Actual time range: 2024-05-06 ≤ col < 2024-05-13/)).toBeTruthy();
    fireEvent.click(screen.getByText('previous calendar month'));
    expect(screen.getByText(/Actual time range: 2024-04-01 ≤ col < 2024-05-01/)).toBeTruthy();
    fireEvent.click(screen.getByText('Apply'));
    expect(onChange).toHaveBeenCalledWith('previous calendar month');
  });
});
