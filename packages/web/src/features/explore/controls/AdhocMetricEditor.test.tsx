import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { AdhocMetricEditor } from './AdhocMetricEditor';

describe('AdhocMetricEditor', () => {
  it('finds the aggregate by typing its name, as Superset users pick "sum" from the list', async () => {
    const onSave = vi.fn();
    renderWithProviders(<AdhocMetricEditor metric={{ expressionType: 'SIMPLE', column: { column_name: 'distance' }, label: 'x' } as never} datasource={FLIGHTS_DATASOURCE} onSave={onSave} onCancel={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Aggregate' });
    // A select without search renders a read-only input: typing into it does nothing in a browser.
    expect(input.hasAttribute('readonly')).toBe(false);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'sum' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ aggregate: 'SUM', column: { column_name: 'distance' }, label: 'SUM(distance)' }));
  });
});
