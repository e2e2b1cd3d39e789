import { useState, type ClipboardEvent } from 'react';
import { Radio, Select } from 'antd';
import { splitPastedText, standardizeSelectValue, withCreatedOption } from '../utils/selectValue';
import { optionsOf, type ControlProps } from './types';

/** Spec §9 select dropdown page size: the list renders at most this many options at a time. */
const LIST_HEIGHT_ITEMS = 100;

/**
 * A select over the control's choices. Multi selects hold a list; free-form ones accept typed values (added as new
 * options unless present) and split pasted text on comma, newline, tab or semicolon.
 */
export function SelectControl({ control, value, onChange }: ControlProps) {
  const [typed, setTyped] = useState('');
  const base = optionsOf(control);
  const current = control.multi ? (Array.isArray(value) ? value : []) : value === null || value === undefined ? [] : [value];
  // Values outside the choices (free-form ones) still show as options so the select can display them.
  const extra = current.filter((item) => base.every((o) => String(o.value) !== String(item))).map((item) => ({ value: item as string, label: String(item) }));
  const options = control.freeForm ? withCreatedOption([...base, ...extra], typed) : [...base, ...extra];

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (!control.multi) return;
    const parts = splitPastedText(event.clipboardData.getData('text'));
    if (parts.length < 2) return;
    event.preventDefault();
    const merged = [...current, ...parts.filter((p) => !current.map(String).includes(p))];
    onChange(standardizeSelectValue(control, merged));
    setTyped('');
  };

  return (
    <div onPaste={onPaste}>
      <Select
        aria-label={control.label}
        style={{ width: '100%' }}
        mode={control.multi ? (control.freeForm ? 'tags' : 'multiple') : undefined}
        allowClear={control.clearable !== false}
        showSearch={{ onSearch: setTyped, optionFilterProp: 'label' }}
        placeholder={control.placeholder ?? 'Select ...'}
        options={options}
        value={control.multi ? current : (value as string | number | null) ?? undefined}
        virtual={options.length > LIST_HEIGHT_ITEMS}
        tokenSeparators={control.multi ? [',', '\n', '\t', ';'] : undefined}
        onChange={(next: unknown) => {
          setTyped('');
          onChange(standardizeSelectValue(control, next ?? null));
        }}
      />
    </div>
  );
}

export function RadioButtonControl({ control, value, onChange }: ControlProps) {
  return (
    <Radio.Group
      optionType="button"
      size="small"
      options={optionsOf(control).map((o) => ({ ...o, value: o.value }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
