import type { FormData } from '@tessera/core';
import { compileFormula } from '../formula';
import { escapeHtml } from '../escapeHtml';
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
  sourceType?: string;
  timeColumn?: string;
  intervalEndColumn?: string;
  titleColumn?: string;
  descriptionColumns?: string[];
}

type AnnotationRecord = Record<string, unknown>;

/** A chart-sourced time-series layer's data: one `{key, values}` per series of the source chart. */
interface TimeSeriesAnnotation {
  key?: unknown;
  values?: { x?: unknown; y?: unknown }[];
}

/** A native layer's records always have these columns (Superset's applyNativeColumns); a chart's are mapped in the layer. */
const NATIVE_COLUMNS = { timeColumn: 'start_dttm', intervalEndColumn: 'end_dttm', titleColumn: 'short_descr', descriptionColumns: ['long_descr'] };
const columnsOf = (layer: AnnotationLayer) =>
  !layer.sourceType || layer.sourceType === 'NATIVE'
    ? NATIVE_COLUMNS
    : { timeColumn: layer.timeColumn ?? '', intervalEndColumn: layer.intervalEndColumn ?? '', titleColumn: layer.titleColumn ?? '', descriptionColumns: layer.descriptionColumns ?? [] };

/** Drawn series of time-series layers carry this id prefix, so the legend can list them. */
const TIME_SERIES_ID = 'annotation-series:';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** One annotation mark: where it is, its title, and the description lines its tooltip shows. */
function markOf(record: AnnotationRecord, columns: ReturnType<typeof columnsOf>) {
  return {
    start: toEpoch(record[columns.timeColumn]),
    end: toEpoch(record[columns.intervalEndColumn]),
    name: text(record[columns.titleColumn]),
    descriptions: columns.descriptionColumns.map((c) => text(record[c])).filter((d) => d !== ''),
  };
}

/** The tooltip of an event or interval mark: its title, then its descriptions, one a line. */
export function annotationTooltip(params: { data?: { name?: unknown; descriptions?: unknown } }): string {
  const title = text(params.data?.name);
  const descriptions = Array.isArray(params.data?.descriptions) ? params.data.descriptions.map(text) : [];
  return [title ? `<b>${escapeHtml(title)}</b>` : '', ...descriptions.map(escapeHtml)].filter(Boolean).join('<br/>');
}

const lineStyle = (layer: AnnotationLayer) => ({
  color: layer.color ?? '#666666',
  width: layer.width ?? 1.5,
  type: layer.style === 'dotted' ? 'dotted' : layer.style === 'dashed' || layer.style === 'longDashed' ? 'dashed' : 'solid',
});

const shownLayers = (formData: FormData): AnnotationLayer[] =>
  ((Array.isArray(formData.annotation_layers) ? formData.annotation_layers : []) as AnnotationLayer[]).filter((layer) => layer.show !== false);

/**
 * Extra ECharts series for the chart's annotation layers: formulas are computed over the x values; event and
 * interval layers come from the answer's `annotation_data` records (a native layer's columns, or the ones a
 * chart-sourced layer maps), and time-series layers from its `[{key, values}]`.
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
    if (layer.annotationType === 'TIME_SERIES') {
      out.push(...timeSeriesLayer(layer, annotationData[layer.name]));
      continue;
    }
    const payload = annotationData[layer.name] as { records?: AnnotationRecord[] } | AnnotationRecord[] | undefined;
    const records = Array.isArray(payload) ? payload : Array.isArray(payload?.records) ? payload.records : [];
    const marks = records.map((r) => markOf(r, columnsOf(layer))).filter((m) => m.start !== null);
    const tooltip = { trigger: 'item', formatter: annotationTooltip };
    if (layer.annotationType === 'EVENT') {
      out.push({
        name: layer.name,
        type: 'line',
        data: [],
        markLine: {
          symbol: 'none',
          lineStyle: lineStyle(layer),
          label: { show: false },
          tooltip,
          data: marks.map((m) => ({ xAxis: m.start, name: m.name, descriptions: m.descriptions })),
        },
      });
    } else if (layer.annotationType === 'INTERVAL') {
      out.push({
        name: layer.name,
        type: 'line',
        data: [],
        markArea: {
          itemStyle: { color: layer.color ?? '#A1A6BD', opacity: Number(layer.opacity || 0.2) || 0.2 },
          tooltip,
          // An interval without an end column is drawn up to its start, as a thin band.
          data: marks.map((m) => [{ xAxis: m.start, name: m.name, descriptions: m.descriptions }, { xAxis: m.end ?? m.start }]),
        },
      });
    }
  }
  return out;
}

/**
 * The legend entries of the drawn annotation series, after the chart's own series (Superset's
 * extractAnnotationLabels): formula lines are listed, so they can be told apart and toggled like series; event and
 * interval layers are marks on the x axis and stay out, as in Superset; time-series layers are listed by their
 * series' keys, as Superset lists them. A hidden layer (show off) is neither drawn nor listed.
 */
export function annotationLegend(formData: FormData, drawn: readonly Record<string, unknown>[]): string[] {
  const listed = new Set(shownLayers(formData).filter((layer) => layer.annotationType === 'FORMULA').map((layer) => layer.name));
  const isListed = (series: Record<string, unknown>) => listed.has(series.name as string) || String(series.id ?? '').startsWith(TIME_SERIES_ID);
  return [...new Set(drawn.filter(isListed).map((series) => series.name).filter((name): name is string => typeof name === 'string'))];
}

/** A time-series layer: one line per series of the source chart, named by its key as Superset names them. */
function timeSeriesLayer(layer: AnnotationLayer, payload: unknown): Record<string, unknown>[] {
  if (!Array.isArray(payload)) return [];
  const line = lineStyle(layer);
  return (payload as TimeSeriesAnnotation[]).map((series) => {
    const key = text(series.key);
    const points = (series.values ?? []).map((v) => [toEpoch(v.x), typeof v.y === 'number' ? v.y : v.y === null || v.y === undefined ? null : Number(v.y)]);
    return {
      id: `${TIME_SERIES_ID}${layer.name}:${key}`,
      name: key,
      type: 'line',
      showSymbol: false,
      lineStyle: { ...line, color: layer.color ?? undefined, opacity: Number(layer.opacity || 1) || 1 },
      ...(layer.color ? { itemStyle: { color: layer.color } } : {}),
      data: points.filter(([x]) => x !== null),
    };
  });
}
