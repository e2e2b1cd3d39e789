import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import type { ControlConfig } from '../../../viz/types';
import { ConditionalFormattingControl } from './ListEditorControls';

const control: ControlConfig = { name: 'conditional_formatting', type: 'ConditionalFormattingControl', label: 'Conditional formatting', default: [] };
const sumNum = { expressionType: 'SIMPLE' as const, column: { column_name: 'num' }, aggregate: 'SUM' as const };
const formData: FormData = { datasource: '1__table', viz_type: 'table', metrics: ['count'], percent_metrics: [sumNum] };

function setup() {
  const seen: unknown[] = [];
  function Harness() {
    const [value, setValue] = useState<unknown>([{ operator: '>', colorScheme: '#5AC189' }]);
    const onChange = (next: unknown) => {
      seen.push(next);
      setValue(next);
    };
    return <ConditionalFormattingControl control={control} value={value} onChange={onChange} datasource={null} formData={formData} />;
  }
  render(<Harness />);
  return seen;
}

describe('ConditionalFormattingControl', () => {
  it('lets a rule target a percentage metric column and a fractional threshold', async () => {
    const seen = setup();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Formatting column' }));
    // An adhoc metric without a label is named as the table names its column (SUM(num)), not left blank.
    const percent = await screen.findByTitle('%SUM(num)');
    // antd's accessible listbox holds only the options around the active one: read the drawn list.
    expect([...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual(['count', '%SUM(num)']);
    fireEvent.click(percent);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Target value' }), { target: { value: '0.25' } });
    expect(seen.at(-1)).toEqual([{ column: '%SUM(num)', operator: '>', targetValue: 0.25, colorScheme: '#5AC189' }]);
  });

  it('offers the range comparators with a left and a right value, as Superset does', async () => {
    const seen = setup();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Formatting operator' }));
    fireEvent.click(await screen.findByTitle('≤ x <'));
    expect(screen.queryByRole('spinbutton', { name: 'Target value' })).toBeNull();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Left value' }), { target: { value: '10' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Right value' }), { target: { value: '20' } });
    expect(seen.at(-1)).toEqual([{ operator: '≤ x <', targetValueLeft: 10, targetValueRight: 20, colorScheme: '#5AC189' }]);
  });
});
