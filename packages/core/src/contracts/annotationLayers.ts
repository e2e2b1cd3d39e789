import { z } from 'zod';
import type { UserRef } from './sqllabState.js';

/**
 * Native annotation layers (Superset's `/api/v1/annotation_layer/` and its `/annotation/` sub-resource) and
 * how a chart's form data names them (spec §3 "Annotation layer": name, sourceType, value, overrides).
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An annotation time as stored and answered: naive UTC `YYYY-MM-DDTHH:MM:SS` (Superset keeps naive datetimes).
 * A time with an offset is converted to UTC first. null when the text is not a real date and time.
 */
export function normalizeAnnotationTime(text: string): string | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = m;
  const naive = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(naive);
  // Date.UTC rolls 2024-02-31 over to March; a rolled-over date was not a real one.
  if (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return null;
  }
  let ms = naive;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  const iso = new Date(ms).toISOString();
  return /^\d{4}-/.test(iso) ? iso.slice(0, 19) : null;
}

/** Epoch ms of a stored naive UTC annotation time (chart data answers carry times as epoch ms). */
export const annotationTimeToEpoch = (stored: string): number => Date.parse(`${stored}Z`);

const annotationTime = z.string().transform((value, ctx) => {
  const normalized = normalizeAnnotationTime(value);
  if (normalized === null) {
    ctx.addIssue({ code: 'custom', message: 'Not a valid datetime.' });
    return z.NEVER;
  }
  return normalized;
});

const jsonText = z
  .string()
  .nullish()
  .refine((v) => {
    if (v === null || v === undefined || v === '') return true;
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  }, 'JSON not valid');

const layerName = z.string().trim().min(1, 'Length must be between 1 and 250.').max(250, 'Length must be between 1 and 250.');

export const annotationLayerCreateSchema = z.object({ name: layerName, descr: z.string().nullish() });
export type AnnotationLayerCreate = z.infer<typeof annotationLayerCreateSchema>;

export const annotationLayerUpdateSchema = z.object({ name: layerName.optional(), descr: z.string().nullish() });
export type AnnotationLayerUpdate = z.infer<typeof annotationLayerUpdateSchema>;

const shortDescr = z.string().trim().min(1, 'Length must be between 1 and 500.').max(500, 'Length must be between 1 and 500.');

export const annotationCreateSchema = z.object({
  short_descr: shortDescr,
  long_descr: z.string().nullish(),
  start_dttm: annotationTime,
  end_dttm: annotationTime,
  json_metadata: jsonText,
});
export type AnnotationCreate = z.infer<typeof annotationCreateSchema>;

export const annotationUpdateSchema = z.object({
  short_descr: shortDescr.optional(),
  long_descr: z.string().nullish(),
  start_dttm: annotationTime.optional(),
  end_dttm: annotationTime.optional(),
  json_metadata: jsonText,
});
export type AnnotationUpdate = z.infer<typeof annotationUpdateSchema>;

export interface AnnotationLayerShow {
  id: number;
  name: string;
  descr: string | null;
}

export interface AnnotationLayerListItem extends AnnotationLayerShow {
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
}

export interface AnnotationShow {
  id: number;
  short_descr: string;
  long_descr: string | null;
  /** Naive UTC `YYYY-MM-DDTHH:MM:SS`. */
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  layer: { id: number; name: string };
}

export interface AnnotationListItem extends Omit<AnnotationShow, 'layer'> {
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
}

/** A form-data annotation layer whose records come from a native layer through the chart data endpoint. */
export interface NativeAnnotationLayerRef {
  /** The layer's name in the form data: the key of `annotation_data`. */
  name: string;
  /** The native annotation layer's id (the form data's `value`). */
  layerId: number;
  annotationType: 'EVENT' | 'INTERVAL';
}

/** One annotation in a chart data answer; times are epoch ms like every other time there. */
export interface NativeAnnotationRecord {
  start_dttm: number;
  end_dttm: number;
  short_descr: string;
  long_descr: string | null;
  json_metadata: string | null;
}

/** `annotation_data[layer name]` for a native layer (Superset's `{columns, records}`). */
export interface NativeAnnotationData {
  columns: string[];
  records: NativeAnnotationRecord[];
}

export const NATIVE_ANNOTATION_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'] as const;

const layerIdOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The shown EVENT and INTERVAL layers of `annotation_layers` that read a native layer. Formula layers are
 * computed by the chart itself, and hidden layers draw nothing, so neither needs data from the server.
 */
export function nativeAnnotationLayers(layers: readonly unknown[] | null | undefined): NativeAnnotationLayerRef[] {
  const out: NativeAnnotationLayerRef[] = [];
  for (const raw of layers ?? []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const layer = raw as Record<string, unknown>;
    if (layer.sourceType !== 'NATIVE' || layer.show === false) continue;
    if (layer.annotationType !== 'EVENT' && layer.annotationType !== 'INTERVAL') continue;
    const layerId = layerIdOf(layer.value);
    if (typeof layer.name !== 'string' || layer.name === '' || layerId === null) continue;
    out.push({ name: layer.name, layerId, annotationType: layer.annotationType });
  }
  return out;
}

/** The layer types a chart of each viz type can feed (Superset's `canBeAnnotationTypes` of its chart plugins). */
export type ChartAnnotationType = 'EVENT' | 'INTERVAL' | 'TIME_SERIES';
const TIMESERIES_SOURCE: readonly ChartAnnotationType[] = ['EVENT', 'INTERVAL', 'TIME_SERIES'];
export const CHART_ANNOTATION_SOURCES: Readonly<Record<string, readonly ChartAnnotationType[]>> = {
  table: ['EVENT', 'INTERVAL'],
  echarts_timeseries: TIMESERIES_SOURCE,
  echarts_timeseries_line: TIMESERIES_SOURCE,
  echarts_timeseries_smooth: TIMESERIES_SOURCE,
  echarts_timeseries_step: TIMESERIES_SOURCE,
  echarts_timeseries_bar: TIMESERIES_SOURCE,
  echarts_timeseries_scatter: TIMESERIES_SOURCE,
  echarts_area: TIMESERIES_SOURCE,
};

/** The annotated chart's settings a chart-sourced layer may impose on its source chart; null: the annotated chart's own value. */
export interface ChartAnnotationOverrides {
  time_range?: string | null;
  time_grain_sqla?: string | null;
}

/** A form-data annotation layer whose data is another saved chart's result (`sourceType` = its viz type, `value` = its id). */
export interface ChartAnnotationLayerRef {
  name: string;
  chartId: number;
  annotationType: ChartAnnotationType;
  overrides: ChartAnnotationOverrides;
}

function overridesOf(raw: unknown): ChartAnnotationOverrides {
  const out: ChartAnnotationOverrides = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const key of ['time_range', 'time_grain_sqla'] as const) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = (raw as Record<string, unknown>)[key];
    // Only a text is a value of its own; anything else asks for the annotated chart's (Superset's UI stores null).
    out[key] = typeof value === 'string' && value.trim() !== '' ? value : null;
  }
  return out;
}

/**
 * The shown EVENT, INTERVAL and TIME_SERIES layers of `annotation_layers` that read a saved chart: every source
 * but the native one (the source chart's own viz type decides what it answers, as in Superset's processor).
 */
export function chartAnnotationLayers(layers: readonly unknown[] | null | undefined): ChartAnnotationLayerRef[] {
  const out: ChartAnnotationLayerRef[] = [];
  for (const raw of layers ?? []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const layer = raw as Record<string, unknown>;
    if (typeof layer.sourceType !== 'string' || layer.sourceType === '' || layer.sourceType === 'NATIVE' || layer.show === false) continue;
    if (layer.annotationType !== 'EVENT' && layer.annotationType !== 'INTERVAL' && layer.annotationType !== 'TIME_SERIES') continue;
    const chartId = layerIdOf(layer.value);
    if (typeof layer.name !== 'string' || layer.name === '' || chartId === null) continue;
    out.push({ name: layer.name, chartId, annotationType: layer.annotationType, overrides: overridesOf(layer.overrides) });
  }
  return out;
}
