import { useState } from 'react';
import { Button, Input, Select, Space, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { compileFormula } from '../../../viz/shared/formula';
import { NativeLayerSelect } from './NativeLayerSelect';
import type { ControlProps } from './types';

type AnnotationType = 'FORMULA' | 'EVENT' | 'INTERVAL';

/** An annotation layer of the form data (spec §3: name, sourceType, value, overrides). */
export interface AnnotationLayer {
  name: string;
  annotationType: AnnotationType;
  sourceType: '' | 'NATIVE';
  /** A formula's text, or the native layer's id ('' until one is picked). */
  value: string | number;
  show: boolean;
  overrides: Record<string, unknown>;
}

const isNative = (type: AnnotationType) => type === 'EVENT' || type === 'INTERVAL';

/** Changing the type keeps a picked native layer between event and interval, and clears it otherwise. */
function withType(layer: AnnotationLayer, annotationType: AnnotationType): AnnotationLayer {
  if (annotationType === 'FORMULA') return { ...layer, annotationType, sourceType: '', value: isNative(layer.annotationType) ? '' : layer.value };
  return { ...layer, annotationType, sourceType: 'NATIVE', value: isNative(layer.annotationType) ? layer.value : '' };
}

/** Annotation layers: formula lines (`2 * x + 1`), and event or interval layers read from a native annotation layer. */
export function AnnotationLayerControl({ control, value, onChange }: ControlProps) {
  const layers: AnnotationLayer[] = Array.isArray(value) ? (value as AnnotationLayer[]) : [];
  const [nativeError, setNativeError] = useState<string | null>(null);
  const update = (index: number, next: AnnotationLayer) => onChange(layers.map((layer, i) => (i === index ? next : layer)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-test={`annotation-layers-${control.name}`}>
      {layers.map((layer, index) => {
        const badFormula = layer.annotationType === 'FORMULA' && compileFormula(String(layer.value ?? '')) === null;
        // A native layer draws nothing until one is picked: say so rather than run the chart without it.
        const noLayer = isNative(layer.annotationType) && (layer.value === '' || layer.value === null || layer.value === undefined);
        return (
          // Two rows, so the type and the picked layer read in full in the 340 px control column.
          <div key={index} style={{ width: '100%', border: '1px solid rgba(0,0,0,0.08)', borderRadius: 6, padding: 6 }} data-test="annotation-layer">
            <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <Space.Compact style={{ flex: 1, minWidth: 0 }}>
                <Input aria-label="Layer name" style={{ width: '55%' }} value={layer.name} onChange={(e) => update(index, { ...layer, name: e.target.value })} />
                <Select
                  aria-label="Layer type"
                  style={{ width: '45%' }}
                  value={layer.annotationType}
                  onChange={(annotationType: AnnotationType) => update(index, withType(layer, annotationType))}
                  options={[
                    { value: 'FORMULA', label: 'Formula' },
                    { value: 'EVENT', label: 'Event' },
                    { value: 'INTERVAL', label: 'Interval' },
                  ]}
                />
              </Space.Compact>
              <Switch aria-label="Show layer" checked={layer.show} onChange={(show) => update(index, { ...layer, show })} size="small" />
              <Button size="small" aria-label="Remove layer" onClick={() => onChange(layers.filter((_, i) => i !== index))}>
                ×
              </Button>
            </div>
            <div style={{ marginTop: 4 }}>
              {isNative(layer.annotationType) ? (
                <NativeLayerSelect value={layer.value === '' ? undefined : Number(layer.value)} onChange={(id) => update(index, { ...layer, value: id })} onError={setNativeError} />
              ) : (
                <Input
                  aria-label="Formula"
                  placeholder="2 * x"
                  status={badFormula ? 'error' : undefined}
                  value={String(layer.value)}
                  onChange={(e) => update(index, { ...layer, value: e.target.value })}
                />
              )}
              {noLayer ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }} data-test="annotation-layer-missing">
                  Choose an annotation layer: this one draws nothing until one is picked
                </Typography.Text>
              ) : null}
              {badFormula ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }} data-test="annotation-formula-error">
                  Not a formula of x: use numbers, x, + - * / ^ and parentheses (e.g. 2 * x + 100)
                </Typography.Text>
              ) : null}
            </div>
          </div>
        );
      })}
      {nativeError && layers.some((layer) => isNative(layer.annotationType)) ? (
        <Typography.Text type="danger" data-test="annotation-layer-options-error">
          Annotation layers could not be loaded: {nativeError}
        </Typography.Text>
      ) : null}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...layers, { name: `Layer ${layers.length + 1}`, annotationType: 'FORMULA', sourceType: '', value: 'x', show: true, overrides: {} }])}>
        Add annotation layer
      </Button>
    </Space>
  );
}
