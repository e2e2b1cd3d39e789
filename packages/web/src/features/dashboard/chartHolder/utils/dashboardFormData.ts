import { mergeExtraFormData, type DashboardJsonMetadata, type DataMaskState, type ExtraFormData, type FormData } from '@tessera/core';

/**
 * Whether a data mask applies to a chart. Native filters carry `chartsInScope` in their configuration and
 * cross-filters (masks keyed by the emitting chart's id) in `chart_configuration` or the global configuration;
 * a chart never filters itself. A mask with no scope information applies to every chart, so masks the filters
 * issue adds before it fills the scopes still reach their charts.
 */
export function maskAppliesTo(maskId: string, chartId: number, metadata: DashboardJsonMetadata): boolean {
  const filter = metadata.native_filter_configuration?.find((f) => f.id === maskId);
  if (filter) return Array.isArray(filter.chartsInScope) ? filter.chartsInScope.includes(chartId) : true;
  if (/^\d+$/.test(maskId)) {
    if (Number(maskId) === chartId) return false;
    // A dashboard with cross-filtering switched off ignores the masks charts emitted before.
    if (metadata.cross_filters_enabled === false) return false;
    const own = metadata.chart_configuration?.[maskId]?.crossFilters;
    const inScope = own?.scope === 'global' || !own ? metadata.global_chart_configuration?.chartsInScope : own.chartsInScope;
    return Array.isArray(inScope) ? inScope.includes(chartId) : true;
  }
  return true;
}

/** The extra form data of every mask in scope of the chart, merged after the chart's own. */
export function extraFormDataFor(chartId: number, ownExtra: unknown, dataMask: DataMaskState, metadata: DashboardJsonMetadata): ExtraFormData {
  // Native filters first, then cross-filters (numeric ids, which object order would put first), as Superset merges them.
  const isCrossFilter = (id: string) => /^\d+$/.test(id);
  const ordered = [...Object.values(dataMask).filter((m) => !isCrossFilter(m.id)), ...Object.values(dataMask).filter((m) => isCrossFilter(m.id))];
  const parts = ordered
    .filter((mask) => mask.extraFormData && maskAppliesTo(mask.id, chartId, metadata))
    .map((mask) => mask.extraFormData);
  const own = ownExtra && typeof ownExtra === 'object' && !Array.isArray(ownExtra) ? (ownExtra as ExtraFormData) : undefined;
  return mergeExtraFormData(own, ...parts);
}

/** The form data a dashboard chart queries with: its saved form data and the filters in its scope. */
export function dashboardQueryFormData(
  chartId: number,
  saved: Record<string, unknown>,
  dataMask: DataMaskState,
  metadata: DashboardJsonMetadata,
): FormData {
  const extra = extraFormDataFor(chartId, saved.extra_form_data, dataMask, metadata);
  const formData = { ...saved, slice_id: chartId } as FormData;
  return Object.keys(extra).length > 0 ? { ...formData, extra_form_data: extra } : formData;
}

/**
 * What the chart draws with (render-only keys, no new query): the dashboard's colour scheme over the chart's,
 * the dashboard's label colours over the chart's, and the dashboard id, which makes the plugins share one
 * label -> colour index with the dashboard's other charts (viz/colors getDashboardColorScale).
 */
export function dashboardRenderFormData(queryFormData: FormData, dashboardId: number | null, metadata: DashboardJsonMetadata): FormData {
  const ownLabels = queryFormData.label_colors && typeof queryFormData.label_colors === 'object' ? (queryFormData.label_colors as Record<string, string>) : {};
  return {
    ...queryFormData,
    ...(metadata.color_scheme ? { color_scheme: metadata.color_scheme } : {}),
    label_colors: { ...ownLabels, ...(metadata.label_colors ?? {}) },
    ...(dashboardId !== null ? { dashboardId } : {}),
  };
}
