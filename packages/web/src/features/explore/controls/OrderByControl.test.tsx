import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '../../../viz/types';
import { validateControl } from '../../../viz/validators';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { OrderByControl } from './OrderByControl';

const control: ControlConfig = { name: 'order_by_cols', type: 'OrderByControl', label: 'Ordering', multi: true, default: [], validators: [{ type: 'json' }] };

function setup(initial: unknown) {
  const seen: unknown[] = [];
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <OrderByControl
        control={control}
        value={value}
        datasource={FLIGHTS_DATASOURCE}
        formData={{ datasource: '7__table', viz_type: 'table' }}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return seen;
}

describe('OrderByControl', () => {
  it('offers each column ascending and descending and stores the JSON texts the table query reads', async () => {
    const column = FLIGHTS_DATASOURCE.columns[0]!.column_name;
    const seen = setup([]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ordering' }));
    fireEvent.click(await screen.findByTitle(`${FLIGHTS_DATASOURCE.columns[0]!.verbose_name || column} [desc]`));
    expect(seen.at(-1)).toEqual([JSON.stringify([column, false])]);
  });

  it('reads pairs stored parsed by older versions and shows them by name', () => {
    const column = FLIGHTS_DATASOURCE.columns[0]!.column_name;
    setup([[column, true]]);
    expect(screen.getAllByText(`${FLIGHTS_DATASOURCE.columns[0]!.verbose_name || column} [asc]`).length).toBeGreaterThan(0);
  });

  it("says 'Found invalid orderby options' when an entry is not JSON", () => {
    expect(validateControl(control.validators, ['["carrier", true]'])).toEqual([]);
    expect(validateControl(control.validators, ['["carrier", true]', 'carrier desc'])).toEqual(['Found invalid orderby options']);
  });
});
