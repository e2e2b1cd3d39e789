import type { ChartDataResult, DashboardJsonMetadata, DataMask, DataMaskState } from '@tessera/core';
import { maskAppliesTo } from './dashboardFormData';

export type IndicatorStatus = 'applied' | 'crossFilterApplied' | 'incompatible';

/** One filter as the chart's filter badge lists it (Superset's Indicator). */
export interface FilterIndicator {
  id: string;
  /** The filter's name, or the emitting chart's name for a cross-filter. */
  name: string;
  column: string;
  value: string;
  status: IndicatorStatus;
}

/** The columns an extraFormData filters, with the time keys under the names the answer reports them by. */
function maskColumns(mask: DataMask): string[] {
  const extra = mask.extraFormData ?? {};
  const columns = (extra.filters ?? []).map((f) => f.col);
  if (extra.time_range) columns.push('__time_range');
  if (extra.granularity_sqla) columns.push('__time_col');
  if (extra.time_grain_sqla) columns.push('__time_grain');
  return columns;
}

const text = (v: unknown): string => (v === null || v === undefined ? '<NULL>' : Array.isArray(v) ? v.map(text).join(', ') : String(v));

/** What a mask's value reads as: its label when it has one, else its values. */
function maskValue(mask: DataMask): string {
  const state = mask.filterState;
  if (typeof state?.label === 'string' && state.label) return state.label;
  const extra = mask.extraFormData ?? {};
  if (extra.time_range) return String(extra.time_range);
  if (extra.time_grain_sqla) return String(extra.time_grain_sqla);
  if (extra.granularity_sqla) return String(extra.granularity_sqla);
  return (extra.filters ?? []).map((f) => text(f.val)).join(', ');
}

const hasEffect = (mask: DataMask) => maskColumns(mask).length > 0;

/**
 * The filters of the chart's badge (Superset's FiltersBadge): every native filter and cross-filter in the chart's
 * scope with a value, applied when the last answer applied its column, incompatible when the answer rejected it
 * (`rejected_filters`, e.g. a column the dataset lacks). Masks the answer does not mention yet count as applied.
 */
export function filterIndicators(
  chartId: number,
  dataMask: DataMaskState,
  metadata: DashboardJsonMetadata,
  chartNames: (id: number) => string,
  answer: Pick<ChartDataResult, 'applied_filters' | 'rejected_filters'> | undefined,
): FilterIndicator[] {
  const rejected = new Set((answer?.rejected_filters ?? []).map((f) => f.column));
  const indicators: FilterIndicator[] = [];
  // Native filters first, then cross-filters (numeric ids, which object order would put first).
  const masks = Object.values(dataMask).sort((a, b) => Number(/^\d+$/.test(a.id)) - Number(/^\d+$/.test(b.id)));
  for (const mask of masks) {
    if (!hasEffect(mask) || !maskAppliesTo(mask.id, chartId, metadata)) continue;
    const isCrossFilter = /^\d+$/.test(mask.id);
    const config = metadata.native_filter_configuration?.find((f) => f.id === mask.id);
    const columns = maskColumns(mask);
    indicators.push({
      id: mask.id,
      name: isCrossFilter ? chartNames(Number(mask.id)) : (config?.name ?? mask.id),
      column: (mask.extraFormData?.filters ?? []).map((f) => f.col).join(', ') || config?.targets?.[0]?.column?.name || '',
      value: maskValue(mask),
      status: columns.some((c) => rejected.has(c)) ? 'incompatible' : isCrossFilter ? 'crossFilterApplied' : 'applied',
    });
  }
  return indicators;
}
