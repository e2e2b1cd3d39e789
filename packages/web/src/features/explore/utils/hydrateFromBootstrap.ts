import { CHART_CONSTANTS, type FormData } from '@tessera/core';
import type { ExploreBootstrap } from '../../../api/exploreApi';
import type { ChartPlugin, ExploreDatasource } from '../../../viz/types';
import type { ExplorePermissions, hydrate } from '../state/exploreSlice';
import { migrateLegacyFormData } from '../../../viz/legacyFormData';
import { flattenControls, initialFormData, validateFormData } from './controls';

/** The dataset of a bootstrap as the explorer holds it (uid and name filled in when the server left them out). */
export function toExploreDatasource(dataset: ExploreBootstrap['dataset']): ExploreDatasource {
  const type = dataset.type ?? 'table';
  const name = dataset.name ?? (dataset as { table_name?: string }).table_name ?? `${dataset.id}`;
  return { ...dataset, type, uid: dataset.uid ?? `${dataset.id}__${type}`, name, columns: dataset.columns ?? [], metrics: dataset.metrics ?? [] };
}

/**
 * The hydrate payload for a bootstrap answer: the form data (viz type from the address when given), the plugin's
 * controls and whether to run right away (only when no control blocks it).
 */
export function hydratePayload(
  bootstrap: ExploreBootstrap,
  options: {
    vizType?: string | undefined;
    force: boolean;
    permissions: ExplorePermissions;
    getPlugin: (vizType: string) => ChartPlugin | undefined;
    /** Used when the requested viz type has no plugin. */
    fallbackVizType?: string;
    /** Controls an old `?form_data={...}` link carries, laid over the bootstrap's. */
    formDataOverlay?: FormData | undefined;
  },
): Parameters<typeof hydrate>[0] {
  const datasource = toExploreDatasource(bootstrap.dataset);
  const requested = options.vizType ?? bootstrap.form_data?.viz_type ?? CHART_CONSTANTS.DEFAULT_VIZ_TYPE;
  const plugin = options.getPlugin(requested) ?? options.getPlugin(options.fallbackVizType ?? CHART_CONSTANTS.DEFAULT_VIZ_TYPE);
  // Legacy viz types resolve to their current plugin.
  const vizType = plugin?.metadata.vizType ?? requested;
  const controls = flattenControls(plugin?.controlPanel);
  // A legacy chart's form data is read in its current plugin's keys before it takes that plugin's viz type.
  const saved = migrateLegacyFormData({ ...bootstrap.form_data, ...options.formDataOverlay, viz_type: requested } as FormData);
  const formData: FormData = { ...saved, datasource: bootstrap.form_data?.datasource || datasource.uid, viz_type: vizType };
  if (bootstrap.slice) formData.slice_id = bootstrap.slice.slice_id;
  const withAll = initialFormData(formData, controls, datasource);
  const errors = validateFormData(withAll, controls, datasource);
  return {
    formData,
    datasource,
    slice: bootstrap.slice,
    controls,
    transferable: plugin?.controlPanel.transferable ?? [],
    permissions: options.permissions,
    force: options.force,
    run: Object.keys(errors).length === 0,
  };
}
