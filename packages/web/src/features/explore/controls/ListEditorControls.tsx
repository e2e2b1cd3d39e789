import { Button, Input, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ControlProps } from './types';

/** An annotation layer (spec §3: name, sourceType, value, overrides). */
export interface AnnotationLayer {
  name: string;
  annotationType: 'FORMULA' | 'EVENT' | 'INTERVAL';
  sourceType: '' | 'NATIVE';
  value: string | number;
  show: boolean;
  overrides: Record<string, unknown>;
}

/** Annotation layers: formula lines (`2 * x + 1`) and native event/interval layers by id. */
export function AnnotationLayerControl({ control, value, onChange }: ControlProps) {
  const layers: AnnotationLayer[] = Array.isArray(value) ? (value as AnnotationLayer[]) : [];
  const update = (index: number, patch: Partial<AnnotationLayer>) => onChange(layers.map((layer, i) => (i === index ? { ...layer, ...patch } : layer)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-test={`annotation-layers-${control.name}`}>
      {layers.map((layer, index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input aria-label="Layer name" style={{ width: '30%' }} value={layer.name} onChange={(e) => update(index, { name: e.target.value })} />
          <Select
            aria-label="Layer type"
            style={{ width: '28%' }}
            value={layer.annotationType}
            onChange={(annotationType: AnnotationLayer['annotationType']) => update(index, { annotationType, sourceType: annotationType === 'FORMULA' ? '' : 'NATIVE' })}
            options={[
              { value: 'FORMULA', label: 'Formula' },
              { value: 'EVENT', label: 'Event' },
              { value: 'INTERVAL', label: 'Interval' },
            ]}
          />
          <Input
            aria-label={layer.annotationType === 'FORMULA' ? 'Formula' : 'Layer id'}
            style={{ width: '30%' }}
            placeholder={layer.annotationType === 'FORMULA' ? '2 * x' : 'layer id'}
            value={String(layer.value)}
            onChange={(e) => update(index, { value: layer.annotationType === 'FORMULA' ? e.target.value : Number(e.target.value) || e.target.value })}
          />
          <Switch aria-label="Show layer" checked={layer.show} onChange={(show) => update(index, { show })} style={{ marginLeft: 4, marginTop: 4 }} size="small" />
          <Button size="small" aria-label="Remove layer" onClick={() => onChange(layers.filter((_, i) => i !== index))}>
            ×
          </Button>
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...layers, { name: `Layer ${layers.length + 1}`, annotationType: 'FORMULA', sourceType: '', value: 'x', show: true, overrides: {} }])}>
        Add annotation layer
      </Button>
    </Space>
  );
}

interface FormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number;
  colorScheme?: string;
}

const OPERATORS = ['<', '≤', '>', '≥', '=', '≠', 'None'];

/** Conditional formatting rules: column, operator, target value and colour. */
export function ConditionalFormattingControl({ control, value, onChange, formData }: ControlProps) {
  const rules: FormattingRule[] = Array.isArray(value) ? (value as FormattingRule[]) : [];
  const metrics = [...(Array.isArray(formData.metrics) ? formData.metrics : []), ...(formData.metric ? [formData.metric] : [])];
  const columns = metrics.map((m) => (typeof m === 'string' ? m : (m.label ?? '')));
  const update = (index: number, patch: Partial<FormattingRule>) => onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-test={`conditional-formatting-${control.name}`}>
      {rules.map((rule, index) => (
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Select aria-label="Formatting column" style={{ width: '35%' }} value={rule.column} onChange={(column: string) => update(index, { column })} options={columns.map((c) => ({ value: c, label: c }))} />
          <Select aria-label="Formatting operator" style={{ width: '20%' }} value={rule.operator} onChange={(operator: string) => update(index, { operator })} options={OPERATORS.map((o) => ({ value: o, label: o }))} />
          <Input aria-label="Target value" style={{ width: '25%' }} value={rule.targetValue ?? ''} onChange={(e) => update(index, { targetValue: Number(e.target.value) })} />
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
