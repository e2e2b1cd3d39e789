import { Input } from 'antd';
import type { ControlProps } from './types';

/**
 * Ordering as JSON text (`[["col", true]]`). The text is kept as typed so the json validator can say
 * 'Found invalid orderby options'; a valid text is stored parsed.
 */
export function OrderByControl({ control, value, onChange }: ControlProps) {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
  return (
    <Input.TextArea
      aria-label={control.label}
      autoSize={{ minRows: 2, maxRows: 6 }}
      placeholder='[["column", true]]'
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        try {
          onChange(next.trim() === '' ? [] : JSON.parse(next));
        } catch {
          onChange(next);
        }
      }}
    />
  );
}
