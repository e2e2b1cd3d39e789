import type { DataMask } from './dataMask.js';

/** The parsed `json_metadata` of a dashboard (facts §4.4, Superset's DashboardJSONMetadataSchema). */
export interface DashboardJsonMetadata {
  native_filter_configuration?: NativeFilterConfig[];
  chart_configuration?: Record<string, ChartConfiguration>;
  global_chart_configuration?: { scope: FilterScope; chartsInScope: number[] };
  cross_filters_enabled?: boolean;
  timed_refresh_immune_slices?: number[];
  filter_scopes?: Record<string, unknown>;
  expanded_slices?: Record<string, boolean>;
  refresh_frequency?: number;
  default_filters?: string;
  stagger_refresh?: boolean;
  stagger_time?: number;
  color_scheme?: string | null;
  color_namespace?: string | null;
  label_colors?: Record<string, string>;
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  color_scheme_domain?: string[];
  positions?: Record<string, unknown>;
  filter_bar_orientation?: 'VERTICAL' | 'HORIZONTAL';
  native_filter_migration?: Record<string, unknown>;
  import_time?: number;
  remote_id?: number;
  [key: string]: unknown;
}

export interface FilterScope {
  rootPath: string[];
  excluded: number[];
}

export interface ChartConfiguration {
  id: number;
  crossFilters: { scope: 'global' | FilterScope; chartsInScope?: number[] };
}

/** A native filter or divider in `native_filter_configuration` (facts §4.1); the filters issue fills in the behaviour. */
export interface NativeFilterConfig {
  id: string;
  type: 'NATIVE_FILTER' | 'DIVIDER';
  name?: string;
  title?: string;
  description?: string;
  filterType?: string;
  targets?: { datasetId?: number; datasetUuid?: string; column?: { name: string } }[];
  controlValues?: Record<string, unknown>;
  defaultDataMask?: Omit<DataMask, 'id'>;
  cascadeParentIds?: string[];
  scope?: FilterScope;
  chartsInScope?: number[];
  tabsInScope?: string[];
  [key: string]: unknown;
}

/** Reads `json_metadata` text; empty or invalid text gives `{}` (the server validates on write). */
export function parseJsonMetadata(text: string | null | undefined): DashboardJsonMetadata {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DashboardJsonMetadata) : {};
  } catch {
    return {};
  }
}
