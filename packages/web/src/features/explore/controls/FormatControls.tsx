import { Select, Space } from 'antd';
import { CHART_CONSTANTS } from '@tessera/core';
import { CATEGORICAL_SCHEMES, SEQUENTIAL_SCHEMES, type ColorScheme } from '../../../viz/colors';
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../../../viz/formatters';
import { SelectControl } from './SelectControl';
import type { ControlProps } from './types';

/** Number and time formats: the formatter choices, and any d3 format typed in. */
export function NumberFormatControl(props: ControlProps) {
  return <SelectControl {...props} control={{ ...props.control, choices: props.control.choices ?? NUMBER_FORMAT_OPTIONS, freeForm: true }} />;
}

export function TimeFormatControl(props: ControlProps) {
  return <SelectControl {...props} control={{ ...props.control, choices: props.control.choices ?? TIME_FORMAT_OPTIONS, freeForm: true }} />;
}

/** Spec §9 time shift choices, free text allowed ('3 months ago'). */
export function TimeShiftControl(props: ControlProps) {
  const choices = CHART_CONSTANTS.TIME_SHIFT_CHOICES.map((c) => [c, c] as const);
  return <SelectControl {...props} control={{ ...props.control, choices: props.control.choices ?? choices, multi: true, freeForm: true }} />;
}

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CAD', 'AUD', 'CHF', 'BRL'];

interface CurrencyValue {
  symbol?: string;
  symbolPosition?: 'prefix' | 'suffix';
}

export function CurrencyControl({ control, value, onChange }: ControlProps) {
  const current = (value ?? {}) as CurrencyValue;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label={`${control.label} position`}
        style={{ width: '45%' }}
        placeholder="Prefix or suffix"
        allowClear
        value={current.symbolPosition}
        options={[
          { value: 'prefix', label: 'Prefix' },
          { value: 'suffix', label: 'Suffix' },
        ]}
        onChange={(symbolPosition?: 'prefix' | 'suffix') => onChange(symbolPosition || current.symbol ? { ...current, symbolPosition } : null)}
      />
      <Select
        aria-label={`${control.label} currency`}
        style={{ width: '55%' }}
        placeholder="Currency"
        allowClear
        showSearch
        value={current.symbol}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        onChange={(symbol?: string) => onChange(symbol ? { symbolPosition: current.symbolPosition ?? 'prefix', symbol } : null)}
      />
    </Space.Compact>
  );
}

function Swatches({ scheme }: { scheme: ColorScheme }) {
  return (
    <span style={{ display: 'inline-flex', gap: 1, marginLeft: 8, verticalAlign: 'middle' }} aria-hidden>
      {scheme.colors.slice(0, 10).map((color, index) => (
        <span key={`${color}-${index}`} style={{ width: 10, height: 14, background: color, display: 'inline-block' }} />
      ))}
    </span>
  );
}

/** A colour scheme select with swatches and search by name. */
export function ColorSchemeControl({ control, value, onChange }: ControlProps) {
  const schemes = control.type === 'SequentialSchemeControl' ? SEQUENTIAL_SCHEMES : CATEGORICAL_SCHEMES;
  return (
    <Select
      aria-label={control.label}
      style={{ width: '100%' }}
      // Found by its name or its id ('lyftColors'), which is what form data and Superset's docs show.
      showSearch={{ filterOption: (input, option) => [option?.value, option?.title].some((text) => String(text ?? '').toLowerCase().includes(input.trim().toLowerCase())) }}
      value={(value as string | null) ?? undefined}
      onChange={(next: string) => onChange(next)}
      options={schemes.map((scheme) => ({
        value: scheme.id,
        title: scheme.label,
        label: (
          <span data-test={`color-scheme-${scheme.id}`}>
            {scheme.label}
            <Swatches scheme={scheme} />
          </span>
        ),
      }))}
    />
  );
}
