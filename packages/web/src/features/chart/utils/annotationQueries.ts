import { chartAnnotationLayers, nativeAnnotationLayers, type ChartDataResult, type FormData } from '@tessera/core';
import type { ClientErrorObject } from '../../errors';
import type { ChartRuntimeState } from '../state/chartRuntimeSlice';
import { getChartPlugin } from './pluginRegistry';

/** Spec §4 annotation query status, per annotation layer. */
export type AnnotationQueryStatus = 'started' | 'success' | 'failed';

/** Spec §3 chart runtime state's annotation part, keyed by the layer's form-data name. */
export interface AnnotationQueries {
  annotationQuery: Record<string, AnnotationQueryStatus>;
  annotationData: Record<string, unknown>;
  annotationError: Record<string, string>;
}

export const ANNOTATION_MESSAGES = {
  timeout: 'Query timeout',
  notFound: 'The annotation layer was not found',
} as const;

const TIMEOUT_TYPES = new Set(['FRONTEND_TIMEOUT_ERROR', 'BACKEND_TIMEOUT_ERROR', 'SQLLAB_TIMEOUT_ERROR']);

function isTimeout(error: ClientErrorObject): boolean {
  if (error.status === 408 || error.status === 504 || error.statusText === 'timeout') return true;
  return (error.errors ?? []).some((entry) => TIMEOUT_TYPES.has(entry.error_type));
}

/**
 * The annotation layers whose data a chart's query asks the server for (native layers and layers reading
 * another chart): the plugin decides what is sent, so a chart type without annotations never waits for any.
 */
export function serverLayerNames(formData: FormData | null): string[] {
  if (!formData) return [];
  const plugin = getChartPlugin(formData.viz_type);
  if (!plugin) return [];
  try {
    const { queries } = plugin.buildQuery(formData);
    const layersOf = (layers: readonly unknown[] | null | undefined) => [...nativeAnnotationLayers(layers), ...chartAnnotationLayers(layers)];
    return [...new Set(queries.flatMap((q) => layersOf(q.annotation_layers).map((layer) => layer.name)))];
  } catch {
    // A form data the plugin cannot build fails the chart itself; there is no annotation query to follow.
    return [];
  }
}

function fromAnswer(names: readonly string[], answer: readonly ChartDataResult[]): AnnotationQueries {
  const out: AnnotationQueries = { annotationQuery: {}, annotationData: {}, annotationError: {} };
  for (const name of names) {
    const found = answer.find((result) => result.annotation_data && name in result.annotation_data);
    if (found) {
      out.annotationQuery[name] = 'success';
      out.annotationData[name] = found.annotation_data[name];
    } else {
      // The server leaves a layer out when it no longer exists.
      out.annotationQuery[name] = 'failed';
      out.annotationError[name] = ANNOTATION_MESSAGES.notFound;
    }
  }
  return out;
}

/**
 * Spec §4 annotation query states, derived from the chart run that carries them (annotation data comes with
 * the chart data answer, spec §7): started while the chart loads; then success or failed per layer. When the
 * query itself fails, a 'no data' error counts as success and a timeout reads 'Query timeout'; an abort
 * (a stopped chart) is ignored, so the layers stay started.
 */
export function annotationQueries(state: ChartRuntimeState, names: readonly string[]): AnnotationQueries {
  const out: AnnotationQueries = { annotationQuery: {}, annotationData: {}, annotationError: {} };
  if (names.length === 0 || state.chartStatus === null) return out;
  if (state.chartStatus === 'loading' || state.chartStatus === 'stopped') {
    for (const name of names) out.annotationQuery[name] = 'started';
    return out;
  }
  const answer = state.queriesResponse ?? [];
  // Drawn, or failed while drawing: the answer is there either way.
  if (state.chartStatus !== 'failed' || (answer.length > 0 && answer.every((q) => q.status !== 'failed' && !q.error))) return fromAnswer(names, answer);
  const error = state.chartError ?? { error: state.chartAlert ?? 'An error occurred' };
  for (const name of names) {
    if (isTimeout(error)) {
      out.annotationQuery[name] = 'failed';
      out.annotationError[name] = ANNOTATION_MESSAGES.timeout;
    } else if (error.error.toLowerCase().includes('no data')) {
      out.annotationQuery[name] = 'success';
      out.annotationData[name] = { records: [] };
    } else {
      out.annotationQuery[name] = 'failed';
      out.annotationError[name] = error.error;
    }
  }
  return out;
}
