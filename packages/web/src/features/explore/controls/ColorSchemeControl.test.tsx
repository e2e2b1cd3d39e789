import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '../../../viz/types';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ColorSchemeControl } from './FormatControls';

const control: ControlConfig = { name: 'color_scheme', type: 'ColorSchemeControl', label: 'Color scheme' };

const optionsAfterTyping = async (text: string) => {
  const input = screen.getByRole('combobox', { name: 'Color scheme' });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull());
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
};

describe('ColorSchemeControl', () => {
  it('finds a scheme by its id as well as by its name', async () => {
    renderWithProviders(<ColorSchemeControl control={control} value="supersetColors" onChange={() => undefined} formData={{ datasource: '1__table', viz_type: 'pie' }} datasource={null} />);
    expect(await optionsAfterTyping('d3Category')).toEqual(['D3 Category 10']);
  });
  it('still finds it by name', async () => {
    renderWithProviders(<ColorSchemeControl control={control} value="supersetColors" onChange={() => undefined} formData={{ datasource: '1__table', viz_type: 'pie' }} datasource={null} />);
    expect(await optionsAfterTyping('superset col')).toEqual(['Superset Colors']);
  });
});
