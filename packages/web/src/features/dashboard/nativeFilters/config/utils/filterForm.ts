import {
  chartsInScope,
  defaultFilterScope,
  tabsInScope,
  type AdhocFilter,
  type DashboardLayout,
  type DataMask,
  type FilterScope,
  type NativeFilterConfig,
} from '@tessera/core';
import { filterTypeInfo, type FilterTypeName } from './filterTypes';

export type DefaultDataMask = Required<Omit<DataMask, 'id'>>;

/** What the config modal edits for one native filter (the stored shape is built on save, formToConfig). */
export interface FilterForm {
  kind: 'filter';
  id: string;
  name: string;
  filterType: FilterTypeName;
  datasetId: number | null;
  column: string | null;
  controlValues: Record<string, unknown>;
  hasDefaultValue: boolean;
  defaultDataMask: DefaultDataMask;
  /** "Pre-filter available values". */
  preFilter: boolean;
  adhocFilters: AdhocFilter[];
  timeRange: string | null;
  granularitySqla: string | null;
  /** "Sort filter values" is checked (sortAscending then says the direction). */
  sorted: boolean;
  sortMetric: string | null;
  /** "Filter is hierarchical". */
  hierarchical: boolean;
  cascadeParentIds: string[];
  description: string;
  scopeMode: 'all' | 'specific';
  scope: FilterScope;
  /** Stored keys the form does not edit, written back unchanged. */
  rest: Record<string, unknown>;
}

export interface DividerForm {
  kind: 'divider';
  id: string;
  title: string;
  description: string;
  rest: Record<string, unknown>;
}

export type ConfigItemForm = FilterForm | DividerForm;

export const emptyDataMask = (): DefaultDataMask => ({ extraFormData: {}, filterState: {}, ownState: {} });

const hasValue = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

const isRootScope = (scope: FilterScope) => scope.rootPath.length === 1 && scope.rootPath[0] === defaultFilterScope().rootPath[0] && scope.excluded.length === 0;

export function newFilterForm(id: string): FilterForm {
  return {
    kind: 'filter',
    id,
    name: '',
    filterType: 'filter_select',
    datasetId: null,
    column: null,
    controlValues: { ...filterTypeInfo('filter_select').defaults },
    hasDefaultValue: false,
    defaultDataMask: emptyDataMask(),
    preFilter: false,
    adhocFilters: [],
    timeRange: null,
    granularitySqla: null,
    sorted: true,
    sortMetric: null,
    hierarchical: false,
    cascadeParentIds: [],
    description: '',
    scopeMode: 'all',
    scope: defaultFilterScope(),
    rest: {},
  };
}

export function newDividerForm(id: string): DividerForm {
  return { kind: 'divider', id, title: '', description: '', rest: {} };
}

const FILTER_KEYS = new Set([
  'id', 'type', 'name', 'filterType', 'targets', 'controlValues', 'defaultDataMask', 'cascadeParentIds', 'scope', 'chartsInScope',
  'tabsInScope', 'description', 'adhoc_filters', 'time_range', 'granularity_sqla', 'sortMetric', 'requiredFirst',
]);
const DIVIDER_KEYS = new Set(['id', 'type', 'title', 'description']);

const restOf = (config: NativeFilterConfig, known: Set<string>) => Object.fromEntries(Object.entries(config).filter(([k]) => !known.has(k)));

/** A stored filter or divider as the form edits it. */
export function configToForm(config: NativeFilterConfig): ConfigItemForm {
  if (config.type === 'DIVIDER') {
    return { kind: 'divider', id: config.id, title: config.title ?? '', description: config.description ?? '', rest: restOf(config, DIVIDER_KEYS) };
  }
  const info = filterTypeInfo(config.filterType);
  const target = config.targets?.[0];
  const mask = config.defaultDataMask;
  const adhocFilters = Array.isArray(config.adhoc_filters) ? (config.adhoc_filters as AdhocFilter[]) : [];
  const timeRange = typeof config.time_range === 'string' ? config.time_range : null;
  const controlValues = { ...info.defaults, ...(config.controlValues ?? {}) };
  const scope = config.scope ?? defaultFilterScope();
  return {
    kind: 'filter',
    id: config.id,
    name: config.name ?? '',
    filterType: info.value,
    datasetId: typeof target?.datasetId === 'number' ? target.datasetId : null,
    column: target?.column?.name ?? null,
    controlValues,
    hasDefaultValue: hasValue(mask?.filterState?.value),
    defaultDataMask: { extraFormData: mask?.extraFormData ?? {}, filterState: mask?.filterState ?? {}, ownState: mask?.ownState ?? {} },
    preFilter: adhocFilters.length > 0 || (timeRange !== null && timeRange !== 'No filter'),
    adhocFilters,
    timeRange,
    granularitySqla: typeof config.granularity_sqla === 'string' ? config.granularity_sqla : null,
    sorted: typeof controlValues.sortAscending === 'boolean',
    sortMetric: typeof config.sortMetric === 'string' ? config.sortMetric : null,
    hierarchical: (config.cascadeParentIds ?? []).length > 0,
    cascadeParentIds: [...(config.cascadeParentIds ?? [])],
    description: config.description ?? '',
    scopeMode: isRootScope(scope) ? 'all' : 'specific',
    scope,
    rest: restOf(config, FILTER_KEYS),
  };
}

/** The control values the stored filter keeps: the type's own, with sorting dropped when "Sort filter values" is off. */
function savedControlValues(form: FilterForm): Record<string, unknown> {
  const known = Object.keys(filterTypeInfo(form.filterType).defaults);
  const values = Object.fromEntries(Object.entries(form.controlValues).filter(([k]) => known.includes(k) || k === 'enableSingleValue'));
  if (form.filterType === 'filter_select' && !form.sorted) delete values.sortAscending;
  return values;
}

/** The stored shape of a filter or divider (facts §4.1); the scope's charts and tabs come from `layout`. */
export function formToConfig(form: ConfigItemForm, layout: DashboardLayout): NativeFilterConfig {
  if (form.kind === 'divider') {
    return { ...form.rest, id: form.id, type: 'DIVIDER', title: form.title.trim(), description: form.description.trim() };
  }
  const info = filterTypeInfo(form.filterType);
  const scope = form.scopeMode === 'all' ? defaultFilterScope() : form.scope;
  const controlValues = savedControlValues(form);
  const target: NonNullable<NativeFilterConfig['targets']>[number] = {};
  if (info.hasDataset && form.datasetId !== null) target.datasetId = form.datasetId;
  if (info.hasColumn && form.column) target.column = { name: form.column };
  const config: NativeFilterConfig = {
    ...form.rest,
    id: form.id,
    type: 'NATIVE_FILTER',
    name: form.name.trim(),
    filterType: form.filterType,
    targets: [target],
    controlValues,
    defaultDataMask: form.hasDefaultValue ? form.defaultDataMask : emptyDataMask(),
    cascadeParentIds: form.hierarchical && info.canBeChild ? [...form.cascadeParentIds] : [],
    scope,
    chartsInScope: chartsInScope(layout, scope),
    tabsInScope: tabsInScope(layout, scope),
    description: form.description.trim(),
    // A filter that must have a value holds back the charts in its scope until it has one (Superset's requiredFirst).
    requiredFirst: Boolean(controlValues.enableEmptyFilter) || Boolean(controlValues.defaultToFirstItem),
  };
  if (info.hasDataset) {
    config.adhoc_filters = form.preFilter ? form.adhocFilters : [];
    if (form.preFilter && form.timeRange) config.time_range = form.timeRange;
    if (form.preFilter && form.granularitySqla) config.granularity_sqla = form.granularitySqla;
  }
  if (form.filterType === 'filter_select' && form.sorted && form.sortMetric) config.sortMetric = form.sortMetric;
  return config;
}

/** A copy of a filter under a new id (Superset's "Duplicate"): same settings, no parents of its own copy. */
export function duplicateForm(form: ConfigItemForm, newId: string): ConfigItemForm {
  const copy = structuredClone(form);
  copy.id = newId;
  if (copy.kind === 'filter') copy.name = copy.name ? `${copy.name} (copy)` : '';
  return copy;
}

/** A filter whose type changed: the new type's control values, no default value, and a column only if it still fits. */
export function withFilterType(form: FilterForm, filterType: FilterTypeName): FilterForm {
  const info = filterTypeInfo(filterType);
  return {
    ...form,
    filterType,
    controlValues: { ...info.defaults },
    hasDefaultValue: false,
    defaultDataMask: emptyDataMask(),
    datasetId: info.hasDataset ? form.datasetId : null,
    column: info.hasColumn && form.filterType === 'filter_select' && filterType === 'filter_select' ? form.column : null,
    hierarchical: info.canBeChild ? form.hierarchical : false,
    cascadeParentIds: info.canBeChild ? form.cascadeParentIds : [],
  };
}
