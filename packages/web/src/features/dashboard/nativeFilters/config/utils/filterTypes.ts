import { GENERIC_DATA_TYPE } from '@tessera/core';

export type FilterTypeName = 'filter_select' | 'filter_range' | 'filter_time' | 'filter_timecolumn' | 'filter_timegrain';

/** The dataset column facts the column choices depend on. */
export interface FilterColumnMeta {
  column_name: string;
  type_generic: number | null;
  is_dttm: boolean;
  filterable?: boolean;
  verbose_name?: string | null;
}

export interface FilterTypeInfo {
  value: FilterTypeName;
  label: string;
  /** The filter reads a dataset (its options, bounds, columns or grains). */
  hasDataset: boolean;
  /** A dataset must be chosen (a time grain filter may do without: it then offers every grain). */
  datasetRequired: boolean;
  /** The filter targets one column of that dataset. */
  hasColumn: boolean;
  /** The filter's options can narrow by parent filters (cascading). */
  canBeChild: boolean;
  /** Control values a new filter of this type starts with (facts §4.1). */
  defaults: Record<string, unknown>;
}

/** Superset's filter types, in the order of its "Filter Type" select. */
export const FILTER_TYPES: readonly FilterTypeInfo[] = [
  {
    value: 'filter_select',
    label: 'Value',
    hasDataset: true,
    datasetRequired: true,
    hasColumn: true,
    canBeChild: true,
    defaults: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
      sortAscending: true,
      creatable: true,
    },
  },
  {
    value: 'filter_range',
    label: 'Numerical range',
    hasDataset: true,
    datasetRequired: true,
    hasColumn: true,
    canBeChild: true,
    defaults: { enableEmptyFilter: false, rangeDisplayMode: 'slider-and-input' },
  },
  { value: 'filter_time', label: 'Time range', hasDataset: false, datasetRequired: false, hasColumn: false, canBeChild: false, defaults: { enableEmptyFilter: false } },
  { value: 'filter_timecolumn', label: 'Time column', hasDataset: true, datasetRequired: true, hasColumn: false, canBeChild: false, defaults: { enableEmptyFilter: false } },
  { value: 'filter_timegrain', label: 'Time grain', hasDataset: true, datasetRequired: false, hasColumn: false, canBeChild: false, defaults: { enableEmptyFilter: false } },
];

export function filterTypeInfo(type: string | undefined): FilterTypeInfo {
  return FILTER_TYPES.find((t) => t.value === type) ?? FILTER_TYPES[0]!;
}

/** The columns a filter type may target: filterable ones; numeric ones for a numerical range. */
export function columnsForType(type: FilterTypeName, columns: readonly FilterColumnMeta[]): FilterColumnMeta[] {
  const filterable = columns.filter((c) => c.filterable !== false);
  if (type === 'filter_range') return filterable.filter((c) => c.type_generic === GENERIC_DATA_TYPE.NUMERIC);
  if (type === 'filter_select') return filterable;
  return [];
}

/** Temporal columns (the pre-filter's time column choices). */
export function temporalColumns(columns: readonly FilterColumnMeta[]): FilterColumnMeta[] {
  return columns.filter((c) => c.is_dttm || c.type_generic === GENERIC_DATA_TYPE.TEMPORAL);
}
