import {
  boundsToTimeRange,
  chartAnnotationLayers,
  FILTER_OPERATORS,
  GENERIC_DATA_TYPE,
  type ChartAnnotationLayerRef,
  type CompiledQuery,
  type Principal,
  type QueryObject,
} from '@tessera/core';
import type { AppConfig } from '../../app/config.js';
import { catalogueError, withTopMessage } from '../../app/httpErrors.js';
import type { CellValue } from '../../connectors/types.js';
import type { ChartFrame } from '../../query-engine/chartFrame.js';
import { SYSTEM_PRINCIPAL } from '../security/systemPrincipal.js';
import type { ChartForDataRow, ChartsForData } from './chartData.routes.js';
import { savedQueryContext } from './chartDataInput.js';
import type { QueryOutcome } from './chartQueryRunner.js';
import type { DatasourceResolver, ResolvedDatasource } from './datasourceResolver.js';
import { NativeAnnotationRunner, type NativeAnnotationSource } from './nativeAnnotationRunner.js';

/** Superset's words for a layer whose source chart cannot be read (QueryObjectValidationError: a 400). */
const invalidLayer = (message: string) => withTopMessage(catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', message));
const NO_CHART = 'The chart does not exist';
const NO_CONTEXT = 'The chart query context does not exist';

/** The source chart ids of every shown chart-sourced annotation layer of these queries, once each. */
const sourceChartIds = (queries: readonly QueryObject[]): number[] => [...new Set(queries.flatMap((q) => chartAnnotationLayers(q.annotation_layers).map((l) => l.chartId)))];

/**
 * The caller must be allowed to see every source chart (the rule of `GET /api/v1/chart/<id>`), else a plain 404.
 * Run before the cache is read: a cached answer carries its annotation data, and whoever warmed it may see more.
 */
export async function checkAnnotationSources(charts: ChartsForData | null, principal: Principal, queries: readonly QueryObject[]): Promise<ChartForDataRow[]> {
  const sources: ChartForDataRow[] = [];
  for (const id of sourceChartIds(queries)) {
    const chart = charts ? await charts.findForData(id) : null;
    if (!chart) throw invalidLayer(NO_CHART);
    await charts!.findVisible(principal, id);
    if (!chart.query_context) throw invalidLayer(NO_CONTEXT);
    sources.push(chart);
  }
  // The source charts, whose datasets' row level security the answer's cache key names.
  return sources;
}

const at = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** The annotated query's time grain: its x-axis's own, else the query's. */
function grainOf(query: QueryObject): string | null {
  const axis = (query.columns ?? []).find((c) => typeof c !== 'string' && c.columnType === 'BASE_AXIS');
  const own = axis && typeof axis !== 'string' ? axis.timeGrain : null;
  return own ?? query.extras?.time_grain_sqla ?? null;
}

/**
 * The source chart's query with the annotated chart's settings the layer overrides: its time range replaces every
 * time range filter, its grain the x-axis's and the query's. A null override means the annotated query's value.
 */
export function overriddenQuery(source: QueryObject, layer: ChartAnnotationLayerRef, annotated: QueryObject, compiled: CompiledQuery): QueryObject {
  // The source's own annotation layers are not drawn here, and a chart annotating itself must not loop.
  let query: QueryObject = { ...source, annotation_layers: [] };
  if ('time_range' in layer.overrides) {
    const range = layer.overrides.time_range ?? boundsToTimeRange({ since: at(compiled.fromDttm), until: at(compiled.toDttm) });
    query = {
      ...query,
      filters: (query.filters ?? []).map((f) => (f.op === FILTER_OPERATORS.TEMPORAL_RANGE ? { ...f, val: range } : f)),
      ...(query.time_range ? { time_range: range } : {}),
    };
  }
  const grain = 'time_grain_sqla' in layer.overrides ? (layer.overrides.time_grain_sqla ?? grainOf(annotated)) : null;
  if (grain) {
    query = {
      ...query,
      extras: { ...query.extras, time_grain_sqla: grain },
      columns: query.columns?.map((c) => (typeof c !== 'string' && c.columnType === 'BASE_AXIS' ? { ...c, timeGrain: grain } : c)),
    };
  }
  return query;
}

/** Cells as JSON can carry them (annotation data is serialized with JSON.stringify). */
function plain(value: CellValue | undefined): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value ?? null;
}

function recordsOf(frame: ChartFrame): Record<string, unknown>[] {
  return Array.from({ length: frame.rowCount }, (_, r) => Object.fromEntries(frame.colnames.map((name, c) => [name, plain(frame.columns[c]![r])])));
}

/**
 * A time-series layer as the chart draws it: `[{key, values: [{x, y}]}]`, x the result's time column (epoch ms),
 * one series per numeric column (each metric, or each metric and group after the source's pivot).
 */
export function timeSeriesOf(frame: ChartFrame): { key: string; values: { x: number; y: unknown }[] }[] {
  const xi = frame.coltypes.indexOf(GENERIC_DATA_TYPE.TEMPORAL);
  if (xi < 0) return [];
  const xs = frame.columns[xi]!;
  return frame.colnames.flatMap((key, c) => {
    if (c === xi || frame.coltypes[c] !== GENERIC_DATA_TYPE.NUMERIC) return [];
    const values = xs.flatMap((x, r) => (typeof x === 'number' ? [{ x, y: plain(frame.columns[c]![r]) }] : []));
    return [{ key, values }];
  });
}

/**
 * The chart query runner that also answers annotation layers read from another saved chart: the source chart's saved
 * query runs (with the layer's overrides) on the source chart's own dataset, which the service checked the caller may
 * see, and its result is `annotation_data[layer name]`: `{records}` for events and intervals (Superset's answer),
 * `[{key, values}]` for time series, so they draw.
 */
export class ChartAnnotationRunner extends NativeAnnotationRunner {
  constructor(
    config: AppConfig['charts'],
    annotations: NativeAnnotationSource,
    private readonly sources: { charts: ChartsForData | null; resolver: DatasourceResolver },
  ) {
    super(config, annotations);
  }

  override async run(ds: ResolvedDatasource, query: QueryObject): Promise<QueryOutcome> {
    const outcome = await super.run(ds, query);
    const layers = chartAnnotationLayers(query.annotation_layers);
    if (layers.length === 0) return outcome;
    const data: Record<string, unknown> = { ...outcome.annotationData };
    for (const layer of layers) data[layer.name] = await this.layerData(layer, query, outcome.compiled, ds.viewer);
    return { ...outcome, annotationData: data };
  }

  private async layerData(layer: ChartAnnotationLayerRef, annotated: QueryObject, compiled: CompiledQuery, viewer: Principal): Promise<unknown> {
    const chart = this.sources.charts ? await this.sources.charts.findForData(layer.chartId) : null;
    if (!chart) throw invalidLayer(NO_CHART);
    if (!chart.query_context) throw invalidLayer(NO_CONTEXT);
    const source = savedQueryContext(chart.query_context).queries[0];
    if (!source) return layer.annotationType === 'TIME_SERIES' ? [] : { records: [] };
    // The chart's own dataset (whatever its saved context names): the one the caller's access was checked against,
    // read under the caller's row level security (the caller of the annotated query is its datasource's viewer).
    const ds = await this.sources.resolver.resolve(SYSTEM_PRINCIPAL, chart.datasource_type, chart.datasource_id, viewer);
    const { frame } = await super.run(ds, overriddenQuery(source, layer, annotated, compiled));
    return layer.annotationType === 'TIME_SERIES' ? timeSeriesOf(frame) : { records: recordsOf(frame) };
  }
}
