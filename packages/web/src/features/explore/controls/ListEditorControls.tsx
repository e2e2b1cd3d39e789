import { Button, Input, InputNumber, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { conditionalFormattingColumns } from '../../../viz/shared/conditionalFormatting';
import type { ControlProps } from './types';

export { AnnotationLayerControl, type AnnotationLayer } from './AnnotationLayerControl';

interface FormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  colorScheme?: string;
}

/** Superset's comparators: one target value, two for the ranges ("< x <" ...), none for "None" (the whole scale). */
const RANGE_OPERATORS = ['< x <', '≤ x ≤', '≤ x <', '< x ≤'];
const OPERATORS = ['None', '>', '<', '≥', '≤', '=', '≠', ...RANGE_OPERATORS];

/** Conditional formatting rules: column, operator, target value and colour. */
export function ConditionalFormattingControl({ control, value, onChange, formData }: ControlProps) {
  const rules: FormattingRule[] = Array.isArray(value) ? (value as FormattingRule[]) : [];
  const columns = conditionalFormattingColumns(formData);
  const update = (index: number, patch: Partial<FormattingRule>) => onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-test={`conditional-formatting-${control.name}`}>
      {rules.map((rule, index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Select aria-label="Formatting column" style={{ width: '35%' }} value={rule.column} onChange={(column: string) => update(index, { column })} options={columns.map((c) => ({ value: c, label: c }))} />
          <Select aria-label="Formatting operator" style={{ width: '20%' }} value={rule.operator} onChange={(operator: string) => update(index, { operator })} options={OPERATORS.map((o) => ({ value: o, label: o }))} />
          {/* Number inputs: percentage columns hold fractions (0.25), which a text box parsed on each key could not take. */}
          {RANGE_OPERATORS.includes(rule.operator ?? '') ? (
            <>
              <InputNumber aria-label="Left value" style={{ width: '12.5%' }} value={rule.targetValueLeft ?? null} onChange={(v) => update(index, { targetValueLeft: v ?? undefined })} />
              <InputNumber aria-label="Right value" style={{ width: '12.5%' }} value={rule.targetValueRight ?? null} onChange={(v) => update(index, { targetValueRight: v ?? undefined })} />
            </>
          ) : (
            <InputNumber
              aria-label="Target value"
              style={{ width: '25%' }}
              disabled={rule.operator === 'None'}
              value={rule.targetValue ?? null}
              onChange={(targetValue) => update(index, { targetValue: targetValue ?? undefined })}
            />
          )}
          <Input aria-label="Colour" style={{ width: '20%' }} type="color" value={rule.colorScheme ?? '#5AC189'} onChange={(e) => update(index, { colorScheme: e.target.value })} />
          <Button size="small" aria-label="Remove rule" onClick={() => onChange(rules.filter((_, i) => i !== index))}>
            ×
          </Button>
        </Space.Compact>
      ))}
      {rules.length === 0 ? <Tag>No rules</Tag> : null}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...rules, { operator: '>', colorScheme: '#5AC189' }])}>
        Add new formatter
      </Button>
    </Space>
  );
}
