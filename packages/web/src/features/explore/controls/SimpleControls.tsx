import { Checkbox, ColorPicker, Input, InputNumber, Slider } from 'antd';
import type { ControlProps } from './types';

export function TextControl({ control, value, onChange }: ControlProps) {
  return (
    <Input
      aria-label={control.label}
      placeholder={control.placeholder}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function TextAreaControl({ control, value, onChange }: ControlProps) {
  return (
    <Input.TextArea
      aria-label={control.label}
      placeholder={control.placeholder}
      autoSize={{ minRows: 3, maxRows: 10 }}
      value={value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function NumberControl({ control, value, onChange }: ControlProps) {
  return (
    <InputNumber
      aria-label={control.label}
      style={{ width: '100%' }}
      min={control.min}
      max={control.max}
      step={control.step}
      placeholder={control.placeholder}
      value={value === null || value === undefined || value === '' ? null : Number(value)}
      onChange={(next) => onChange(next ?? null)}
    />
  );
}

export function CheckboxControl({ control, value, onChange }: ControlProps) {
  return (
    <Checkbox aria-label={control.label} checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)}>
      {control.label}
    </Checkbox>
  );
}

export function SliderControl({ control, value, onChange }: ControlProps) {
  return (
    <Slider
      aria-label={control.label}
      min={control.min ?? 0}
      max={control.max ?? 100}
      step={control.step ?? 1}
      value={typeof value === 'number' ? value : Number(value ?? control.min ?? 0)}
      onChange={(next: number) => onChange(next)}
    />
  );
}

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A fixed colour, stored as `{r, g, b, a}` like Superset's colour picker. */
export function ColorPickerControl({ control, value, onChange }: ControlProps) {
  const rgba = (value ?? control.default ?? { r: 0, g: 122, b: 135, a: 1 }) as Rgba;
  return (
    <ColorPicker
      aria-label={control.label}
      value={`rgba(${rgba.r},${rgba.g},${rgba.b},${rgba.a})`}
      onChangeComplete={(color) => {
        const { r, g, b, a } = color.toRgb();
        onChange({ r, g, b, a });
      }}
    />
  );
}
