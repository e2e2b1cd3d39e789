import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { controls } from '../../../viz/controlSets';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { ColumnSelectControl } from './ColumnSelectControl';

// Flights plus a text column the database types as a timestamp (temporal by type, not flagged) and a
// non-groupable date: both can be a Time column.
const datasource: ExploreDatasource = {
  ...FLIGHTS_DATASOURCE,
  columns: [
    { ...FLIGHTS_DATASOURCE.columns[0]!, verbose_name: 'Airline' },
    ...FLIGHTS_DATASOURCE.columns.slice(1),
    { column_name: 'landed_at', type: 'TIMESTAMP', type_generic: 2, is_dttm: false },
    { column_name: 'loaded_on', type: 'DATE', type_generic: 2, is_dttm: true, groupby: false },
  ],
};

// antd's accessible listbox holds only the options around the active one: read the drawn list instead.
const shownOptions = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent ?? '');

function optionsOf(control: ControlConfig, value: unknown = null): string[] {
  const { unmount } = render(<ColumnSelectControl control={control} value={value} onChange={() => undefined} datasource={datasource} formData={{ datasource: '1__table', viz_type: 'pie' }} />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: control.label }));
  const labels = shownOptions();
  unmount();
  return labels;
}

describe('ColumnSelectControl', () => {
  it('offers only temporal columns for the Time column, every groupable column for the x-axis', () => {
    expect(optionsOf(controls.granularitySqla)).toEqual(['ds', 'landed_at', 'loaded_on']);
    expect(optionsOf(controls.xAxis)).toEqual(['ds', 'Airline', 'distance', 'landed_at']);
  });

  it('keeps showing a saved Time column that is not temporal', () => {
    render(<ColumnSelectControl control={controls.granularitySqla} value="airline" onChange={() => undefined} datasource={datasource} formData={{ datasource: '1__table', viz_type: 'pie' }} />);
    expect(screen.getByTitle('Airline')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Time column' }));
    expect(shownOptions()).toEqual(['ds', 'landed_at', 'loaded_on', 'Airline']);
  });
});
