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

const shownLayers = (formData: FormData): AnnotationLayer[] =>
  ((Array.isArray(formData.annotation_layers) ? formData.annotation_layers : []) as AnnotationLayer[]).filter((layer) => layer.show !== false);

/**
 * Extra ECharts series for the chart's annotation layers: formulas are computed over the x values, event and
 * interval layers come from the answer's `annotation_data` (records with start/end times).
 */
export function annotationSeries(formData: FormData, annotationData: Record<string, unknown>, xValues: number[]) {
  const out: Record<string, unknown>[] = [];
  for (const layer of shownLayers(formData)) {
    if (layer.annotationType === 'FORMULA') {
      const fn = compileFormula(String(layer.value ?? ''));
      if (!fn || xValues.length === 0) continue;
      const line = lineStyle(layer);
      // The legend draws its icon in the series' item colour: the line's, not the next palette colour.
      out.push({ name: layer.name, type: 'line', showSymbol: false, lineStyle: line, itemStyle: { color: line.color }, data: xValues.map((x) => [x, fn(x)]) });
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

/**
 * The legend entries of the drawn annotation series, after the chart's own series (Superset's
 * extractAnnotationLabels): formula lines are listed, so they can be told apart and toggled like series; event and
 * interval layers are marks on the x axis and stay out, as in Superset. Superset also lists time-series layers,
 * which are not drawn here yet. A hidden layer (show off) is neither drawn nor listed.
 */
export function annotationLegend(formData: FormData, drawn: readonly Record<string, unknown>[]): string[] {
  const listed = new Set(shownLayers(formData).filter((layer) => layer.annotationType === 'FORMULA').map((layer) => layer.name));
  return [...new Set(drawn.map((series) => series.name).filter((name): name is string => typeof name === 'string' && listed.has(name)))];
}
