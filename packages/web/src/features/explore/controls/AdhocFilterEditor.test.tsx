import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExploreDatasource } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
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

describe('TimeRangeControl', { timeout: 30_000 }, () => {
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
