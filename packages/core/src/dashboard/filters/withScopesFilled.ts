import type { FilterScope, NativeFilterConfig } from '../jsonMetadata.js';
import type { DashboardLayout } from '../layoutTypes.js';
import { chartsInScope, crossFilterChartsInScope, tabsInScope } from './filterScope.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScope = (v: unknown): v is FilterScope => isRecord(v) && Array.isArray(v.rootPath) && Array.isArray(v.excluded);

/**
 * Fills `chartsInScope` and `tabsInScope` of native filters from their `scope`, and the charts in scope of the
 * cross-filter configurations (per chart and global), over the dashboard's layout: API clients that send only
 * scopes get working filters, and the saved lists always match the layout. Without a layout nothing changes.
 */
export function withScopesFilled<T extends Record<string, unknown>>(metadata: T, layout: DashboardLayout | null): T {
  if (!layout) return metadata;
  const md: Record<string, unknown> = { ...metadata };
  if (Array.isArray(md.native_filter_configuration)) {
    md.native_filter_configuration = (md.native_filter_configuration as NativeFilterConfig[]).map((f) =>
      f.type === 'NATIVE_FILTER' && isScope(f.scope) ? { ...f, chartsInScope: chartsInScope(layout, f.scope), tabsInScope: tabsInScope(layout, f.scope) } : f,
    );
  }
  const global = isRecord(md.global_chart_configuration) && isScope(md.global_chart_configuration.scope) ? md.global_chart_configuration.scope : null;
  if (global) md.global_chart_configuration = { ...(md.global_chart_configuration as Record<string, unknown>), chartsInScope: chartsInScope(layout, global) };
  if (isRecord(md.chart_configuration)) {
    const globalCharts = global ? chartsInScope(layout, global) : null;
    md.chart_configuration = Object.fromEntries(
      Object.entries(md.chart_configuration).map(([key, config]) => {
        const chartId = Number(key);
        const cross = isRecord(config) && isRecord(config.crossFilters) ? config.crossFilters : null;
        if (!cross || !Number.isInteger(chartId)) return [key, config];
        let charts: number[] | null = null;
        if (isScope(cross.scope)) charts = crossFilterChartsInScope(layout, chartId, cross.scope);
        else if (cross.scope === 'global' && globalCharts) charts = globalCharts.filter((id) => id !== chartId);
        return [key, charts ? { ...(config as Record<string, unknown>), crossFilters: { ...cross, chartsInScope: charts } } : config];
      }),
    );
  }
  return md as T;
}
