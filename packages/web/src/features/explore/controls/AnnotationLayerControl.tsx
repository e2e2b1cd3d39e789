import { useState } from 'react';
import { Button, Input, Select, Space, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { compileFormula } from '../../../viz/shared/formula';
import { ChartPicker, ColumnMappingSelects, isChartSource, OverrideChecks, sourceOptions, sourceVizType, type ColumnMapping } from './ChartLayerSource';
import { NativeLayerSelect } from './NativeLayerSelect';
import type { ControlProps } from './types';

type AnnotationType = 'FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES';

/** An annotation layer of the form data (spec §3: name, sourceType, value, overrides). */
export interface AnnotationLayer extends ColumnMapping {
  name: string;
  annotationType: AnnotationType;
  /** '' for a formula, 'NATIVE' for a native layer, else the viz type of the chart read (Superset's sourceType). */
  sourceType: string;
  /** A formula's text, or the native layer's or source chart's id ('' until one is picked). */
  value: string | number;
  show: boolean;
  overrides: Record<string, unknown>;
}

const isNative = (type: AnnotationType) => type === 'EVENT' || type === 'INTERVAL';
const MAPPING_KEYS = ['timeColumn', 'intervalEndColumn', 'titleColumn', 'descriptionColumns'] as const;
const withoutMapping = (layer: AnnotationLayer): AnnotationLayer => {
  const out = { ...layer };
  for (const key of MAPPING_KEYS) delete out[key];
  return out;
};

/**
 * Changing the type keeps the picked source when the new type can read it (a native layer between event and interval,
 * a line chart between event, interval and time series), and starts over otherwise.
 */
function withType(layer: AnnotationLayer, annotationType: AnnotationType): AnnotationLayer {
  if (annotationType === 'FORMULA') return { ...withoutMapping(layer), annotationType, sourceType: '', value: layer.annotationType === 'FORMULA' ? layer.value : '' };
  const keeps = layer.annotationType !== 'FORMULA' && sourceOptions(annotationType).some((o) => o.value === layer.sourceType);
  if (keeps) return { ...layer, annotationType };
  return { ...withoutMapping(layer), annotationType, sourceType: isNative(annotationType) ? 'NATIVE' : '', value: '', overrides: {} };
}

/** A new source starts unpicked, without the old source's columns or overrides. */
const withSource = (layer: AnnotationLayer, sourceType: string): AnnotationLayer => ({ ...withoutMapping(layer), sourceType, value: '', overrides: {} });

/**
 * Annotation layers: formula lines (`2 * x + 1`), event and interval layers read from a native annotation layer or
 * another saved chart, and time-series layers read from a timeseries chart (Superset's AnnotationLayer editor).
 */
export function AnnotationLayerControl({ control, value, onChange }: ControlProps) {
  const layers: AnnotationLayer[] = Array.isArray(value) ? (value as AnnotationLayer[]) : [];
  const [nativeError, setNativeError] = useState<string | null>(null);
  const update = (index: number, next: AnnotationLayer) => onChange(layers.map((layer, i) => (i === index ? next : layer)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-test={`annotation-layers-${control.name}`}>
      {layers.map((layer, index) => {
        const badFormula = layer.annotationType === 'FORMULA' && compileFormula(String(layer.value ?? '')) === null;
        // A native layer draws nothing until one is picked: say so rather than run the chart without it.
        const unpicked = layer.value === '' || layer.value === null || layer.value === undefined;
        const noLayer = layer.sourceType === 'NATIVE' && unpicked;
        const noChart = layer.annotationType !== 'FORMULA' && layer.sourceType !== 'NATIVE' && unpicked;
        const chartId = isChartSource(layer.sourceType) && !unpicked ? Number(layer.value) : null;
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
                    { value: 'TIME_SERIES', label: 'Time series' },
                  ]}
                />
              </Space.Compact>
              <Switch aria-label="Show layer" checked={layer.show} onChange={(show) => update(index, { ...layer, show })} size="small" />
              <Button size="small" aria-label="Remove layer" onClick={() => onChange(layers.filter((_, i) => i !== index))}>
                ×
              </Button>
            </div>
            <div style={{ marginTop: 4 }}>
              {layer.annotationType !== 'FORMULA' ? (
                <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                  <Select
                    aria-label="Annotation source"
                    style={{ width: '100%' }}
                    placeholder="Select a source"
                    value={layer.sourceType || undefined}
                    onChange={(sourceType: string) => update(index, withSource(layer, sourceType))}
                    options={sourceOptions(layer.annotationType)}
                  />
                  {layer.sourceType === 'NATIVE' ? (
                    <NativeLayerSelect value={unpicked ? undefined : Number(layer.value)} onChange={(id) => update(index, { ...layer, value: id })} onError={setNativeError} />
                  ) : isChartSource(layer.sourceType) ? (
                    <ChartPicker key={layer.sourceType} vizType={sourceVizType(layer.sourceType)} value={chartId ?? undefined} onChange={(id) => update(index, { ...withoutMapping(layer), value: id })} />
                  ) : null}
                  {chartId !== null && layer.annotationType !== 'TIME_SERIES' ? (
                    <ColumnMappingSelects chartId={chartId} interval={layer.annotationType === 'INTERVAL'} value={layer} onChange={(mapping) => update(index, { ...layer, ...mapping })} />
                  ) : null}
                  {chartId !== null ? <OverrideChecks value={layer.overrides ?? {}} onChange={(overrides) => update(index, { ...layer, overrides })} /> : null}
                </Space>
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
              {noChart ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }} data-test="annotation-chart-missing">
                  Choose a source chart: this layer draws nothing until one is picked
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
      {nativeError && layers.some((layer) => layer.sourceType === 'NATIVE') ? (
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
