import { nativeAnnotationLayers, type NativeAnnotationData, type NativeAnnotationLayerRef, type QueryObject } from '@tessera/core';
import type { AppConfig } from '../../app/config.js';
import { ChartQueryRunner, type QueryOutcome } from './chartQueryRunner.js';
import type { ResolvedDatasource } from './datasourceResolver.js';

/** Where native annotation layers are read (the annotation layers module's service). */
export interface NativeAnnotationSource {
  nativeAnnotationData(layers: readonly NativeAnnotationLayerRef[], since: number | null, until: number | null): Promise<Record<string, NativeAnnotationData>>;
}

/**
 * The chart query runner that also fills `annotation_data` for the query's native EVENT and INTERVAL layers
 * (spec §7: annotation data via the chart data endpoint). The records are read after the query ran, for the
 * same time bounds the answer reports, and are cached with the rest of the body, as Superset caches them.
 * A query without such layers costs one empty-array check.
 */
export class NativeAnnotationRunner extends ChartQueryRunner {
  constructor(
    config: AppConfig['charts'],
    private readonly annotations: NativeAnnotationSource,
  ) {
    super(config);
  }

  override async run(ds: ResolvedDatasource, query: QueryObject): Promise<QueryOutcome> {
    const outcome = await super.run(ds, query);
    const layers = nativeAnnotationLayers(query.annotation_layers);
    if (layers.length === 0) return outcome;
    const annotationData = await this.annotations.nativeAnnotationData(layers, outcome.compiled.fromDttm, outcome.compiled.toDttm);
    return { ...outcome, annotationData };
  }
}
