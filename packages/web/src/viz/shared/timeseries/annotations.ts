import type { FormData } from '@tessera/core';
import { compileFormula } from '../formula';
import { toEpoch } from '../props';

interface AnnotationLayer {
  name: string;
  annotationType?: 'FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES';
  value?: unknown;
  show?: boolean;
  color?: string | null;
  width?: number;
  opacity?: string | number;
  style?: 'solid' | 'dashed' | 'dotted' | 'longDashed';
}

interface AnnotationRecord {
  start_dttm?: unknown;
  end_dttm?: unknown;
  short_descr?: string;
  long_descr?: string;
}

const lineStyle = (layer: AnnotationLayer) => ({
  color: layer.color ?? '#666666',
  width: layer.width ?? 1.5,
  type: layer.style === 'dotted' ? 'dotted' : layer.style === 'dashed' || layer.style === 'longDashed' ? 'dashed' : 'solid',
});

/**
 * Extra ECharts series for the chart's annotation layers: formulas are computed over the x values, event and
 * interval layers come from the answer's `annotation_data` (records with start/end times).
 */
export function annotationSeries(formData: FormData, annotationData: Record<string, unknown>, xValues: number[]) {
  const layers = (Array.isArray(formData.annotation_layers) ? formData.annotation_layers : []) as AnnotationLayer[];
  const out: Record<string, unknown>[] = [];
  for (const layer of layers) {
    if (layer.show === false) continue;
    if (layer.annotationType === 'FORMULA') {
      const fn = compileFormula(String(layer.value ?? ''));
      if (!fn || xValues.length === 0) continue;
      out.push({ name: layer.name, type: 'line', showSymbol: false, lineStyle: lineStyle(layer), data: xValues.map((x) => [x, fn(x)]) });
      continue;
    }
    const payload = annotationData[layer.name] as { records?: AnnotationRecord[] } | AnnotationRecord[] | undefined;
    const records = Array.isArray(payload) ? payload : (payload?.records ?? []);
    if (layer.annotationType === 'EVENT') {
      out.push({
        name: layer.name,
        type: 'line',
        data: [],
        markLine: { symbol: 'none', lineStyle: lineStyle(layer), label: { show: false }, data: records.map((r) => ({ xAxis: toEpoch(r.start_dttm), name: r.short_descr ?? '' })) },
      });
    } else if (layer.annotationType === 'INTERVAL') {
      out.push({
        name: layer.name,
        type: 'line',
        data: [],
        markArea: {
          itemStyle: { color: layer.color ?? '#A1A6BD', opacity: Number(layer.opacity || 0.2) || 0.2 },
          data: records.map((r) => [{ xAxis: toEpoch(r.start_dttm), name: r.short_descr ?? '' }, { xAxis: toEpoch(r.end_dttm) }]),
        },
      });
    }
  }
  return out;
}
